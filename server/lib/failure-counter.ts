/**
 * Counts failures per key inside a time window (login backoff). In the database
 * by default, in Redis when REDIS_URL is set; either way a restart forgets nothing
 * and several processes share the count.
 */
import type { Redis } from 'ioredis';
import type { WindowCounters } from './window-counters.ts';

export interface FailureCounter {
  /** Failures recorded for the key within the window, and seconds until the oldest expires. */
  get(key: string): Promise<{ count: number; retryAfterSeconds: number }>;
  record(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

/** Failures as fixed-window rows in the database: they survive a restart and are shared by processes. */
export function databaseFailureCounter(counters: WindowCounters, windowMs: number): FailureCounter {
  const name = (key: string) => `login-failures:${key}`;
  return {
    async get(key) {
      const { count, ttlMs } = await counters.read(name(key));
      return { count, retryAfterSeconds: count > 0 ? Math.max(1, Math.ceil(ttlMs / 1000)) : 0 };
    },
    async record(key) {
      await counters.hit(name(key), windowMs);
    },
    async reset(key) {
      await counters.reset(name(key));
    },
  };
}

export function redisFailureCounter(redis: Redis, windowMs: number): FailureCounter {
  const name = (key: string) => `portfolio-login-failures:${key}`;
  return {
    async get(key) {
      const [count, ttl] = await Promise.all([redis.get(name(key)), redis.pttl(name(key))]);
      return { count: Number(count ?? 0), retryAfterSeconds: ttl > 0 ? Math.ceil(ttl / 1000) : 0 };
    },
    async record(key) {
      const count = await redis.incr(name(key));
      if (count === 1) await redis.pexpire(name(key), windowMs);
    },
    async reset(key) {
      await redis.del(name(key));
    },
  };
}
