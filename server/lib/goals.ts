/**
 * What a route says about the goal it reaches (issue 48): its config names the goal, and the
 * analytics module's root hook counts it once the route answers with a success. A public form
 * answers a bot (a filled honeypot, a press sooner than a person could) like a person while
 * storing nothing: such a request is marked, and no goal is counted for it.
 */
import type { FastifyRequest } from 'fastify';
import type { GoalId } from '../../common/goals.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The goal a success of this route reaches (or a function of the request, where one route stores two kinds). */
    goal?: GoalId | ((request: FastifyRequest) => GoalId | null);
  }
}

const storedNothing = new WeakSet<FastifyRequest>();

/** This request's success was the answer given to a bot: nothing was stored, no goal is counted. */
export function answeredLikeAPerson(request: FastifyRequest): void {
  storedNothing.add(request);
}

/** Whether `answeredLikeAPerson` was said of this request. */
export const nothingStored = (request: FastifyRequest): boolean => storedNothing.has(request);
