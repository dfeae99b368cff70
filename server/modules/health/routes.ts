import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isThisMachine } from '../../lib/address-check.ts';
import type { Metrics } from './metrics.ts';
import type { QueueState } from './queues.ts';

const statusSchema = z.object({
  status: z.string(),
  /** The job queues with a row due for 15 minutes and nothing of their kind done (queues.ts). */
  stuck: z.array(z.string()).optional(),
});

export interface HealthOptions {
  ping: () => Promise<boolean>;
  /** Whether the process is stopping (it still answers what it is sent meanwhile). */
  draining: () => boolean;
  queues: () => Promise<QueueState[]>;
  metrics: Metrics;
  metricsToken: string | undefined;
}

/**
 * Whether a request may read /metrics: one from this machine that did not come through a proxy
 * (no forwarding header), or one carrying the token.
 */
export function mayReadMetrics(request: FastifyRequest, token: string | undefined): boolean {
  const forwarded =
    request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  if (!forwarded && isThisMachine(request.socket.remoteAddress ?? '')) return true;
  if (!token) return false;
  const given = Buffer.from(request.headers.authorization ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Liveness (the process answers), readiness (the database answers and the process is not stopping;
 * a stuck job queue is named, the site still serves), and the metrics for this machine.
 */
export const healthRoutes: FastifyPluginAsyncZod<HealthOptions> = async (
  app,
  { ping, draining, queues, metrics, metricsToken },
) => {
  app.get('/healthz', { schema: { response: { 200: statusSchema } } }, async () => ({ status: 'ok' }));

  app.get(
    '/readyz',
    { schema: { response: { 200: statusSchema, 503: statusSchema } } },
    async (_request, reply) => {
      if (draining()) return reply.code(503).send({ status: 'shutting down' });
      if (!(await ping())) return reply.code(503).send({ status: 'database unavailable' });
      const stuck = (await queues()).filter((queue) => queue.stuck).map((queue) => queue.kind);
      return stuck.length ? { status: 'ready', stuck } : { status: 'ready' };
    },
  );

  app.get('/metrics', async (request, reply) => {
    if (!mayReadMetrics(request, metricsToken)) {
      reply.header('cache-control', 'no-store');
      return metricsToken
        ? reply
            .code(401)
            .header('www-authenticate', 'Bearer')
            .send({ message: 'The metrics need their token.' })
        : reply.code(404).send({ message: 'Not found' });
    }
    const { contentType, body } = await metrics.text();
    return reply.header('content-type', contentType).header('cache-control', 'no-store').send(body);
  });
};
