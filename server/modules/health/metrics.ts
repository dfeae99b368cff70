/**
 * The site's Prometheus metrics (issue 66), on prom-client, one registry per app: how long
 * requests take by route, how the page cache answers, and how each job queue stands (read from
 * its table at each scrape, so every process reports the same queues), with Node's own process
 * metrics. `/metrics` (routes.ts) serves them to this machine, or with METRICS_TOKEN.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../../db/client.ts';
import { queueStates } from './queues.ts';

/**
 * The route a page request is counted under: the page's first path segment, with `/*` when the
 * address goes deeper (`/blog/*` for every post). A refused or missing page is counted as such,
 * so made-up addresses never become labels of their own.
 */
export function pageRoute(url: string, status: number): string {
  if (status === 404) return '(not found)';
  const path = url.split(/[?#]/, 1)[0] ?? '/';
  const [first, ...rest] = path.split('/').filter(Boolean);
  if (!first) return '/';
  return `/${first.replace(/\.data$/, '')}${rest.length ? '/*' : ''}`;
}

export function createMetrics(db: Db) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'site_' });

  const durations = new Histogram({
    name: 'site_http_request_duration_seconds',
    help: 'How long the server took to answer, by method, route and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const pageCache = new Counter({
    name: 'site_page_cache_total',
    help: "Pages answered from the page cache ('hit'), rendered into it ('miss'), or rendered for one request ('fresh').",
    labelNames: ['result'] as const,
    registers: [registry],
  });

  const gauge = (name: string, help: string) =>
    new Gauge({ name, help, labelNames: ['kind'] as const, registers: [registry] });
  const waiting = gauge('site_queue_waiting', 'Rows of a job queue not done yet.');
  const due = gauge('site_queue_due', 'Rows of a job queue whose time has come.');
  const retrying = gauge(
    'site_queue_retrying',
    'Rows of a job queue waiting to be tried again after a failure.',
  );
  const failed = gauge('site_queue_failed', 'Rows of a job queue given up after the last try.');
  const oldest = gauge(
    'site_queue_oldest_due_seconds',
    'How long the oldest due row of a job queue has waited.',
  );
  const stuck = gauge(
    'site_queue_stuck',
    '1 when a row has been due for 15 minutes and nothing of its kind was done.',
  );

  /** Reads the queues' tables; called by the scrape, not on a timer. */
  async function readQueues() {
    for (const state of await queueStates(db)) {
      const kind = { kind: state.kind };
      waiting.set(kind, state.waiting);
      due.set(kind, state.due);
      retrying.set(kind, state.retrying);
      failed.set(kind, state.failed);
      oldest.set(kind, state.oldestDueSeconds);
      stuck.set(kind, state.stuck ? 1 : 0);
    }
  }

  return {
    /** Counts an answered request (an onResponse hook at the root). */
    onResponse: async (request: FastifyRequest, reply: FastifyReply) => {
      const pattern = request.routeOptions.url;
      const status = reply.statusCode;
      const route = !pattern ? '(unmatched)' : pattern === '/*' ? pageRoute(request.url, status) : pattern;
      durations.observe({ method: request.method, route, status: String(status) }, reply.elapsedTime / 1000);
      const cached = reply.getHeader('x-page-cache');
      if (typeof cached === 'string') pageCache.inc({ result: cached });
      else if (pattern === '/*' && request.method === 'GET' && status === 200)
        pageCache.inc({ result: 'fresh' });
    },
    /** The metrics in Prometheus's text format, the queues read now. */
    async text() {
      await readQueues();
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
