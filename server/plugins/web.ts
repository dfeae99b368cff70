/**
 * Serves the React Router web app from the Fastify process: a thin adapter that turns a Fastify
 * request into a Fetch `Request`, hands it to React Router with the load context
 * (web-load-context.ts), and sends the `Response` back: a page kept for visitors without a session
 * from the page cache (web-cached-page.ts), any other rendered for its request. Beside the pages:
 * their hydration data (web-hydration.ts) and the forms posted to them (web-form-posts.ts).
 * Production serves the built app (`build/`); development runs Vite in middleware mode.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FORM_ANSWER_HEADER, type FormAnswerReply, type WebLoadContext } from '../../common/web-context.ts';
import type { Config } from '../config.ts';
import { HydrationStates } from '../lib/hydration-states.ts';
import { compressOnce, PageCache, type RenderedPage } from '../lib/page-cache.ts';
import { preferredEncoding } from '../lib/read-cache.ts';
import type { SiteEvents } from '../lib/site-events.ts';
import type { VisitCookies } from '../lib/visit.ts';
import { projectRoot } from '../paths.ts';
import { apiReads } from './api-reads.ts';
import { pageCsp } from './security.ts';
import { sessionCookieName } from './session.ts';
import { cachedPageSender } from './web-cached-page.ts';
import { formPostRoutes } from './web-form-posts.ts';
import { hydrationRoute } from './web-hydration.ts';
import { loadContexts } from './web-load-context.ts';
import {
  BusyError,
  buildHandler,
  busy,
  devHandler,
  isPublicPage,
  pageCacheKey,
  pageRendering,
  RenderLimiter,
  toFetchRequest,
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

  // The static copy's pages come from no server: no visit to note.
  const visitCookie = visits && !staticCopy ? webVisits(visits, config.isHttps) : undefined;

  const contextFor = loadContexts(app, {
    config,
    staticCopy,
    states,
    reads: apiReads(app, events),
    visitCookie,
  });

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

  const sendCached = cachedPageSender(config);

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
  hydrationRoute(app, { states, renders, contextFor, handle });
  app.get('/*', page);
  app.get('/', page);
  await formPostRoutes(app, renderFresh);
}
