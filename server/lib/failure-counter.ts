/**
 * Counts failures per key inside a time window (login backoff). In memory for
 * one process; in Redis when REDIS_URL is set, so several processes share it.
 */
import type { Redis } from 'ioredis';

export interface FailureCounter {
  /** Failures recorded for the key within the window, and seconds until the oldest expires. */
  get(key: string): Promise<{ count: number; retryAfterSeconds: number }>;
  record(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

export function memoryFailureCounter(windowMs: number, now: () => number = Date.now): FailureCounter {
  const failures = new Map<string, number[]>();
  const recent = (key: string) => {
    const cutoff = now() - windowMs;
    const list = (failures.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length === 0) failures.delete(key);
    else failures.set(key, list);
    return list;
  };
  return {
    async get(key) {
      const list = recent(key);
      const oldest = list[0];
      return {
        count: list.length,
        retryAfterSeconds:
          oldest === undefined ? 0 : Math.max(1, Math.ceil((oldest + windowMs - now()) / 1000)),
      };
    },
    async record(key) {
      failures.set(key, [...recent(key), now()]);
    },
    async reset(key) {
      failures.delete(key);
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
