/**
 * How a page request reaches React Router: Fastify's request as a fetch Request (the headers it
 * may see, a posted form's body as sent), the limit on renders at once (a quick 503 past it),
 * which pages may be kept for visitors without a session, and the build's or Vite's handler.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import { type CompactPlan, createProcessor } from 'beasties/runtime';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type AppLoadContext, createRequestHandler, type ServerBuild } from 'react-router';
import { MAX_IMPORT_BYTES } from '../../common/markdown-import.ts';
import { ownUrl } from '../lib/own-address.ts';
import { holdsSecret } from '../lib/private-addresses.ts';
import { withoutUnreadProperties } from '../lib/unread-properties.ts';
import { projectRoot } from '../paths.ts';
import { plainPage } from './errors.ts';
import type { Handler } from './web.ts';

/** The largest form a page takes (a guest post's body is the longest field, 50,000 characters). */
export const FORM_BODY_LIMIT = 512 * 1024;

/**
 * The largest form with a file a page takes: the Markdown import's zip (or a post's video, as
 * large), and room for the fields of the longest form (a post's).
 */
export const FILE_FORM_BODY_LIMIT = MAX_IMPORT_BYTES + FORM_BODY_LIMIT;

/**
 * The pages a form with a file is posted to (the owner's imports, and the post editor without its
 * code): no other page reads a multipart body.
 */
export const UPLOAD_PAGES = new Set(['/admin/blog', '/admin/blog/data', '/admin/blog/newsletter']);

/** Where a page post's multipart body waits for the page's action, unparsed. */
export const RAW_BODY = Symbol('raw multipart body');

/** What a page's action passes on to the API it writes through: who is asking, and their session. */
export const FORWARDED_HEADERS = ['cookie', 'user-agent', 'accept-language', 'referer', 'sec-gpc'] as const;

/** A form-encoded body as an object of its fields (a field sent twice keeps both, in order). */
export function formFields(body: string): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = Object.create(null);
  for (const [name, value] of new URLSearchParams(body)) {
    const earlier = fields[name];
    fields[name] =
      earlier === undefined ? value : Array.isArray(earlier) ? [...earlier, value] : [earlier, value];
  }
  return fields;
}

