import { createHash } from 'node:crypto';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, PageCache, type RenderedPage } from './page-cache.ts';

const page = (html: string, status = 200): RenderedPage => ({
  status,
  headers: { 'content-type': 'text/html' },
  html: Buffer.from(html),
});
const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('hashes each inline script’s raw text once, and leaves scripts with a src, and data, out', () => {
    const html =
      '<script>a()</script><script type="module" async="">import "/x.js";</script>' +
      '<script src="/insights.js" defer></script><script>a()</script><SCRIPT nonce="n">b&amp;c</SCRIPT><script></script>' +
      '<script type="application/json" data-props="">{"a":1}</script><script type="application/ld+json">{}</script>';
    expect(inlineScriptHashes(html)).toEqual([sha('a()'), sha('import "/x.js";'), sha('b&amp;c')]);
  });
});

describe('PageCache', () => {
  it('forgets a page after its lifetime', async () => {
    let now = 0;
    const cache = new PageCache(10, 1000, () => now);
    await cache.load('/', async () => page('<p>a</p>'));
    now = 999;
    expect(cache.get('/')).toBeDefined();
    now = 1001;
    expect(cache.get('/')).toBeUndefined();
  });

  it('does not keep a page rendered while a write cleared the cache', async () => {
    const cache = new PageCache();
    const served = await cache.load('/', async () => {
      cache.clear();
      return page('<p>old</p>');
    });
    expect(served.html.toString()).toBe('<p>old</p>');
    expect(cache.get('/')).toBeUndefined();
  });

  it('shares a render between visitors, but not with one who asks after a write', async () => {
    const cache = new PageCache();
    let renders = 0;
    let finishFirst = () => {};
    const first = cache.load('/', () => {
      renders++;
      return new Promise<RenderedPage>((resolve) => {
        finishFirst = () => resolve(page('<p>before the write</p>'));
      });
    });
    const same = cache.load('/', async () => {
      renders++;
      return page('<p>not rendered</p>');
    });
    cache.clear();
    const after = cache.load('/', async () => {
      renders++;
      return page('<p>after the write</p>');
    });
    finishFirst();
    expect((await first).html.toString()).toBe('<p>before the write</p>');
    expect((await same).html.toString()).toBe('<p>before the write</p>');
    expect((await after).html.toString()).toBe('<p>after the write</p>');
    expect(renders).toBe(2);
    expect(cache.get('/')?.html.toString()).toBe('<p>after the write</p>');
  });

  it('drops the oldest page when full', async () => {
    const cache = new PageCache(2);
    for (const key of ['/a', '/b', '/c']) await cache.load(key, async () => page(key));
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.size).toBe(2);
  });
});

describe('the smallest copy', () => {
  it('replaces a kept page’s fast Brotli copy with a smaller one of the same bytes, the ETag unchanged', async () => {
    const cache = new PageCache();
    // A page of prose: words in no repeating order, as a real page's text is.
    const words = [
      'repair',
      'locksmith',
      'schema',
      'render',
      'Atlanta',
      'client',
      'deploy',
      'cache',
      'query',
      'key',
    ];
    let seed = 7;
    const word = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return `${words[seed % words.length]}${seed % 97}`;
    };
    const html = `<main>${Array.from({ length: 300 }, () => `<p class="mt-2 text-sm">${Array.from({ length: 12 }, word).join(' ')}</p>`).join('')}</main>`;
    const stored = await cache.load('/', async () => page(html));
    const fast = stored.br.length;
    const etag = stored.etag;
    const { brQuality } = stored;
    await cache.shrunk();
    const kept = cache.get('/');
    expect(kept?.br.length).toBeLessThan(fast);
    // The page's tag stays; its Brotli copy is a new representation (web.ts tags it by quality).
    expect(kept?.etag).toBe(etag);
    expect(brQuality).toBe(6);
    expect(kept?.brQuality).toBe(11);
    expect(brotliDecompressSync(kept?.br ?? Buffer.alloc(0)).toString()).toBe(html);
  });

  it('is not made for a page forgotten before its turn', async () => {
    const cache = new PageCache();
    const stored = await cache.load('/', async () => page(`<p>${'x'.repeat(5000)}</p>`));
    const fast = stored.br;
    cache.clear();
    await cache.shrunk();
    expect(stored.br).toBe(fast);
  });
});
