/**
 * The dashboard's server side: one admin scope that checks the guard once (401 without a
 * session, 403 for a signed-in user who is not an admin, before the body is even parsed) for
 * every module's owner routes, and the summary of what waits in each domain.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSummarySchema } from '../../../common/schemas/admin.ts';
import type { SiteModule } from '../../lib/site-module.ts';
import { requireAdmin } from '../../plugins/session.ts';
import { adminSummary, type SummarySources } from './service.ts';

const summaryRoutes: FastifyPluginAsyncZod<{ sources: SummarySources }> = async (app, { sources }) => {
  app.get('/api/admin/summary', { schema: { response: { 200: adminSummarySchema } } }, async () =>
    adminSummary(sources),
  );
};

export function adminModule(modules: SiteModule[], sources: SummarySources) {
  return {
    name: 'admin',
    routes: async (app) => {
      // onRequest, before the body is parsed: an anonymous caller learns nothing about the body's rules.
      app.addHook('onRequest', requireAdmin);
      await app.register(summaryRoutes, { sources });
      for (const module of modules) if (module.adminRoutes) await app.register(module.adminRoutes);
    },
  } satisfies SiteModule;
}
