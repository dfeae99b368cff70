/**
 * The visit cookie on the page routes (server/lib/visit.ts): set on the first page of a visit and
 * brought up to date on each post or project read, and handed to a posted form's action as the
 * visit's source and bot-check token. A response that sets it is this visitor's alone: never kept
 * by a shared cache.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { WebLoadContext } from '../../common/web-context.ts';
import { serializeCookie } from '../lib/cookies.ts';
import type { FormKind } from '../lib/form-token.ts';
import { ownUrl } from '../lib/own-address.ts';
import {
  afterReading,
  afterSending,
  sourceToSend,
  VISIT_COOKIE,
  type VisitCookies,
  type VisitNote,
} from '../lib/visit.ts';

export function webVisits(visits: VisitCookies, secure: boolean) {
  const cookie = (note: VisitNote) =>
    serializeCookie(VISIT_COOKIE, visits.write(note), { path: '/', httpOnly: true, sameSite: 'lax', secure });

  return {
    /**
     * Notes a page read on this request's visit; true when the response carries the cookie (and is
     * then for this visitor only).
     */
    notePage(request: FastifyRequest, reply: FastifyReply, path: string): boolean {
      const url = ownUrl(request, path);
      const known = visits.read(request);
      const note = known ? afterReading(known, url) : visits.begin(url, request.headers.referer);
      if (note === known) return false;
      reply.header('set-cookie', cookie(note));
      return true;
    },

    /** What a posted form's action knows of the visit; a bot-checked form that went through renews it. */
    forAction(request: FastifyRequest, reply: FastifyReply): NonNullable<WebLoadContext['visit']> {
      const note = visits.read(request);
      return {
        source: note ? sourceToSend(note) : null,
        formToken: (form, scope) => (note ? visits.tokenFor(note, form as FormKind, scope) : undefined),
        spent: () => {
          if (note) reply.header('set-cookie', cookie(afterSending(note)));
        },
      };
    },
  };
}

export type WebVisits = ReturnType<typeof webVisits>;
