/**
 * Cross-process invalidation of the read cache over PostgreSQL LISTEN/NOTIFY.
 * When several app processes share one PostgreSQL, a write in one must empty the
 * matching cache entries in all. Each process listens on one channel with a
 * dedicated connection and publishes its invalidations there; it ignores its own.
 * With embedded PGlite there is one process, so nothing is needed.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { ReadCache } from './read-cache.ts';

const CHANNEL = 'portfolio_cache_invalidate';

export interface CacheBus {
  close(): Promise<void>;
}

export async function connectCacheBus(
  url: string,
  cache: ReadCache,
  onError: (error: Error) => void,
): Promise<CacheBus> {
  const origin = randomUUID();
  const listener = new pg.Client({ connectionString: url });
  const publisher = new pg.Pool({ connectionString: url, max: 1 });
  listener.on('error', onError);
  publisher.on('error', onError);
  await listener.connect();
  listener.on('notification', (message) => {
    if (message.channel !== CHANNEL || !message.payload) return;
    try {
      const { from, prefixes } = JSON.parse(message.payload) as { from: string; prefixes: string[] };
      // A message we sent ourselves: the local cache was already invalidated.
      if (from !== origin && Array.isArray(prefixes)) cache.invalidateLocal(prefixes.map(String));
    } catch (error) {
      onError(error as Error);
    }
  });
  await listener.query(`LISTEN ${CHANNEL}`);
  cache.onInvalidate = (prefixes) => {
    publisher
      .query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify({ from: origin, prefixes })])
      .catch(onError);
  };
  return {
    async close() {
      cache.onInvalidate = undefined;
      await listener.end().catch(() => {});
      await publisher.end().catch(() => {});
    },
  };
}
