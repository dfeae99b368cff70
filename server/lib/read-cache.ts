/**
 * In-memory cache of serialised public read responses. Public reads (blog list,
 * posts, skills, comments, endorsements) change only when someone writes, so
 * each answer is serialised once and served as a string until a write
 * invalidates its key prefix. Bounded: the oldest entry goes when it is full.
 */
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';

export class ReadCache {
  readonly #entries = new Map<string, string>();
  constructor(readonly maxEntries = 1000) {}

  get size(): number {
    return this.#entries.size;
  }

  /**
   * The cached JSON for `key`, or the result of `load` validated against `schema`
   * (which also strips any field the schema does not name) and cached. A load
   * that returns null (not found) is not cached.
   */
  async json<S extends z.ZodType>(
    key: string,
    schema: S,
    load: () => Promise<z.input<S> | null>,
  ): Promise<string | null> {
    const hit = this.#entries.get(key);
    if (hit !== undefined) return hit;
    const value = await load();
    if (value === null) return null;
    const body = JSON.stringify(schema.parse(value));
    if (this.#entries.size >= this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(key, body);
    return body;
  }

  /** Told of every invalidation, so other processes can drop the same keys (see cache-bus.ts). */
  onInvalidate?: (prefixes: string[]) => void;

  /** Drops every entry whose key starts with one of the prefixes, here and in the other processes. */
  invalidate(...prefixes: string[]): void {
    this.invalidateLocal(prefixes);
    this.onInvalidate?.(prefixes);
  }

  /** Drops the entries in this process only: what a message from another process asks for. */
  invalidateLocal(prefixes: string[]): void {
    for (const key of this.#entries.keys()) {
      if (prefixes.some((prefix) => key.startsWith(prefix))) this.#entries.delete(key);
    }
  }

  clear(): void {
    this.#entries.clear();
  }
}

/** Sends an already serialised JSON body as it is. */
export function sendJson(reply: FastifyReply, body: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}
