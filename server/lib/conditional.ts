/**
 * Conditional GET for what readers and crawlers poll (feeds, the sitemap, share images, the
 * post list): an ETag (and a Last-Modified where the content has a date) on every answer, and
 * 304 Not Modified without a body when the client already holds it. A feed reader polling every
 * ten minutes then downloads the feed only when a post changed.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A weak validator of a body: the same bytes under any content encoding the server applies. */
export function etagOf(body: string | Buffer): string {
  return `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/**
 * Sets the validators and answers whether the client's copy is current (RFC 9110 13.1): when
 * If-None-Match is sent it alone decides (weak comparison); otherwise If-Modified-Since, to the
 * second. The caller sends 304 when this is true.
 */
export function isNotModified(
  request: FastifyRequest,
  reply: FastifyReply,
  validators: { etag: string; lastModified?: Date | undefined },
): boolean {
  reply.header('etag', validators.etag);
  const seconds = validators.lastModified ? Math.floor(validators.lastModified.getTime() / 1000) : null;
  if (seconds !== null && seconds > 0) reply.header('last-modified', new Date(seconds * 1000).toUTCString());
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const match = request.headers['if-none-match'];
  if (typeof match === 'string') {
    if (match.trim() === '*') return true;
    const wanted = opaque(validators.etag);
    return match.split(',').some((tag) => opaque(tag) === wanted);
  }
  const since = request.headers['if-modified-since'];
  if (typeof since === 'string' && seconds !== null && seconds > 0) {
    const date = Date.parse(since);
    return Number.isFinite(date) && seconds * 1000 <= date;
  }
  return false;
}

/** 304 Not Modified, no body (for a route whose typed reply knows only its 200). */
export function sendNotModified(reply: FastifyReply): FastifyReply {
  return reply.code(304).send();
}

/** Sends `body`, or 304 without it when the client's copy is current. */
export function sendConditional(
  request: FastifyRequest,
  reply: FastifyReply,
  body: string | Buffer,
  validators: { etag?: string; lastModified?: Date | undefined } = {},
): FastifyReply {
  const etag = validators.etag ?? etagOf(body);
  if (isNotModified(request, reply, { etag, lastModified: validators.lastModified })) {
    return sendNotModified(reply);
  }
  return reply.send(body);
}
