/**
 * A post's page asked for as ActivityPub (Mastodon looking a link up, issue 64): answered with the
 * post's current `Article`, as its object's own address answers it. A root `onRequest` hook
 * (app.ts) that looks only at `GET /blog/<slug>` whose `Accept` asks for ActivityPub and not for
 * HTML; every other request goes on untouched.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ownUrl } from '../../lib/own-address.ts';

/** An Accept header that asks for ActivityPub (Mastodon's, or JSON-LD's with its profile). */
const ACTIVITY_ACCEPT = /application\/(activity\+json|ld\+json)/;

const decoded = (part: string) => {
  try {
    return decodeURIComponent(part);
  } catch {
    return '';
  }
};

export function postPageAsActivity({
  post,
  answer,
}: {
  /** A published post's object, by its slug (null: no such post, the page answers). */
  post: (slug: string) => Promise<{ objectPath: string } | null>;
  /** Fedify's answer to a request for that object. */
  answer: (request: Request) => Promise<Response>;
}) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' || !request.url.startsWith('/blog/')) return;
    const accept = request.headers.accept ?? '';
    if (!ACTIVITY_ACCEPT.test(accept) || accept.includes('text/html')) return;
    const slug = /^\/blog\/([^/?#]+)$/.exec(request.url.split('?')[0] ?? '')?.[1];
    const found = slug ? await post(decoded(slug)) : null;
    if (!found) return;
    const address = ownUrl(request, found.objectPath);
    const answered = await answer(new Request(address, { headers: { accept } }));
    reply.code(answered.status);
    answered.headers.forEach((value, name) => {
      reply.header(name, value);
    });
    reply.header('vary', 'Accept');
    return reply.send(Buffer.from(await answered.arrayBuffer()));
  };
}
