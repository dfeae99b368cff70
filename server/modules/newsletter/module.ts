/**
 * The newsletter (issue 35): the list with double opt-in, new posts announced when they go live,
 * the monthly roundup, the owner's issues, and the sender that delivers them at NEWSLETTER_RATE
 * when SMTP_URL is set (otherwise everything waits in its outbox, as the dashboard says).
 */
import { OWNER_TIME_ZONE, profile } from '../../../content/profile.ts';
import type { Job, SiteContext, SiteModule } from '../../lib/site-module.ts';
import { newsletterAdminRoutes } from './admin-routes.ts';
import { emailImages } from './email-images.ts';
import { subscriberLinks } from './links.ts';
import { newsletterRoutes } from './routes.ts';
import { createNewsletterSender } from './sender.ts';
import { createNewsletterService } from './service.ts';

/** How often the roundup is looked for, and announcements re-checked (a missed event, a restart). */
const CHECK_EVERY_MS = 10 * 60 * 1000;

export function newsletterModule(context: SiteContext) {
  const { db, config, log, events, cache, mail, serverSecret } = context;
  const links = subscriberLinks(serverSecret);
  const images = emailImages(context.storage);
  const now = context.now ?? (() => new Date());
  const site = { url: config.publicUrl, name: profile.name, location: profile.location };
  const newsletter = createNewsletterService({
    db,
    site,
    timeZone: OWNER_TIME_ZONE,
    now,
    mail: { configured: !!config.SMTP_URL, owner: config.NOTIFY_EMAIL, rate: config.NEWSLETTER_RATE },
    links,
    images,
    // An issue sent: its page, the archive and the sitemap change; its deliveries wait for the sender.
    onSent: (issueId) => {
      cache.invalidate('newsletter');
      events.emit('newsletter-queued', issueId);
    },
  });

  // A post published, or a scheduled one gone live (the blog's 'post-published'), is announced at once.
  let announcing: Promise<unknown> | undefined;
  let again = false;
  const announce = () => {
    if (announcing) {
      again = true;
      return;
    }
    announcing = newsletter.issues
      .announceDue()
      .catch((error) => log.warn({ err: error }, 'newsletter announcement'))
      .finally(() => {
        announcing = undefined;
        if (again) {
          again = false;
          announce();
        }
      });
  };
  let unsubscribe: (() => void) | undefined;
  let timer: NodeJS.Timeout | undefined;

  const jobs: Job[] = [
    {
      name: 'newsletter announcements',
      start: () => {
        unsubscribe = events.on('post-published', announce);
        announce();
      },
      stop: async () => {
        unsubscribe?.();
        again = false;
        await announcing;
      },
    },
    {
      name: 'newsletter roundup',
      periodic: true,
      start: () => {
        const check = () => {
          announce();
          newsletter.issues.roundupDue().catch((error) => log.warn({ err: error }, 'newsletter roundup'));
          newsletter.subscribers
            .forgetUnconfirmed()
            .catch((error) => log.warn({ err: error }, 'newsletter clean-up'));
        };
        timer = setInterval(check, CHECK_EVERY_MS);
        timer.unref();
        check();
      },
      stop: () => clearInterval(timer),
    },
  ];
  if (mail && config.NOTIFY_EMAIL) {
    const sender = createNewsletterSender({
      db,
      transport: mail,
      from: config.MAIL_FROM ?? config.NOTIFY_EMAIL,
      rate: config.NEWSLETTER_RATE,
      site,
      log,
      links,
      images,
    });
    // A send queued in this process wakes it at once (another process's sender looks every 15 s,
    // and this process's picks up what is left).
    let unwatch: (() => void) | undefined;
    jobs.push({
      name: 'newsletter delivery',
      periodic: true,
      start: () => {
        unwatch = events.on('newsletter-queued', () => sender.wake());
        sender.start();
      },
      stop: () => {
        unwatch?.();
        return sender.stop();
      },
    });
  }

  return {
    name: 'newsletter',
    newsletter,
    routes: async (app) => {
      await app.register(newsletterRoutes, { newsletter, images });
    },
    adminRoutes: async (app) => {
      await app.register(newsletterAdminRoutes, { newsletter });
    },
    jobs,
  } satisfies SiteModule & Record<string, unknown>;
}
