/** /healthz and /readyz for the process manager and the load balancer. */
import type { SiteContext, SiteModule } from '../../lib/site-module.ts';
import { healthRoutes } from './routes.ts';

export function healthModule({ database }: SiteContext) {
  return {
    name: 'health',
    routes: async (app) => {
      await app.register(healthRoutes, { ping: () => database.ping() });
    },
  } satisfies SiteModule;
}
