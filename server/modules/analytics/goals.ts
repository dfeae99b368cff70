/**
 * Goals counted by the server (issue 48, point 1). A form's API route names its goal in its
 * config (`config: { goal: 'quote' }`, or a function of the request where one route stores two
 * kinds); a hook at the root counts it when the route answers with a success. A page's action
 * reaches the same route in process as the visitor (their address, user agent and cookie), so a
 * form sent without JavaScript counts exactly as one sent by the page's code or by an API client.
 *
 * Not counted: bots (by user agent, as page views; and a public form's bot answered like a person,
 * `answeredLikeAPerson` in server/lib/goals.ts) and the signed-in owner.
 */
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import type { GoalId } from '../../../common/goals.ts';
import { nothingStored } from '../../lib/goals.ts';
import type { AnalyticsService } from './service.ts';

/** The page on this site (its public host, or the host asked for) a request came from (its Referer), or null. */
export function fromPage(request: FastifyRequest, publicHost: string): string | null {
  const referer = request.headers.referer;
  if (!referer) return null;
  try {
    const url = new URL(referer);
    return url.host === publicHost || url.host === request.host ? url.pathname.slice(0, 300) : null;
  } catch {
    return null;
  }
}

/**
 * Whether this request's visitor is counted: not a bot, not the signed-in owner, and not a
 * browser sending Global Privacy Control when the owner honours it.
 */
export async function countsAsVisitor(
  analytics: AnalyticsService,
  request: FastifyRequest,
): Promise<boolean> {
  if (isbot(request.headers['user-agent'] ?? '')) return false;
  if (!(await analytics.counts(request.headers['sec-gpc']))) return false;
  const user = await request.currentUser();
  return !user?.isAdmin;
}

/**
 * Counts a goal for a request's visitor, from `path` (or else the page its Referer names); with
 * `once`, only the visitor's first time today at that key (a link out).
 */
export type CountGoal = (
  request: FastifyRequest,
  goal: GoalId,
  path?: string,
  options?: { once?: string },
) => Promise<void>;

/**
 * Counts a goal for a request's visitor (its page from the Referer, on the site at `publicUrl`);
 * a failure to count is logged, never the visitor's problem.
 */
export function goalCounter(
  analytics: AnalyticsService,
  publicUrl: string,
  log: FastifyBaseLogger,
): CountGoal {
  const publicHost = new URL(publicUrl).host;
  return async (request, goal, path, options = {}) => {
    try {
      if (!(await countsAsVisitor(analytics, request))) return;
      const visitor = await analytics.visitorHash(request.ip, request.headers['user-agent'] ?? '');
      if (options.once && !(await analytics.firstToday(options.once, visitor))) return;
      await analytics.recordGoal(goal, visitor, path ?? fromPage(request, publicHost));
    } catch (error) {
      log.warn({ err: error, goal }, 'goal not counted');
    }
  };
}

/**
 * The root `onSend` hook: a route's goal counted as its success is about to be sent, so the goal
 * is stored by the time the visitor (or a page's action) has the answer. (`onResponse` ran after
 * the answer had gone: a reader right after it, a test on PostgreSQL, could miss the goal.)
 */
export function goalHook(countGoal: CountGoal) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const named = request.routeOptions.config.goal;
    if (named && reply.statusCode >= 200 && reply.statusCode < 300 && !nothingStored(request)) {
      const goal = typeof named === 'function' ? named(request) : named;
      if (goal) await countGoal(request, goal);
    }
    return payload;
  };
}
