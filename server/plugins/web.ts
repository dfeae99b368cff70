/**
 * Serves the React Router web app from the Fastify process: a thin adapter that
 * turns a Fastify request into a Fetch `Request`, hands it to React Router with
 * the load context (the signed-in user, the CSP nonce and the public read API
 * in process), and streams the `Response` back. Production serves the built
 * app (`build/`): hashed assets with a year of immutable caching and their
 * precompressed copies. Development runs Vite in middleware mode for hot reload.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FORM_ANSWER_HEADER, type FormAnswerReply, type WebLoadContext } from '../../common/web-context.ts';
import type { Config } from '../config.ts';
import { HttpError } from '../lib/http-error.ts';
import { type HydrationState, HydrationStates, hydrationStateUrl } from '../lib/hydration-states.ts';
import { type CachedPage, compressOnce, PageCache, type RenderedPage } from '../lib/page-cache.ts';
import { preferredEncoding } from '../lib/read-cache.ts';
import { sharedCacheControl } from '../lib/shared-cache.ts';
import type { SiteEvents } from '../lib/site-events.ts';
import type { VisitCookies } from '../lib/visit.ts';
import { projectRoot } from '../paths.ts';
import { apiReads } from './api-reads.ts';
import { pageCsp } from './security.ts';
import { sessionCookieName } from './session.ts';
import {
  BusyError,
  buildHandler,
  busy,
  devHandler,
  FILE_FORM_BODY_LIMIT,
  FORM_BODY_LIMIT,
  FORWARDED_HEADERS,
  formFields,
  isPublicPage,
  pageCacheKey,
  pageRendering,
  RAW_BODY,
  RenderLimiter,
  routedAddress,
  toFetchRequest,
  UPLOAD_PAGES,
} from './web-requests.ts';
import { webVisits } from './web-visits.ts';

export const webBuildFolder = join(projectRoot, 'build');

export interface WebOptions {
  config: Config;
  /** `build`: serve the production build; `dev`: Vite with hot reload (needs the dev dependencies). */
  mode: 'build' | 'dev';
  /** Where the production build is; defaults to build/ in the project. */
  buildFolder?: string;
  /** Render pages for the static copy of the site (the static export): no analytics, no server features. */
  staticCopy?: boolean;
  /** How many pages may render at once; past that a page is a quick 503 (default 8). */
  maxRenders?: number;
  /** A stand-in for React Router's handler (tests of caching and load shedding without a build). */
  handler?: Handler;
  /**
   * The visit cookie (server/lib/visit.ts): set by the page routes, read by posted forms' actions.
   * Without it (tests of caching with a stand-in renderer), no page sets a cookie.
   */
  visits?: VisitCookies;
  /**
   * The site's events. With them, finished pages for visitors without a session are kept
   * (production builds only) and loaders' API reads are parsed once and shared by renders, both
   * until a 'public-content-changed'; without them, every page and read is made afresh.
   */
  events?: Pick<SiteEvents, 'on'>;
}

export type Handler = (request: Request, context: WebLoadContext) => Promise<Response>;

