/**
 * Rendered public pages for visitors without a session, kept as finished bytes:
 * the HTML with Brotli and gzip copies made once, an ETag, and the CSP hashes of
 * its inline scripts (cached bytes cannot carry a fresh nonce per response; see
 * ADR 009). Emptied whenever the read cache is invalidated (any write that changes
 * what a page shows, in this process or another), and entries expire after a
 * while so relative dates ("3 days ago") never go stale for long. Bounded: the
 * oldest entry goes when it is full. Concurrent misses for one address share one
 * render.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { SiteEvents } from './site-events.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface RenderedPage {
  status: number;
  /** Response headers of the render (content type and the like), without CSP or caching headers. */
  headers: Record<string, string>;
  html: Buffer;
}

export interface CachedPage extends RenderedPage {
  /** Brotli at a fast level when stored, replaced by the smallest copy once it is made (see below). */
  br: Buffer;
  /** The Brotli quality of `br` (part of its ETag: a smaller copy is a new representation). */
  brQuality: number;
  gzip: Buffer;
  etag: string;
  /** `'sha256-…'` sources for every inline script the page runs. */
  scriptHashes: string[];
  storedAt: number;
}

// An inline script: a <script> without a src attribute, and its text. One of JSON (the islands'
// props, the page's structured data) is data the browser never runs: no policy needs its hash.
const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc=)(?![^>]*\stype="[^"]*json")[^>]*>([\s\S]*?)<\/script>/gi;

/** The CSP hash sources of a page's inline scripts, as the browser computes them (over the raw text). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const text = match[1] ?? '';
    if (text === '') continue;
    hashes.add(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/**
 * One page for one response, compressed in a single pass off the main thread (Brotli at a fast
 * level: the bytes are sent once). Streaming React's many small writes through a compression
 * stream cost more than the render's own compression (5.5 of 14.7 ms for the home page).
 * Brotli 3: 0.6 ms for the home page against 0.9 ms at 4, for 5 % more bytes.
 */
export async function compressOnce(html: Buffer, encoding: 'br' | 'gzip'): Promise<Buffer> {
  if (encoding === 'gzip') return gzipAsync(html, { level: 6 });
  return brotli(html, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 3,
      [constants.BROTLI_PARAM_SIZE_HINT]: html.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
}

export async function finishPage(page: RenderedPage, now: number): Promise<CachedPage> {
  const [br, gz] = await Promise.all([
    brotli(page.html, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 6,
        [constants.BROTLI_PARAM_SIZE_HINT]: page.html.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    gzipAsync(page.html, { level: 9 }),
  ]);
  return {
    ...page,
    br,
    brQuality: 6,
    gzip: gz,
    etag: `"${createHash('sha256').update(page.html).digest('base64url').slice(0, 27)}"`,
    scriptHashes: inlineScriptHashes(page.html.toString('utf8')),
    storedAt: now,
  };
}

/**
 * A kept page's smallest Brotli copy (quality 11): about 11 % fewer bytes than the fast copy it
 * is stored with, for every later visitor, at the cost of one slow compression (0.3 s for the
 * home page) made off the event loop after the page is first sent, one page at a time.
 */
async function smallestBrotli(html: Buffer): Promise<Buffer> {
  return brotli(html, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: html.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
}

export class PageCache {
  readonly #entries = new Map<string, CachedPage>();
  /** Kept pages waiting for their smallest copy, one compressed at a time. */
  #shrinking: Promise<void> = Promise.resolve();
  readonly #pending = new Map<string, { generation: number; work: Promise<CachedPage> }>();
  #generation = 0;

  constructor(
    readonly maxEntries = 500,
    readonly ttlMs = 10 * 60 * 1000,
    readonly now: () => number = () => Date.now(),
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  /** Empties itself on every public-content change (a write here, or in another process). */
  follow(events: Pick<SiteEvents, 'on'>): this {
    events.on('public-content-changed', () => this.clear());
    return this;
  }

  get(key: string): CachedPage | undefined {
    const entry = this.#entries.get(key);
    if (entry && this.now() - entry.storedAt > this.ttlMs) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /**
   * The cached page, or the result of one render shared by every concurrent caller for
   * the key, finished (compressed, hashed). A page with status 200, 404 or 410 (a deleted post)
   * and no cookie is kept; anything else is handed back and not kept.
   */
  async load(key: string, render: () => Promise<RenderedPage>): Promise<CachedPage> {
    const hit = this.get(key);
    if (hit) return hit;
    const generation = this.#generation;
    // A render that began before the last write may show what the write changed: not shared.
    const pending = this.#pending.get(key);
    if (pending && pending.generation === generation) return pending.work;
    const work = (async () => {
      const page = await finishPage(await render(), this.now());
      const storable = [200, 404, 410].includes(page.status) && !('set-cookie' in page.headers);
      // A write during the render may have changed what the page shows: hand it out, do not keep it.
      if (storable && generation === this.#generation) this.#store(key, page);
      return page;
    })();
    const entry = { generation, work };
    this.#pending.set(key, entry);
    try {
      return await work;
    } finally {
      if (this.#pending.get(key) === entry) this.#pending.delete(key);
    }
  }

  /** Forgets every page: what any write that changes a public read calls. */
  clear(): void {
    this.#generation++;
    this.#entries.clear();
  }

  #store(key: string, page: CachedPage) {
    if (this.#entries.size >= this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(key, page);
    // Begun after the page has been sent to whoever asked for it.
    this.#shrinking = this.#shrinking.then(async () => {
      await new Promise((resolve) => setImmediate(resolve));
      // Forgotten meanwhile (a write, or pushed out): nobody will be sent it.
      if (this.#entries.get(key) !== page) return;
      const smallest = await smallestBrotli(page.html).catch(() => undefined);
      if (smallest && smallest.length < page.br.length) {
        page.br = smallest;
        page.brQuality = 11;
      }
    });
  }

  /** Resolves once every kept page has its smallest copy (for tests and benchmarks). */
  shrunk(): Promise<void> {
    return this.#shrinking;
  }
}
