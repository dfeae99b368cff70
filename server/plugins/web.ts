/**
 * Serves the React Router web app from the Fastify process: a thin adapter that
 * turns a Fastify request into a Fetch `Request`, hands it to React Router with
 * the load context (the signed-in user, the CSP nonce and the public read API
 * in process), and streams the `Response` back. Production serves the built
 * app (`build/`): hashed assets with a year of immutable caching and their
 * precompressed copies. Development runs Vite in middleware mode for hot reload.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type AppLoadContext, createRequestHandler, type ServerBuild } from 'react-router';
import type { WebLoadContext } from '../../common/web-context.ts';
import type { Config } from '../config.ts';
import { projectRoot } from '../paths.ts';
import { pageCsp } from './security.ts';

export const webBuildFolder = join(projectRoot, 'build');

export interface WebOptions {
  config: Config;
  /** `build`: serve the production build; `dev`: Vite with hot reload (needs the dev dependencies). */
  mode: 'build' | 'dev';
  /** Where the production build is; defaults to build/ in the project. */
  buildFolder?: string;
  /** Render pages for the static copy of the site (the static export): no analytics, no server features. */
  staticCopy?: boolean;
}

type Handler = (request: Request, context: WebLoadContext) => Promise<Response>;

export async function webPlugin(
  app: FastifyInstance,
  { config, mode, buildFolder = webBuildFolder, staticCopy = false }: WebOptions,
) {
  const handle = mode === 'dev' ? await devHandler(app) : await buildHandler(app, buildFolder);
  const dev = mode === 'dev';

  const readApi = async <T>(path: string): Promise<T | null> => {
    if (!path.startsWith('/api/')) throw new Error(`readApi only reads the API, not ${path}`);
    const response = await app.inject({ method: 'GET', url: path });
    if (response.statusCode === 404) return null;
    if (response.statusCode !== 200) throw new Error(`GET ${path} answered ${response.statusCode}`);
    return response.json() as T;
  };

  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    // Unknown API paths stay JSON 404s; everything else is a page, the not-found page included.
    if (request.url === '/api' || request.url.startsWith('/api/')) return reply.callNotFound();
    // Development allows inline scripts without a nonce (Vite's client needs them); a nonce there
    // would only make React report the browser-hidden nonce attributes as hydration mismatches.
    const nonce = dev ? '' : randomBytes(16).toString('base64');
    const context: WebLoadContext = {
      nonce,
      siteUrl: config.publicUrl,
      staticCopy,
      imageGenerator: config.AI_PROVIDER === 'local' ? 'built-in' : 'ai-service',
      user: await request.currentUser(),
      readApi,
    };
    const controller = new AbortController();
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) controller.abort();
    });
    const response = await handle(toFetchRequest(request, controller.signal), context);
    reply.code(response.status);
    for (const [name, value] of response.headers) {
      if (name !== 'set-cookie') reply.header(name, value);
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    reply.header('content-security-policy', pageCsp(config, { nonce, dev }));
    // Pages show who is signed in: never stored by shared caches, always revalidated.
    if (!response.headers.has('cache-control')) reply.header('cache-control', 'private, no-cache');
    if (!response.body) return reply.send();
    return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
  };
  app.get('/*', page);
  app.get('/', page);
}

function toFetchRequest(request: FastifyRequest, signal: AbortSignal): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  return new Request(url, { method: request.method, headers, signal });
}

async function buildHandler(app: FastifyInstance, buildFolder: string): Promise<Handler> {
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

async function devHandler(app: FastifyInstance): Promise<Handler> {
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
