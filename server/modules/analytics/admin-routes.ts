/** The owner's side of page views: the report over the last days. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminAnalyticsSchema, analyticsSettingsSchema } from '../../../common/schemas/analytics.ts';
import type { AnalyticsService } from './service.ts';

export const analyticsAdminRoutes: FastifyPluginAsyncZod<{ analytics: AnalyticsService }> = async (
  app,
  { analytics },
) => {
  app.get(
    '/api/admin/analytics',
    {
      schema: {
        response: { 200: adminAnalyticsSchema },
        querystring: z.object({ days: z.coerce.number().int().min(1).max(366).default(30) }),
      },
    },
    async (request) => analytics.report(request.query.days),
  );
  app.put(
    '/api/admin/analytics/settings',
    { schema: { body: analyticsSettingsSchema, response: { 200: analyticsSettingsSchema } } },
    async (request) => analytics.saveSettings(request.body),
  );
};
