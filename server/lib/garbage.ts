/**
 * V8 frees a large buffer only at its next full collection, and an idle server may not have one for
 * hours: opening and seeding the database leave a few hundred MB (628 MB resident after a first
 * start, 310 MB after one collection), and a large body read whole leaves copies of it (a 45 MB
 * import: about 450 MB resident with its body kept, 320 MB let go and collected; bench:memory).
 * `npm start` exposes the collector (`--expose-gc`); started otherwise, these do nothing.
 */
import type { FastifyInstance } from 'fastify';

/** One full collection, where the collector is exposed. */
export function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/** A request body this large is collected once answered (an upload, an import, a restore). */
export const LARGE_BODY_BYTES = 8 * 1024 * 1024;

/**
 * Once a request with a large body is answered, its body is let go (the request itself may be held
 * a while: a page's render keeps its last request until the next) and collected rather than kept.
 */
export function collectAfterLargeBodies(app: FastifyInstance): void {
  app.addHook('onResponse', async (request) => {
    if (Number(request.headers['content-length']) < LARGE_BODY_BYTES) return;
    request.body = undefined;
    setImmediate(collectGarbage);
  });
}
