/** Page views and goals: the counter every page loads, the goals forms and links out reach, the roll-ups, the owner's report. */
import type { Credit } from '../../../common/channels.ts';
import type { SiteContext, SiteModule } from '../../lib/site-module.ts';
import type { ContactService } from '../contact/service.ts';
import { analyticsAdminRoutes } from './admin-routes.ts';
import { goalCounter, goalHook } from './goals.ts';
import { analyticsRoutes } from './routes.ts';
import { createAnalyticsService } from './service.ts';
import { analyticsSharing } from './shares.ts';

/** The read-cache key whose invalidation says the analytics settings changed (the privacy page shows them). */
const SETTINGS_CHANGED = 'analytics-settings';

export function analyticsModule(
  { db, config, log, cache, events, countryOf }: SiteContext,
  contact?: Pick<ContactService, 'leadsBySource' | 'timeToWon'>,
) {
  const analytics = createAnalyticsService(db, {
    rawRetentionDays: config.ANALYTICS_RAW_DAYS,
    ...(contact
      ? {
          leads: (since: Date, credit: Credit) => contact.leadsBySource(since, 'asked', credit),
          timeToWon: (since: Date) => contact.timeToWon(since),
        }
      : {}),
    changed: () => cache.invalidate(SETTINGS_CHANGED),
  });
  // Every process reads the settings again when any of them saves new ones.
  events.on('public-content-changed', () => analytics.forgetSettings());
  const countGoal = goalCounter(analytics, config.publicUrl, log);
  const sharing = analyticsSharing(db, analytics);
  return {
    name: 'analytics',
    analytics,
    /** The root hook that counts a form's goal (server/app.ts adds it before any module's routes). */
    goalHook: goalHook(countGoal),
    routes: async (app) => {
      await app.register(analyticsRoutes, { analytics, countGoal, sharing, countryOf });
    },
    adminRoutes: async (app) => {
      await app.register(analyticsAdminRoutes, { analytics, sharing });
    },
  } satisfies SiteModule & Record<string, unknown>;
}