/** Renders at once are bounded; past the bound a page answers 503 at once instead of queueing. */
export class RenderLimiter {
  #active = 0;
  constructor(readonly max: number) {}
  tryAcquire(): boolean {
    if (this.#active >= this.max) return false;
    this.#active++;
    return true;
  }
  release(): void {
    this.#active = Math.max(0, this.#active - 1);
  }
}

export class BusyError extends Error {}

export const BUSY_MESSAGE = 'The site is busy right now. Please try again in a moment.';

export function busy(reply: FastifyReply) {
  return reply
    .code(503)
    .header('retry-after', '2')
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(plainPage('503 Service Unavailable', BUSY_MESSAGE));
}

/**
 * A page's address as the router matches it: its path decoded segment by segment, an encoded slash
 * staying one segment's (`%2F`: React Router hands `/booking/%2Fx` to the booking page, its token
 * `/x`), in lower case and without a trailing slash (React Router matches `/Testimonial/x`,
 * `/%74estimonial/x` and `/resume/` as `/testimonial/x` and `/resume`), followed by its query as
 * sent. Every rule about which pages are private reads this, so no other spelling of a private
 * page slips past them.
 */
export function routedAddress(url: string): string {
  const queryAt = url.indexOf('?');
  let path = queryAt === -1 ? url : url.slice(0, queryAt);
  try {
    path = path
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    // Not valid percent-encoding: the router cannot decode it either; matched as sent.
  }
  path = path.toLowerCase().replace(/(.)\/+$/, '$1');
  return queryAt === -1 ? path : path + url.slice(queryAt);
}

/** A page (by its address) that everybody without a session sees alike: see UNCACHED_PAGES. */
export function isPublicPage(address: string): boolean {
  // Another site's address and the API are not pages.
  if (!/^\/(?![/\\])/.test(address)) return false;
  const url = routedAddress(address);
  if (!/^\/(?![/\\])/.test(url) || /^\/api(\/|\?|$)/.test(url)) return false;
  if (UNCACHED_PAGES.test(url)) return false;
  // React Router's data requests for client-side navigation are rendered per request.
  if (/\.data(\?|$)/.test(url)) return false;
  // A private address (a booked call's page, a draft's preview, the page a resume request came
  // back to, with that visitor's download link...): never kept, never handed to someone else.
  return !holdsSecret(url);
}

/**
 * Pages everybody without a session sees alike. Sign-in, the image generator and the dashboard,
 * which are each visitor's own, are never cached, and neither is any private address
 * (private-addresses.ts).
 */
const UNCACHED_PAGES = /^\/(admin|auth|generate-images)(\/|\?|$)/;

/**
 * Public pages that are rendered for each request all the same: 'Book a call', whose free times
 * change with every booking, with the owner's calendar and with the clock, as
 * `/api/booking/slots` does, which no cache keeps either (a time just booked was offered for ten
 * more minutes, issue 65). Still a page like any other public one: its visit is noted, and its
 * code and data come after its paint (ADR 017).
 */
const LIVE_PAGES = /^\/book-a-call(\/|\?|$)/;

/**
 * The query parameters any page reads when it renders (the blog's and the newsletter's page, search
 * and tag, a form's done state, the recommendations' shared project, the home page's project
 * filter, sign-in's tab and error, the call type chosen on 'Book a call', and the private pages'
 * own). Every other parameter (a campaign's utm_*, a click id, anything at all) changes nothing a
 * page shows.
 */
export const PAGE_PARAMS = new Set([
  'page',
  'q',
  'tag',
  'done',
  'project',
  'projects',
  'tab',
  'error',
  'preview',
  'request',
  'change',
  'issue',
  'type',
]);

/**
 * A public page's key in the page cache, which is also the address it is rendered for: its path
 * and only the parameters a page reads (PAGE_PARAMS), in the order sent. An address with any other
 * parameter is the same page: it is rendered once and kept once, so a stream of made-up query
 * strings neither renders the page each time nor pushes real pages out of the cache (issue 45).
 */
export function pageCacheKey(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return url;
  const kept = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(url.slice(queryAt + 1))) {
    if (PAGE_PARAMS.has(name)) kept.append(name, value);
  }
  const query = kept.toString();
  return query ? `${url.slice(0, queryAt)}?${query}` : url.slice(0, queryAt);
}

/**
 * How a request for a page is rendered: `cached`, once for everybody without a session and kept
 * (the page cache); `shared`, as everybody without a session sees it but for this request alone
 * (LIVE_PAGES); `own`, for this visitor (signed in, a form posted, a private page).
 */
export function pageRendering(request: FastifyRequest, sessionCookie: string): 'cached' | 'shared' | 'own' {
  if (request.method !== 'GET' && request.method !== 'HEAD') return 'own';
  if (!isPublicPage(request.url)) return 'own';
  if (request.headers.cookie?.includes(`${sessionCookie}=`)) return 'own';
  return LIVE_PAGES.test(routedAddress(request.url)) ? 'shared' : 'cached';
}

export function toFetchRequest(
  request: FastifyRequest,
  signal?: AbortSignal,
  address = request.url,
): Request {
  const url = ownUrl(request, address);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  // A posted form's fields, form-encoded again for the page's action (parsed once for the checks);
  // a form with a file, as it came (its content type, with its boundary, is the browser's).
  const posted = request.method === 'POST' && request.body && typeof request.body === 'object';
  const raw = posted ? (request.body as { [RAW_BODY]?: Buffer })[RAW_BODY] : undefined;
  const body =
    raw !== undefined
      ? streamOf(raw)
      : posted
        ? formBody(request.body as Record<string, string | string[]>)
        : undefined;
  if (body !== undefined && raw === undefined)
    headers.set('content-type', 'application/x-www-form-urlencoded;charset=UTF-8');
  headers.delete('content-length');
  return new Request(url, {
    method: request.method,
    headers,
    ...(body !== undefined ? { body, duplex: 'half' as const } : {}),
    ...(signal ? { signal } : {}),
  });
}

