/** Page views: the counter every page loads, the roll-ups, the owner's report. */
import type { SiteContext, SiteModule } from '../../lib/site-module.ts';
import { analyticsAdminRoutes } from './admin-routes.ts';
import { analyticsRoutes } from './routes.ts';
import { createAnalyticsService } from './service.ts';

export function analyticsModule({ db, config }: SiteContext) {
  const analytics = createAnalyticsService(db, { rawRetentionDays: config.ANALYTICS_RAW_DAYS });
  return {
    name: 'analytics',
    analytics,
    routes: async (app) => {
      await app.register(analyticsRoutes, { analytics });
    },
    adminRoutes: async (app) => {
      await app.register(analyticsAdminRoutes, { analytics });
    },
  } satisfies SiteModule & Record<string, unknown>;
}
