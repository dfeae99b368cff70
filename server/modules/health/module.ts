/** /healthz, /readyz and /metrics for the process manager, the load balancer and the machine's scraper. */
import type { SiteContext, SiteModule } from '../../lib/site-module.ts';
import { createMetrics } from './metrics.ts';
import { queueStates } from './queues.ts';
import { healthRoutes } from './routes.ts';

export function healthModule({ database, db, config }: SiteContext) {
  const metrics = createMetrics(db);
  let draining = false;
  return {
    name: 'health',
    metrics,
    /** The process is stopping: /readyz says so, so the proxy sends it nothing new (main.ts). */
    drain: () => {
      draining = true;
    },
    routes: async (app) => {
      await app.register(healthRoutes, {
        ping: () => database.ping(),
        draining: () => draining,
        queues: () => queueStates(db),
        metrics,
        metricsToken: config.METRICS_TOKEN,
      });
    },
  } satisfies SiteModule & Record<string, unknown>;
}
