/**
 * The hydration data of pages served without a session (ADR 014), kept by content: a page's HTML
 * names its data by a hash of it, and the browser fetches it from `/_hydration/<hash>` on the
 * visitor's first move. The same data always has the same address, so the answer may be kept
 * by any cache for good. Bounded by bytes (the oldest goes first); compressed copies are made
 * once, on the first request that asks for them.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface HydrationState {
  text: Buffer;
  br?: Promise<Buffer>;
  gzip?: Promise<Buffer>;
}

/** The address of a state, with the page it belongs to (rendered again should the state be gone). */
export function hydrationStateUrl(id: string, path: string): string {
  return `/_hydration/${id}?path=${encodeURIComponent(path)}`;
}

export function hydrationStateId(state: string): string {
  return createHash('sha256').update(state, 'utf8').digest('base64url').slice(0, 22);
}

export class HydrationStates {
  readonly #entries = new Map<string, HydrationState>();
  #bytes = 0;

  constructor(readonly maxBytes = 32 * 1024 * 1024) {}

  get size(): number {
    return this.#entries.size;
  }

  /** Keeps a state (again: it becomes the newest) and returns its id. */
  keep(state: string): string {
    const id = hydrationStateId(state);
    const known = this.#entries.get(id);
    if (known) {
      this.#entries.delete(id);
      this.#entries.set(id, known);
      return id;
    }
    const text = Buffer.from(state, 'utf8');
    this.#entries.set(id, { text });
    this.#bytes += text.length;
    while (this.#bytes > this.maxBytes && this.#entries.size > 1) {
      const [oldest, entry] = this.#entries.entries().next().value as [string, HydrationState];
      this.#entries.delete(oldest);
      this.#bytes -= entry.text.length;
    }
    return id;
  }

  get(id: string): HydrationState | undefined {
    return this.#entries.get(id);
  }

  /** The state's bytes in the encoding asked for, compressed once. */
  encoded(state: HydrationState, encoding: 'br' | 'gzip'): Promise<Buffer> {
    if (encoding === 'br') {
      state.br ??= brotli(state.text, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 9,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      });
      return state.br;
    }
    state.gzip ??= gzipAsync(state.text, { level: 9 });
    return state.gzip;
  }
}
