/** The owner's side of page views: the report over the last days (its funnels of one source when asked), the settings, the funnels. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminAnalyticsSchema,
  analyticsSettingsSchema,
  analyticsShareSchema,
  createdShareSchema,
  creditSchema,
  funnelSchema,
  shareCreateSchema,
  sourceFilterSchema,
} from '../../../common/schemas/analytics.ts';
import { EXPORT_LENGTH, reportCsv } from './export.ts';
import type { AnalyticsService } from './service.ts';
import type { AnalyticsSharing } from './shares.ts';

export const analyticsAdminRoutes: FastifyPluginAsyncZod<{
  analytics: AnalyticsService;
  sharing: AnalyticsSharing;
}> = async (app, { analytics, sharing }) => {
  app.get(
    '/api/admin/analytics',
    {
      schema: {
        response: { 200: adminAnalyticsSchema },
        querystring: z.object({
          days: z.coerce.number().int().min(1).max(366).default(30),
          source: sourceFilterSchema,
          credit: creditSchema,
        }),
      },
    },
    async (request) =>
      analytics.report(request.query.days, request.query.source, undefined, request.query.credit),
  );
  // One report as CSV (a plain link, with or without the page's code).
  app.get(
    '/api/admin/analytics/export.csv',
    {
      schema: {
        querystring: z.object({
          days: z.coerce.number().int().min(1).max(366).default(30),
          source: sourceFilterSchema,
          credit: creditSchema,
          report: z.string().max(40),
        }),
      },
    },
    async (request, reply) => {
      const { days, source, credit, report } = request.query;
      const { name, csv } = reportCsv(await analytics.report(days, source, EXPORT_LENGTH, credit), report);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="analytics-${name}-${days}-days-${day}.csv"`)
        .send(csv);
    },
  );
  // Read-only links (issue 48, point 6): the list, a new one (its token shown once), a revocation.
  app.get(
    '/api/admin/analytics/shares',
    { schema: { response: { 200: z.array(analyticsShareSchema) } } },
    async () => sharing.list(),
  );
  app.post(
    '/api/admin/analytics/shares',
    { schema: { body: shareCreateSchema, response: { 201: createdShareSchema } } },
    async (request, reply) => reply.code(201).send(await sharing.create(request.body)),
  );
  app.delete(
    '/api/admin/analytics/shares/:id',
    { schema: { params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }) } },
    async (request, reply) => {
      await sharing.revoke(request.params.id);
      return reply.code(204).send();
    },
  );
  app.post(
    '/api/admin/analytics/funnels',
    {
      schema: {
        body: funnelSchema,
        response: { 201: z.object({ id: z.string(), name: z.string(), since: z.string().nullable() }) },
      },
    },
    async (request, reply) => {
      const { id, name, since } = await analytics.createFunnel(request.body);
      return reply.code(201).send({ id, name, since });
    },
  );
  app.delete(
    '/api/admin/analytics/funnels/:id',
    { schema: { params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }) } },
    async (request, reply) => {
      await analytics.deleteFunnel(request.params.id);
      return reply.code(204).send();
    },
  );
  app.put(
    '/api/admin/analytics/settings',
    { schema: { body: analyticsSettingsSchema, response: { 200: analyticsSettingsSchema } } },
    async (request) => analytics.saveSettings(request.body),
  );
};
