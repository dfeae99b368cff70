/**
 * In-memory cache of serialised public read responses. Public reads (blog list,
 * posts, skills, comments, endorsements) change only when someone writes, so
 * each answer is serialised once and served as a string until a write
 * invalidates its key prefix. Bounded: the oldest entry goes when it is full.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { SiteEvents } from './site-events.ts';

export class ReadCache {
  readonly #entries = new Map<string, string>();
  /** Every invalidation here (a local write or another process's) is told as 'public-content-changed'. */
  constructor(
    readonly events = new SiteEvents(),
    readonly maxEntries = 1000,
  ) {}

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
    this.events.emit('public-content-changed', prefixes);
  }

  clear(): void {
    this.#entries.clear();
    this.events.emit('public-content-changed', ['']);
  }
}

// Compressed copies of cached bodies, keyed by the body itself (the read cache hands out the same
// string until a write replaces it, and V8 keeps a string's hash), so a cached read is compressed
// once, not on every request. Bounded: the oldest goes first.
const compressed = new Map<string, { br?: Buffer; gzip?: Buffer }>();
const MAX_COMPRESSED = 1000;
const COMPRESS_FROM_BYTES = 1024;

/**
 * Sends an already serialised JSON body, compressed as the client accepts (Brotli or gzip,
 * made once per body). Bodies under 1 KB go as they are.
 */
export function sendJson(reply: FastifyReply, body: string): FastifyReply {
  reply.type('application/json; charset=utf-8');
  if (body.length < COMPRESS_FROM_BYTES) return reply.send(body);
  reply.header('vary', 'Accept-Encoding');
  const encoding = preferredEncoding(reply.request.headers['accept-encoding']);
  if (encoding === 'identity') return reply.send(body);
  let entry = compressed.get(body);
  if (!entry) {
    if (compressed.size >= MAX_COMPRESSED) {
      const oldest = compressed.keys().next().value;
      if (oldest !== undefined) compressed.delete(oldest);
    }
    entry = {};
    compressed.set(body, entry);
  }
  entry[encoding] ??=
    encoding === 'br'
      ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } })
      : gzipSync(body, { level: 9 });
  return reply.header('content-encoding', encoding).send(entry[encoding]);
}

/** Brotli, then gzip, as the client accepts them (a q=0 refuses). */
export function preferredEncoding(header: string | undefined): 'br' | 'gzip' | 'identity' {
  if (!header) return 'identity';
  const accepted = new Set(
    header
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || !/^\s*q\s*=\s*0(\.0*)?\s*$/.test(q))
      .map(([name]) => name?.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return 'identity';
}
