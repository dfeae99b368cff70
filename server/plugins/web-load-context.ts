/**
 * What a page's loaders and actions are given (React Router's load context): who is signed in,
 * the CSP nonce, the public read API in process, and for a posted form the API it writes through,
 * as the visitor who posted it.
 */
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiAnswer, WebLoadContext } from '../../common/web-context.ts';
import type { Config } from '../config.ts';
import { type HydrationStates, hydrationStateUrl } from '../lib/hydration-states.ts';
import { imageInliner } from '../lib/inline-images.ts';
import { contentImagesFolder } from '../paths.ts';
import type { apiReads } from './api-reads.ts';
import { FORWARDED_HEADERS } from './web-requests.ts';
import type { WebVisits } from './web-visits.ts';

export type ContextFor = (
  request: FastifyRequest,
  nonce: string,
  cached: boolean,
  path?: string,
  reply?: FastifyReply,
) => Promise<WebLoadContext>;

export interface LoadContextOptions {
  config: Config;
  staticCopy: boolean;
  /** Where a page kept for everybody leaves its hydration data (absent: the page starts at once). */
  states: HydrationStates | undefined;
  reads: ReturnType<typeof apiReads>;
  visitCookie: WebVisits | undefined;
}

/**
 * The load context of one render. `cached`: the page is the same for every visitor without a
 * session, so nobody is signed in on it and it writes nothing.
 */
export function loadContexts(
  app: FastifyInstance,
  { config, staticCopy, states, reads: { injectRead, readApi }, visitCookie }: LoadContextOptions,
): ContextFor {
  const inlineImage = imageInliner(contentImagesFolder);
  return async (request, nonce, cached, path = request.url, reply) => {
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
      inlineImage,
      readApi,
      readOwnApi: async <T>(path: string) => {
        if (!path.startsWith('/api/')) throw new Error(`readOwnApi only reads the API, not ${path}`);
        return (await injectRead(path, cached ? undefined : request.headers.cookie)) as T | null;
      },
      sendApi: async (method, path, body, contentType) => {
        if (!path.startsWith('/api/')) throw new Error(`sendApi only writes to the API, not ${path}`);
        // Never from a cached render: a write belongs to one visitor's request (a page's action).
        if (cached) throw new Error('sendApi is for a page posted by a visitor, never a cached render');
        return sendAsVisitor(app, request, method, path, body, contentType);
      },
    };
  };
}

type SendApi = WebLoadContext['sendApi'];

/** A page action's write, sent to the API in process with the visitor's own headers and address. */
async function sendAsVisitor(
  app: FastifyInstance,
  request: FastifyRequest,
  ...[method, path, body, contentType]: Parameters<SendApi>
): Promise<ApiAnswer> {
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
    headers: body === undefined ? headers : { ...headers, 'content-type': contentType ?? 'application/json' },
    ...(body === undefined
      ? {}
      : {
          payload:
            contentType && body instanceof ReadableStream
              ? Readable.fromWeb(body as NodeReadableStream)
              : JSON.stringify(body),
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
}
