/**
 * A page's hydration data (ADR 017), at the address its HTML names: kept by the process that
 * rendered the page, or made again by rendering the page as a visitor without a session sees it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type HydrationState, type HydrationStates, hydrationStateUrl } from '../lib/hydration-states.ts';
import { ownUrl } from '../lib/own-address.ts';
import { preferredEncoding } from '../lib/read-cache.ts';
import type { Handler } from './web.ts';
import type { ContextFor } from './web-load-context.ts';
import { BusyError, busy, isPublicPage, type RenderLimiter } from './web-requests.ts';

export interface HydrationRouteOptions {
  states: HydrationStates | undefined;
  renders: RenderLimiter;
  contextFor: ContextFor;
  handle: Handler;
}

/** `GET /_hydration/:id`: a 404 where pages start at once (development, the static copy). */
export function hydrationRoute(
  app: FastifyInstance,
  { states, renders, contextFor, handle }: HydrationRouteOptions,
) {
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
      const url = ownUrl(request, path);
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
}
