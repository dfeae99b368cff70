/**
 * Fixed-window counters in the database (`rate_counters`): the write rate limits and
 * the login lockout when REDIS_URL is not set. One upsert per hit, so a restart
 * forgets nothing and processes sharing one PostgreSQL count together.
 */
import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateCounters } from '../db/schema.ts';
import { nowAndThen } from './now-and-then.ts';

export interface WindowCount {
  count: number;
  /** Milliseconds until the window ends (0 when there is no window). */
  ttlMs: number;
}

export interface WindowCounters {
  /** Counts one hit; a key whose window has ended starts a new one of `windowMs`. */
  hit(key: string, windowMs: number): Promise<WindowCount>;
  read(key: string): Promise<WindowCount>;
  reset(key: string): Promise<void>;
}

const SWEEP_EVERY_MS = 10 * 60 * 1000;

export function databaseWindowCounters(db: Db, now: () => number = Date.now): WindowCounters {
  const sweepDue = nowAndThen(SWEEP_EVERY_MS, now);
  const timestamp = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;
  return {
    async hit(key, windowMs) {
      const at = now();
      if (sweepDue()) {
        // Ended windows count for nothing; dropping them keeps the table at the size of the traffic.
        await db.delete(rateCounters).where(lt(rateCounters.resetAt, timestamp(at)));
      }
      const ended = sql`${rateCounters.resetAt} <= ${timestamp(at)}`;
      const [row] = await db
        .insert(rateCounters)
        .values({ key, count: 1, resetAt: new Date(at + windowMs) })
        .onConflictDoUpdate({
          target: rateCounters.key,
          set: {
            count: sql`case when ${ended} then 1 else ${rateCounters.count} + 1 end`,
            resetAt: sql`case when ${ended} then excluded.reset_at else ${rateCounters.resetAt} end`,
          },
        })
        .returning({ count: rateCounters.count, resetAt: rateCounters.resetAt });
      return { count: row?.count ?? 1, ttlMs: Math.max(0, (row?.resetAt.getTime() ?? at) - at) };
    },
    async read(key) {
      const at = now();
      const [row] = await db.select().from(rateCounters).where(eq(rateCounters.key, key));
      if (!row || row.resetAt.getTime() <= at) return { count: 0, ttlMs: 0 };
      return { count: row.count, ttlMs: row.resetAt.getTime() - at };
    },
    async reset(key) {
      await db.delete(rateCounters).where(eq(rateCounters.key, key));
    },
  };
}

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A store for @fastify/rate-limit over window counters. `child` gives each route its own
 * key space, as the plugin's Redis store does.
 */
export function rateLimitStore(counters: WindowCounters) {
  return class DatabaseRateLimitStore {
    // The plugin passes its settings first; the key prefix is ours.
    constructor(
      _settings?: unknown,
      readonly prefix = 'rl:',
    ) {}
    incr(key: string, callback: Callback, timeWindow: number) {
      counters.hit(this.prefix + key, timeWindow).then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
        (error: Error) => callback(error),
      );
    }
    read(key: string, callback: Callback) {
      counters.read(this.prefix + key).then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
        (error: Error) => callback(error),
      );
    }
    // The plugin passes the route's merged limit settings, with the route under `routeInfo`.
    child(settings: object) {
      const route = (settings as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      return new DatabaseRateLimitStore(undefined, `rl:${String(route?.method)}${String(route?.url)}:`);
    }
  };
}
