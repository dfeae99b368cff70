/**
 * GET /insights.js: the first-party analytics script every page loads.
 * POST /api/analytics/pageview: what it reports (path, referrer, screen size).
 * POST /api/analytics/goal: the goal only it can see (the contact form scrolled into view).
 * GET /go/...: the site's links out (GitHub, LinkedIn, a project's live site or code), each a
 * counted redirect to where it points (issue 48), so a click counts with or without JavaScript.
 * No cookies either way; bots, admin pages and read-only links to the analytics are not counted.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isbot } from 'isbot';
import { z } from 'zod';
import type { GoalId } from '../../../common/goals.ts';
import { projectRepoUrl } from '../../../common/links-out.ts';
import {
  analyticsSettingsSchema,
  beaconSchema,
  pageViewSchema,
  sharedAnalyticsSchema,
} from '../../../common/schemas/analytics.ts';
import { socialLinks } from '../../../content/profile.ts';
import { projects } from '../../../content/projects.ts';
import type { CountryOf } from '../../lib/country.ts';
import { notFound } from '../../lib/http-error.ts';
import { holdsSecret } from '../../lib/private-addresses.ts';
import type { CountGoal } from './goals.ts';
import type { AnalyticsService } from './service.ts';
import { campaignOf, referrerHost } from './service.ts';
import type { AnalyticsSharing } from './shares.ts';

/** Where each counted link out goes, and the goal it reaches; none for an unknown one. */
export function outboundTarget(kind: string, projectId?: string): { url: string; goal: GoalId } | undefined {
  if (projectId === undefined) {
    if (kind !== 'github' && kind !== 'linkedin') return undefined;
    const url = socialLinks.find((link) => link.icon === kind)?.url;
    return url ? { url, goal: kind } : undefined;
  }
  const project = projects.find((candidate) => candidate.id === projectId);
  if (!project) return undefined;
  if (kind === 'demo') return project.liveUrl ? { url: project.liveUrl, goal: 'demo' } : undefined;
  const repo = kind === 'code' ? projectRepoUrl(project) : undefined;
  return repo ? { url: repo, goal: 'github' } : undefined;
}

const NOT_A_LINK = 'This link does not lead anywhere.';

/**
 * Pages whose views are not counted: the dashboard, and every private address (a booked call's,
 * a read-only link to the analytics...: its secret must never reach a report another link may show).
 */
const notCounted = (path: string) => /^\/admin(\/|\?|#|$)/.test(path) || holdsSecret(path);

/**
 * Reports the first page view and every client-side navigation after it (history.pushState and
 * back/forward), once per path change; the first view brings its query (the campaign it names,
 * utm_*, if any). `keepalive` lets a report finish when the page is being closed; no cookie is
 * sent. It also reports the contact form seen (the funnels' "reached the contact form"), once per
 * page, when `#contact form` comes into view; a MutationObserver finds the form the page's code
 * draws or a navigation brings. Kept short: every public page loads it (bench:bundle counts it).
 */
export const INSIGHTS_SCRIPT = `(() => {
  let last = '', seenOn = '', watched = null;
  const post = (url, data) => fetch(url, { method: 'POST', body: JSON.stringify(data), headers: { 'content-type': 'application/json' }, keepalive: true, credentials: 'omit' }).catch(() => {});
  const send = () => {
    const path = location.pathname;
    if (path === last) return;
    post('/api/analytics/pageview', { path: last ? path : path + location.search, referrer: last ? '' : document.referrer, screenWidth: screen.width, screenHeight: screen.height });
    last = path;
  };
  const seen = window.IntersectionObserver && new IntersectionObserver((entries) => {
    const path = location.pathname;
    if (seenOn === path || !entries.some((entry) => entry.isIntersecting)) return;
    seenOn = path;
    post('/api/analytics/goal', { goal: 'contact_form', path });
  });
  const watch = () => {
    const form = document.querySelector('#contact form');
    if (!seen || form === watched) return;
    if (watched) seen.unobserve(watched);
    watched = form;
    if (form) seen.observe(form);
  };
  const changed = () => setTimeout(() => { send(); watch(); }, 0);
  const push = history.pushState;
  history.pushState = function (...args) { push.apply(this, args); changed(); };
  addEventListener('popstate', changed);
  new MutationObserver(watch).observe(document.documentElement, { childList: true, subtree: true });
  send();
  watch();
})();
`;

export const analyticsRoutes: FastifyPluginAsyncZod<{
  analytics: AnalyticsService;
  countGoal: CountGoal;
  sharing: AnalyticsSharing;
  /** The country of the request's address (looked up, never kept). */
  countryOf: CountryOf;
}> = async (app, { analytics, countGoal, sharing, countryOf }) => {
  // A read-only link's parts of the report (issue 48, point 6); 404 once revoked.
  app.get(
    '/api/analytics/shared/:token',
    {
      schema: {
        params: z.object({ token: z.string().min(1).max(100) }),
        response: { 200: sharedAnalyticsSchema },
      },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return sharing.read(request.params.token);
    },
  );

  app.get('/insights.js', async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(INSIGHTS_SCRIPT),
  );

  // Any two or three segments are answered: an address no link of the site makes is a 404.
  const goOut = async (request: FastifyRequest, reply: FastifyReply, kind: string, projectId?: string) => {
    const target = outboundTarget(kind, projectId);
    if (!target) throw notFound(NOT_A_LINK);
    // Once per visitor, link and day: following it again (or a script following it 200 times) is not another goal.
    await countGoal(request, target.goal, undefined, { once: `go:${kind}/${projectId ?? ''}` });
    return reply.header('cache-control', 'no-store').redirect(target.url, 302);
  };
  app.get('/go/:kind', { schema: { params: z.object({ kind: z.string().max(40) }) } }, (request, reply) =>
    goOut(request, reply, request.params.kind),
  );
  app.get(
    '/go/:kind/:projectId',
    { schema: { params: z.object({ kind: z.string().max(40), projectId: z.string().max(100) }) } },
    (request, reply) => goOut(request, reply, request.params.kind, request.params.projectId),
  );

  // What the privacy page says of the counting: whether Global Privacy Control is honoured.
  app.get('/api/analytics/privacy', { schema: { response: { 200: analyticsSettingsSchema } } }, async () =>
    analytics.settings(),
  );

  // A goal only the page's code sees; any other goal is refused (400), a bot or GPC quietly not counted.
  app.post(
    '/api/analytics/goal',
    {
      schema: { body: beaconSchema, response: { 204: z.null() } },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      if (!notCounted(request.body.path)) {
        await countGoal(request, request.body.goal, request.body.path.split(/[?#]/)[0]);
      }
      return reply.code(204).send(null);
    },
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
      const query = path.indexOf('?');
      if (!isbot(userAgent) && !notCounted(path) && (await analytics.counts(request.headers['sec-gpc']))) {
        const visitor = await analytics.visitorHash(request.ip, userAgent);
        await analytics.record(
          {
            path: path.split(/[?#]/)[0] ?? path,
            referrerHost: referrerHost(referrer, request.hostname),
            screenWidth,
            screenHeight,
            utm: query >= 0 ? campaignOf(path.slice(query).split('#')[0] ?? '') : {},
            country: await countryOf(request.ip),
          },
          visitor,
        );
      }
      return reply.code(204).send(null);
    },
  );
};