export async function webPlugin(
  app: FastifyInstance,
  {
    config,
    mode,
    buildFolder = webBuildFolder,
    staticCopy = false,
    maxRenders = 8,
    handler,
    events,
    visits,
  }: WebOptions,
) {
  const handle = handler ?? (mode === 'dev' ? await devHandler(app) : await buildHandler(app, buildFolder));
  const dev = mode === 'dev';
  // The static export renders each page once for its files; development always renders afresh.
  const pageCache = dev || staticCopy || !events ? undefined : new PageCache().follow(events);
  const renders = new RenderLimiter(maxRenders);
  const sessionCookie = sessionCookieName(config);
  // A page kept for everybody fetches its code and its data once it has been painted (ADR 017).
  // Not in development (Vite's own client) nor in the static copy (no server to ask for the data).
  const states = dev || staticCopy ? undefined : new HydrationStates();

  const { injectRead, readApi } = apiReads(app, events);
  // The static copy's pages come from no server: no visit to note.
  const visitCookie = visits && !staticCopy ? webVisits(visits, config.isHttps) : undefined;

  const contextFor = async (
    request: FastifyRequest,
    nonce: string,
    cached: boolean,
    path = request.url,
    reply?: FastifyReply,
  ): Promise<WebLoadContext> => {
    // A cached page is the same for every visitor without a session: nobody is signed in on it.
    const user = cached ? null : await request.currentUser();
    return {
      nonce,
      siteUrl: config.publicUrl,
      staticCopy,
      imageGenerator: config.AI_PROVIDER === 'local' ? 'built-in' : 'ai-service',
      user,
      // Only a page everybody without a session sees alike: its data is nobody's in particular.
      ...(states && cached
        ? { startAfterPaint: { keepData: (state: string) => hydrationStateUrl(states.keep(state), path) } }
        : {}),
      // A posted form's own request: where its visit came from, and its bot-check token.
      ...(visitCookie && reply && request.method === 'POST'
        ? { visit: visitCookie.forAction(request, reply) }
        : {}),
      readApi,
      readOwnApi: async <T>(path: string) => {
        if (!path.startsWith('/api/')) throw new Error(`readOwnApi only reads the API, not ${path}`);
        return (await injectRead(path, cached ? undefined : request.headers.cookie)) as T | null;
      },
      sendApi: async (method, path, body, contentType) => {
        if (!path.startsWith('/api/')) throw new Error(`sendApi only writes to the API, not ${path}`);
        // Never from a cached render: a write belongs to one visitor's request (a page's action).
        if (cached) throw new Error('sendApi is for a page posted by a visitor, never a cached render');
        const headers: Record<string, string> = {};
        for (const name of FORWARDED_HEADERS) {
          const value = request.headers[name];
          if (typeof value === 'string') headers[name] = value;
        }
        const response = await app.inject({
          method,
          url: path,
          // The visitor's own address, so the rate limits and the login lockout count them.
          remoteAddress: request.ip,
          // JSON, or a body already encoded (a file posted to a page, sent on as multipart).
          headers:
            body === undefined ? headers : { ...headers, 'content-type': contentType ?? 'application/json' },
          ...(body === undefined
            ? {}
            : {
                payload: contentType && body instanceof Uint8Array ? Buffer.from(body) : JSON.stringify(body),
              }),
        });
        let parsed: unknown = null;
        try {
          parsed = response.body ? JSON.parse(response.body) : null;
        } catch {
          parsed = null;
        }
        const setCookie = response.headers['set-cookie'];
        const cookies = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie];
        return { status: response.statusCode, body: parsed, cookies };
      },
    };
  };

  /**
   * One page rendered to bytes for the cache: the whole document, no nonce (its CSP lists hashes),
   * at `address` (its cache key, see pageCacheKey) as every visitor without a session sees it.
   */
  const renderWhole = async (request: FastifyRequest, address: string): Promise<RenderedPage> => {
    if (!renders.tryAcquire()) throw new BusyError();
    try {
      const response = await handle(
        toFetchRequest(request, undefined, address),
        await contextFor(request, '', true, address),
      );
      const headers: Record<string, string> = {};
      for (const [name, value] of response.headers) headers[name] = value;
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) headers['set-cookie'] = cookies.join(', ');
      return { status: response.status, headers, html: Buffer.from(await response.arrayBuffer()) };
    } finally {
      renders.release();
    }
  };

  // A cached page's CSP depends only on its bytes: made once per page, not per response.
  const csps = new WeakMap<CachedPage, string>();
  const cspOf = (page: CachedPage) => {
    let csp = csps.get(page);
    if (csp === undefined) {
      csp = pageCsp(config, { scriptHashes: page.scriptHashes });
      csps.set(page, csp);
    }
    return csp;
  };

  const sendCached = (
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

  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    // Unknown API paths stay JSON 404s; everything else is a page, the not-found page included.
    if (request.url === '/api' || request.url.startsWith('/api/')) return reply.callNotFound();
    try {
      // A page read (its document, or its data for a link followed in the page): noted on the visit.
      const read = request.url.replace(/\.data(?=\?|$)/, '');
      const ownCookie = isPublicPage(read) && (visitCookie?.notePage(request, reply, read) ?? false);
      const rendering = pageRendering(request, sessionCookie);
      if (pageCache && rendering === 'cached') {
        const key = pageCacheKey(request.url);
        const hit = pageCache.get(key);
        if (hit) return sendCached(request, reply, hit, 'hit', ownCookie);
        return sendCached(
          request,
          reply,
          await pageCache.load(key, () => renderWhole(request, key)),
          'miss',
          ownCookie,
        );
      }
      return await renderFresh(request, reply, rendering === 'shared');
    } catch (error) {
      if (error instanceof BusyError) return busy(reply);
      throw error;
    }
  };

  /**
   * A page rendered for this request alone (signed in, not cacheable, or `shared`: a live page as
   * everybody without a session sees it) with a fresh nonce: the whole document, then compressed
   * in one pass (no page streams data after its shell, so streaming only paid for many small
   * compression writes).
   */
  const renderFresh = async (request: FastifyRequest, reply: FastifyReply, shared = false) => {
    // The client has gone (timed out while waiting): nobody would read the page.
    if (request.raw.destroyed || reply.raw.destroyed) return reply;
    if (!renders.tryAcquire()) throw new BusyError();
    const controller = new AbortController();
    const abandon = () => controller.abort();
    reply.raw.once('close', abandon);
    try {
      // Development allows inline scripts without a nonce (Vite's client needs them); a nonce there
      // would only make React report the browser-hidden nonce attributes as hydration mismatches.
      const nonce = dev ? '' : randomBytes(16).toString('base64');
      const response = await handle(
        toFetchRequest(request, controller.signal),
        await contextFor(request, nonce, shared, shared ? pageCacheKey(request.url) : request.url, reply),
      );
      if (controller.signal.aborted) return reply;
      // An island's post (ADR 023) is answered JSON: a redirect is where it goes, not a move.
      const location = response.headers.get('location');
      if (
        request.headers[FORM_ANSWER_HEADER] === 'json' &&
        location &&
        response.status >= 300 &&
        response.status < 400
      ) {
        for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
        const answer: FormAnswerReply = { redirect: location };
        return reply.code(200).header('cache-control', 'no-store').send(answer);
      }
      const html = response.body ? Buffer.from(await response.arrayBuffer()) : null;
      if (controller.signal.aborted) return reply;
      reply.code(response.status);
      for (const [name, value] of response.headers) {
        if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
      }
      for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
      reply.header('content-security-policy', pageCsp(config, { nonce, dev }));
      // Pages show who is signed in: never stored by shared caches, always revalidated.
      if (!response.headers.has('cache-control')) reply.header('cache-control', 'private, no-cache');
      if (pageCache) reply.header('x-page-cache', 'bypass');
      if (!html) return reply.send();
      reply.header('vary', 'Accept-Encoding, Cookie');
      const encoding =
        html.length >= 1024 ? preferredEncoding(request.headers['accept-encoding']) : 'identity';
      if (encoding === 'identity') return reply.send(html);
      reply.header('content-encoding', encoding);
      return reply.send(await compressOnce(html, encoding));
    } finally {
      reply.raw.off('close', abandon);
      renders.release();
    }
  };
  /**
   * A page's hydration data, by the hash its HTML names (ADR 017): the same address always holds
   * the same bytes, so any cache may keep it for good. Gone from this process (another process
   * rendered the page, or it was pushed out), the page is rendered again as a visitor without a
   * session sees it; data that has changed since is still the page's data, only not for keeps.
   */
  const hydration = async (
    request: FastifyRequest<{ Params: { id: string }; Querystring: { path?: unknown } }>,
    reply: FastifyReply,
  ) => {
    if (!states) return reply.callNotFound();
    const { id } = request.params;
    const path = request.query.path;
    let state = states.get(id);
    // Found by its hash, it is these bytes for good; rendered again, only if they are the same.
    let lasting = state !== undefined;
    if (!state && typeof path === 'string' && path.length <= 2048 && isPublicPage(path)) {
      try {
        const kept = await renderState(request, path);
        state = kept === undefined ? undefined : states.get(kept);
        lasting = kept === id;
      } catch (error) {
        if (error instanceof BusyError) return busy(reply);
        throw error;
      }
    }
    if (!state) return reply.code(404).header('cache-control', 'no-store').send({ message: 'Not found' });
    return sendText(request, reply, state, {
      type: 'text/plain; charset=utf-8',
      cacheControl: lasting ? 'public, max-age=31536000, immutable' : 'no-store',
    });
  };

  /**
   * A page rendered afresh, as a visitor without a session would get it, for its hydration data:
   * kept as any render keeps it (contextFor); the id it was kept under, if the page has any.
   */
  const renderState = async (request: FastifyRequest, path: string): Promise<string | undefined> => {
    if (!renders.tryAcquire()) throw new BusyError();
    try {
      let kept: string | undefined;
      const context = await contextFor(request, '', true, path);
      context.startAfterPaint = {
        keepData: (state) => {
          kept = states?.keep(state);
          return hydrationStateUrl(kept ?? '', path);
        },
      };
      const url = new URL(path, `${request.protocol}://${request.host}`);
      const response = await handle(new Request(url, { headers: { accept: 'text/html' } }), context);
      await response.arrayBuffer();
      return kept;
    } finally {
      renders.release();
    }
  };

  /** Text kept with its compressed copies (made once), as the client's Accept-Encoding asks. */
  const sendText = async (
    request: FastifyRequest,
    reply: FastifyReply,
    text: HydrationState,
    { type, cacheControl }: { type: string; cacheControl: string },
  ) => {
    reply.header('content-type', type);
    reply.header('cache-control', cacheControl);
    reply.header('vary', 'Accept-Encoding');
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!states || encoding === 'identity') return reply.send(text.text);
    reply.header('content-encoding', encoding);
    return reply.send(await states.encoded(text, encoding));
  };

  app.get('/_hydration/:id', hydration);
  app.get('/*', page);
  app.get('/', page);
  // A form posted without JavaScript (or before its code arrived) goes to its page, whose action
  // sends it through the same API route as the script would. Form-encoded bodies are accepted
  // here only: the API stays JSON and multipart. The security plugin's origin check and control
  // character check apply to these routes as to every write.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => done(null, formFields(String(body))),
    );
    // A form with a file (the owner's Markdown import): kept whole for the page's action, which
    // reads it as the browser sent it. Its bytes sit behind a symbol, so the body check above the
    // routes (text fields only) does not walk them.
    scope.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'buffer', bodyLimit: FILE_FORM_BODY_LIMIT },
      (_request, body, done) => done(null, { [RAW_BODY]: body }),
    );
    // A file reaches a page only on the owner's two upload pages, and only from the owner: any
    // other multipart post is refused before its body is read (it would be buffered whole first).
    scope.addHook('onRequest', async (request) => {
      if (!request.headers['content-type']?.toLowerCase().startsWith('multipart/')) return;
      const path = routedAddress(request.url)
        .replace(/\?.*$/, '')
        .replace(/\.data$/, '');
      if (!UPLOAD_PAGES.has(path)) throw new HttpError(415, 'This page takes no files.');
      // The page's action reads the file through the admin API (its one guard); this only spares
      // reading 50 MB for a stranger, with the same answers as that guard.
      const user = await request.currentUser();
      if (!user) throw new HttpError(401, 'Authentication required');
      if (!user.isAdmin) throw new HttpError(403, 'Admin access required');
    });
    const post = async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.url === '/api' || request.url.startsWith('/api/')) return reply.callNotFound();
      try {
        return await renderFresh(request, reply);
      } catch (error) {
        if (error instanceof BusyError) return busy(reply);
        throw error;
      }
    };
    scope.post('/*', post);
    scope.post('/', post);
  });
}
