/**
 * Emails: the outbox every domain writes to, the worker that delivers it (when SMTP_URL and
 * NOTIFY_EMAIL are set), the owner's weekly digest, and the owner's view of what was sent.
 */
import { OWNER_TIME_ZONE } from '../../../content/profile.ts';
import { clockOf, type Job, type SiteContext, type SiteModule } from '../../lib/site-module.ts';
import type { AnalyticsService } from '../analytics/service.ts';
import type { BookingService } from '../booking/service.ts';
import type { ContactService } from '../contact/service.ts';
import type { NewsletterService } from '../newsletter/service.ts';
import { outboxAdminRoutes } from './admin-routes.ts';
import { createDigest } from './digest.ts';
import { createOutboxService } from './outbox.ts';
import { createMailWorker } from './worker.ts';

export function notificationsModule(
  context: SiteContext,
  sources: {
    analytics: AnalyticsService;
    contact: ContactService;
    booking: BookingService;
    newsletter: NewsletterService;
  },
) {
  const { db, config, log, mail } = context;
  const { NOTIFY_EMAIL: to } = config;
  const outbox = createOutboxService(db, { mailConfigured: !!(mail && to) });
  // The owner's weekly digest, queued on Mondays (tests call runOnce).
  const digest = createDigest({
    db,
    ...sources,
    timeZone: OWNER_TIME_ZONE,
    siteUrl: config.publicUrl,
    ...clockOf(context),
    onError: (error) => log.warn({ err: error }, 'weekly digest'),
  });
  const jobs: Job[] = [
    { name: 'weekly digest', periodic: true, start: () => digest.start(), stop: () => digest.stop() },
  ];
  if (mail && to) {
    const worker = createMailWorker({ db, transport: mail, to, from: config.MAIL_FROM ?? to, log });
    jobs.push({
      name: 'mail delivery',
      periodic: true,
      start: () => worker.start(),
      stop: () => worker.stop(),
    });
  } else {
    log.info('SMTP_URL not set: notifications stay in the outbox');
  }
  return {
    name: 'notifications',
    outbox,
    digest,
    adminRoutes: async (app) => {
      await app.register(outboxAdminRoutes, { outbox });
    },
    jobs,
  } satisfies SiteModule & Record<string, unknown>;
}
