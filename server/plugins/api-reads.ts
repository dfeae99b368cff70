/**
 * How a page's loaders read the API: through the app itself (no network), as the visitor would.
 * Public reads are shared by every render until a public-content change (the loaders' read memo).
 */
import type { FastifyInstance } from 'fastify';
import type { SiteEvents } from '../lib/site-events.ts';

/** How many public API answers the memo keeps (the oldest goes first). */
const MAX_SHARED_READS = 500;

export function apiReads(app: FastifyInstance, events: Pick<SiteEvents, 'on'> | undefined) {
  /** An answer and whether it may be shared: one the API says no cache may keep is not. */
  const answerOf = async (path: string, cookie?: string): Promise<{ body: unknown; shared: boolean }> => {
    const response = await app.inject({
      method: 'GET',
      url: path,
      ...(cookie ? { headers: { cookie } } : {}),
    });
    const shared = !/\bno-store\b/.test(String(response.headers['cache-control'] ?? ''));
    if (response.statusCode === 404) return { body: null, shared };
    if (response.statusCode !== 200) throw new Error(`GET ${path} answered ${response.statusCode}`);
    return { body: response.json(), shared };
  };
  const injectRead = async (path: string, cookie?: string): Promise<unknown> =>
    (await answerOf(path, cookie)).body;
  // Loaders read the public API as a visitor without a session would: the same answer for every
  // render until a write changes it, so each is read and parsed once, not through a full request
  // per render. Bounded like the page cache; a failed read is not kept, nor one whose answer says
  // `no-store` (the free times of 'Book a call', which every booking and the clock change: kept,
  // a time just booked was offered again, issue 65).
  const reads = new Map<string, Promise<unknown>>();
  events?.on('public-content-changed', () => reads.clear());
  const readApi = async <T>(path: string): Promise<T | null> => {
    if (!path.startsWith('/api/')) throw new Error(`readApi only reads the API, not ${path}`);
    if (!events) return (await injectRead(path)) as T | null;
    let read = reads.get(path);
    if (!read) {
      const answer = answerOf(path);
      const started = answer.then(({ body }) => body);
      if (reads.size >= MAX_SHARED_READS) reads.delete(reads.keys().next().value ?? '');
      reads.set(path, started);
      answer.then(
        ({ shared }) => {
          if (!shared && reads.get(path) === started) reads.delete(path);
        },
        () => {
          if (reads.get(path) === started) reads.delete(path);
        },
      );
      read = started;
    }
    return (await read) as T | null;
  };
  return { injectRead, readApi };
}
