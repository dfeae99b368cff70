/**
 * The address a request was sent to, read one way by every route that needs it (a page's render,
 * the fediverse's answers, the origin check, a received Webmention): the request's protocol and
 * Host, then its path as sent. The security plugin refuses a Host that is not a host name, or a
 * trusted proxy's protocol that is neither http nor https (`ownAddressProblem`), before any route
 * runs, so every origin built here parses. A path that begins `//` stays a path on this site,
 * never another host's address, and an absolute-form target (`GET http://host/path HTTP/1.1`)
 * keeps only its path.
 */
import type { FastifyRequest } from 'fastify';

export const BAD_HOST = 'The Host header is not a host name';
/** Behind a trusted proxy the protocol is its X-Forwarded-Proto header's. */
export const BAD_PROTOCOL = 'The X-Forwarded-Proto header is not http or https';

/** A scheme and authority at the start of an absolute-form target. */
const ABSOLUTE_FORM = /^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i;

/** A host name or address with an optional port, and nothing else: no path, user or space. */
export function isHostName(host: string | undefined): host is string {
  return host !== undefined && host !== '' && !/[\s/\\?#@]/.test(host) && URL.canParse(`http://${host}`);
}

/** What keeps the request from having an address of its own, if anything: its Host or its protocol. */
export function ownAddressProblem(request: FastifyRequest): string | null {
  if (!isHostName(request.host)) return BAD_HOST;
  if (request.protocol !== 'http' && request.protocol !== 'https') return BAD_PROTOCOL;
  return null;
}

/** The origin the request was sent to, as `protocol://host[:port]`. */
export function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** `address` (the request's own by default) as a URL on the request's origin. */
export function ownUrl(request: FastifyRequest, address: string = request.url): URL {
  const path = address.replace(ABSOLUTE_FORM, '');
  return new URL(`${ownOrigin(request)}${path.startsWith('/') ? '' : '/'}${path}`);
}
