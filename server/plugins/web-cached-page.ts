/**
 * A page kept for every visitor without a session (server/lib/page-cache.ts), answered from its
 * kept bytes: its CSP made once, headers that let a shared cache keep it, and an ETag for each
 * encoding.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { CachedPage } from '../lib/page-cache.ts';
import { preferredEncoding } from '../lib/read-cache.ts';
import { sharedCacheControl } from '../lib/shared-cache.ts';
import { demoOriginsOf, pageCsp } from './security.ts';

/**
 * Answers a request with a kept page. `state` says whether it was in the cache already (`hit`) or
 * rendered for this request (`miss`); `ownCookie`, whether this answer sets the visit's cookie.
 */
export function cachedPageSender(config: Config) {
  // A cached page's CSP depends only on its bytes: made once per page, not per response.
  const csps = new WeakMap<CachedPage, string>();
  const cspOf = (page: CachedPage) => {
    let csp = csps.get(page);
    if (csp === undefined) {
      csp = pageCsp(config, {
        scriptHashes: page.scriptHashes,
        demoOrigins: demoOriginsOf(page.html.toString('utf8')),
      });
      csps.set(page, csp);
    }
    return csp;
  };

  return (
    request: FastifyRequest,
    reply: FastifyReply,
    page: CachedPage,
    state: 'hit' | 'miss',
    ownCookie: boolean,
  ) => {
    reply.code(page.status);
    for (const [name, value] of Object.entries(page.headers)) {
      if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
    }
    if (page.headers['set-cookie']) reply.header('set-cookie', page.headers['set-cookie']);
    reply.header('content-security-policy', cspOf(page));
    // The same bytes for everybody without a session: a CDN or caching proxy may keep them
    // (SHARED_CACHE_SECONDS); browsers ask again each time, with the ETag.
    // ... unless this answer sets the visit's own cookie: then it is this visitor's alone. A
    // refusal is never shared (a 404 only briefly, as any page), and a failure is kept by nobody.
    reply.header(
      'cache-control',
      page.status >= 500
        ? 'no-store'
        : ownCookie || (page.status >= 400 && page.status !== 404)
          ? 'private, no-cache'
          : sharedCacheControl(config.SHARED_CACHE_SECONDS),
    );
    reply.header('vary', 'Accept-Encoding, Cookie');
    reply.header('x-page-cache', state);
    // Each encoding is its own representation with its own tag, and so is the smaller Brotli copy
    // that replaces the first one: a cache that asks again with the old copy's tag gets the new.
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    const etag =
      encoding === 'identity'
        ? page.etag
        : `${page.etag.slice(0, -1)}-${encoding}${encoding === 'br' ? page.brQuality : ''}"`;
    reply.header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    if (encoding === 'identity') return reply.send(page.html);
    reply.header('content-encoding', encoding);
    return reply.send(encoding === 'br' ? page.br : page.gzip);
  };
}