/**
 * A body read whole, as a stream the page reads once: a buffer given as the body would be copied,
 * and that copy kept as long as the request is, which the render's context holds until the next.
 */
function streamOf(bytes: Buffer): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

function formBody(fields: Record<string, string | string[]>): string {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
  }
  return body.toString();
}

export async function buildHandler(app: FastifyInstance, buildFolder: string): Promise<Handler> {
  const serverEntry = join(buildFolder, 'server', 'index.js');
  if (!existsSync(serverEntry)) {
    throw new Error(`The web app is not built (${serverEntry} is missing): run \`npm run build\``);
  }
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  // Every file of the client build gets its own route; hashed assets are cached for a year.
  await app.register(fastifyStatic, {
    root: join(buildFolder, 'client'),
    prefix: '/',
    wildcard: false,
    index: false,
    decorateReply: false,
    preCompressed: true,
    setHeaders(reply, path) {
      reply.header(
        'cache-control',
        path.includes(`${join('client', 'assets')}`)
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=86400',
      );
    },
  });
  const handler = createRequestHandler(build, 'production');
  const inlineCriticalCss = criticalCssOf(buildFolder);
  return (request, context) =>
    handler(
      request,
      (inlineCriticalCss ? { ...context, inlineCriticalCss } : context) as unknown as AppLoadContext,
    );
}

/**
 * A page's critical CSS, from the plans the build made of its stylesheets (scripts/critical-css.ts,
 * ADR 029): the rules the page's HTML uses, in a <style> where its stylesheet was, and the
 * stylesheet's link at the end of the body (which `criticalCssIn`, web/entry.server.tsx, puts in a
 * <noscript>: with scripting the islands' starter fetches it). What comes after the paint is the
 * stylesheet's late copy, without the faces the <style> already declares. The <style> leaves out the
 * custom properties nothing on the page reads (`withoutUnreadProperties`). None for a build without
 * plans (a static copy's sub-path build).
 */
function criticalCssOf(buildFolder: string): ((html: string) => string) | undefined {
  const file = join(buildFolder, 'server', 'critical-css.json');
  if (!existsSync(file)) return undefined;
  const { plans, late } = JSON.parse(readFileSync(file, 'utf8')) as {
    plans: CompactPlan[];
    late: Record<string, string>;
  };
  const processor = createProcessor(plans, {
    preload: 'body',
    // The faces' rules come with the text that names them; they are fetched when the first layout
    // needs them, never preloaded (ADR 026).
    inlineFonts: true,
    preloadFonts: false,
  });
  // The stylesheet's address is left in two places, both quoted: the moved link and the starter's
  // argument.
  const copies = Object.entries(late).map(([href, copy]) => [`"${href}"`, `"${copy}"`] as const);
  return (html) =>
    copies.reduce(
      (page, [href, copy]) => page.replaceAll(href, copy),
      withoutUnreadProperties(processor.process(html)),
    );
}

export async function devHandler(app: FastifyInstance): Promise<Handler> {
  const [{ createServer }, { default: middie }] = await Promise.all([
    import('vite'),
    import('@fastify/middie'),
  ]);
  const vite = await createServer({
    root: projectRoot,
    server: { middlewareMode: true, hmr: { server: app.server } },
    appType: 'custom',
  });
  app.addHook('onClose', () => vite.close());
  await app.register(middie);
  app.use(vite.middlewares);
  const handler = createRequestHandler(
    () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
    'development',
  );
  return (request, context) => handler(request, context as unknown as AppLoadContext);
}
