/**
 * How a page request reaches React Router: Fastify's request as a fetch Request (the headers it
 * may see, a posted form's body as sent), the limit on renders at once (a quick 503 past it),
 * which pages may be kept for visitors without a session, and the build's or Vite's handler.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type AppLoadContext, createRequestHandler, type ServerBuild } from 'react-router';
import { MAX_IMPORT_BYTES } from '../../common/markdown-import.ts';
import { projectRoot } from '../paths.ts';
import { plainPage } from './errors.ts';
import type { Handler } from './web.ts';

/** The largest form a page takes (a guest post's body is the longest field, 50,000 characters). */
export const FORM_BODY_LIMIT = 512 * 1024;

/** The largest form with a file a page takes: the Markdown import's zip, and room for its fields. */
export const FILE_FORM_BODY_LIMIT = MAX_IMPORT_BYTES + 64 * 1024;

/** Where a page post's multipart body waits for the page's action, unparsed. */
export const RAW_BODY = Symbol('raw multipart body');

/** What a page's action passes on to the API it writes through: who is asking, and their session. */
export const FORWARDED_HEADERS = ['cookie', 'user-agent', 'accept-language', 'referer'] as const;

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

/** A page (by its address) that everybody without a session sees alike: see UNCACHED_PAGES. */
export function isPublicPage(url: string): boolean {
  // Another site's address, the API and the pages' data are not pages.
  if (!/^\/(?![/\\])/.test(url) || /^\/(api|_hydration)(\/|\?|$)/.test(url)) return false;
  if (UNCACHED_PAGES.test(url)) return false;
  // React Router's data requests for client-side navigation are rendered per request.
  if (/\.data(\?|$)/.test(url)) return false;
  // A draft through its private preview link: never kept, never handed to someone else.
  if (/[?&]preview=/.test(url)) return false;
  // The page a resume request came back to holds that visitor's download link.
  if (/^\/resume\?(.*&)?request=/.test(url)) return false;
  return true;
}

/**
 * Pages everybody without a session sees alike. Sign-in, the image generator, the dashboard and the
 * private pages of a booked call, of a testimonial and of a newsletter subscriber's links (read on
 * the server as their visitor) are never cached.
 */
const UNCACHED_PAGES =
  /^\/(admin|auth|generate-images|booking|testimonial|newsletter\/(confirm|unsubscribe))(\/|\?|$)/;

export function isCacheable(request: FastifyRequest, sessionCookie: string): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (!isPublicPage(request.url)) return false;
  const cookie = request.headers.cookie;
  return !cookie?.includes(`${sessionCookie}=`);
}

export function toFetchRequest(request: FastifyRequest, signal?: AbortSignal): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
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
      ? new Uint8Array(raw)
      : posted
        ? formBody(request.body as Record<string, string | string[]>)
        : undefined;
  if (body !== undefined && raw === undefined)
    headers.set('content-type', 'application/x-www-form-urlencoded;charset=UTF-8');
  headers.delete('content-length');
  return new Request(url, {
    method: request.method,
    headers,
    ...(body !== undefined ? { body } : {}),
    ...(signal ? { signal } : {}),
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
  return (request, context) => handler(request, context as unknown as AppLoadContext);
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
