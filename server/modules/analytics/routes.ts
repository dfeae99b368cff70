/**
 * GET /insights.js: the first-party analytics script every page loads.
 * POST /api/analytics/pageview: what it reports (path, referrer, screen size).
 * No cookies either way; bots and admin pages are not counted.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isbot } from 'isbot';
import { z } from 'zod';
import { pageViewSchema } from '../../../common/schemas/analytics.ts';
import type { AnalyticsService } from './service.ts';
import { referrerHost } from './service.ts';

/**
 * Reports the first page view and every client-side navigation after it
 * (history.pushState and back/forward), once per path change. `keepalive`
 * lets the report finish when the page is being closed; no cookie is sent.
 */
export const INSIGHTS_SCRIPT = `(() => {
  let last = '';
  const send = () => {
    const path = location.pathname;
    if (path === last) return;
    const referrer = last ? '' : document.referrer;
    last = path;
    const body = JSON.stringify({ path, referrer, screenWidth: screen.width, screenHeight: screen.height });
    fetch('/api/analytics/pageview', { method: 'POST', body, headers: { 'content-type': 'application/json' }, keepalive: true, credentials: 'omit' }).catch(() => {});
  };
  const push = history.pushState;
  history.pushState = function (...args) { push.apply(this, args); setTimeout(send, 0); };
  addEventListener('popstate', () => setTimeout(send, 0));
  send();
})();
`;

export const analyticsRoutes: FastifyPluginAsyncZod<{ analytics: AnalyticsService }> = async (
  app,
  { analytics },
) => {
  app.get('/insights.js', async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(INSIGHTS_SCRIPT),
  );

  app.post(
    '/api/analytics/pageview',
    {
      schema: { body: pageViewSchema, response: { 204: z.null() } },
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const userAgent = request.headers['user-agent'] ?? '';
      const { path, referrer, screenWidth, screenHeight } = request.body;
      if (!isbot(userAgent) && !path.startsWith('/admin')) {
        const visitor = await analytics.visitorHash(request.ip, userAgent);
        await analytics.record(
          {
            path: path.split(/[?#]/)[0] ?? path,
            referrerHost: referrerHost(referrer, request.hostname),
            screenWidth,
            screenHeight,
          },
          visitor,
        );
      }
      return reply.code(204).send(null);
    },
  );
};
