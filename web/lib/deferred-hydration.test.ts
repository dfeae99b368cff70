import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { HYDRATION_BOOT, HYDRATION_BOOT_PATH, HYDRATION_TRIGGER } from '../../common/hydration-boot.ts';
import { deferHydration } from './deferred-hydration.ts';

const STATE = '[{"_1":2},"loaderData",{"title":"A </script> & \u2028 line"}]\n';

/** A document as React Router writes it: preloads, context, module script, the stream's chunks. */
function document(nonce = '') {
  const n = nonce ? ` nonce="${nonce}"` : '';
  const chunk = (text: string) =>
    `<script${n}>window.__reactRouterContext.streamController.enqueue(${JSON.stringify(text)
      .replace(/</g, '\\u003c')
      .replace(/>/g, '\\u003e')
      .replace(/&/g, '\\u0026')
      .replace(/\u2028/g, '\\u2028')});</script>`;
  return Buffer.from(
    '<!DOCTYPE html><html><head><link rel="modulepreload" fetchpriority="low" href="/assets/manifest-1.js"/>' +
      '<link rel="modulepreload" href="/assets/entry.client-2.js"/><link rel="stylesheet" href="/a.css"/></head>' +
      '<body><main><h1>A page</h1></main>' +
      `<script${n}>window.__reactRouterContext = {"basename":"/"};window.__reactRouterContext.stream = new ReadableStream({start(controller){window.__reactRouterContext.streamController = controller;}}).pipeThrough(new TextEncoderStream());</script>` +
      `<script type="module" async=""${n}>import "/assets/manifest-1.js";\nimport * as route0 from "/assets/root-3.js";\nimport * as route1 from "/assets/home-4.js";\n  \n  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};\n\nimport("/assets/entry.client-2.js");</script>` +
      chunk(STATE.slice(0, 20)) +
      chunk(STATE.slice(20)) +
      `<script${n}>window.__reactRouterContext.streamController.close();</script></body></html>`,
  );
}

describe('deferHydration', () => {
  it('takes the data and the preloads out of the page and keeps the data whole, once', () => {
    const kept: string[] = [];
    const html = deferHydration(document(), (state) => {
      kept.push(state);
      return '/_hydration/abc?path=%2F&x=1';
    }).toString('utf8');
    expect(kept).toEqual([STATE]);
    expect(html).not.toContain('streamController.enqueue');
    expect(html).not.toContain('streamController.close');
    expect(html).not.toContain('modulepreload');
    expect(html).not.toContain('loaderData');
    expect(html).not.toMatch(/\bimport\s*["*{]/);
    // What the page shows, its other links and React Router's context stay as they were.
    expect(html).toContain('<link rel="stylesheet" href="/a.css"/>');
    expect(html).toContain('<main><h1>A page</h1></main>');
    expect(html).toContain('window.__reactRouterContext = {"basename":"/"}');
    // One inline tag: the trigger, with the page's data address, manifest and routes for the boot script.
    expect(html).toContain(
      `<script type="module" data-hydration="/_hydration/abc?path=%2F&amp;x=1" data-manifest="/assets/manifest-1.js" data-routes="root routes/home">${HYDRATION_TRIGGER}</script></body>`,
    );
  });

  it('keeps the module script’s nonce on the trigger’s tag', () => {
    const html = deferHydration(document('n0nce'), () => '/_hydration/abc').toString('utf8');
    expect(html).toContain('<script type="module" nonce="n0nce" data-hydration="/_hydration/abc"');
  });

  it('hands a document without React Router’s scripts, or with its manifest inlined, back as it was', () => {
    const plain = Buffer.from('<!DOCTYPE html><html><body><p>Plain</p></body></html>');
    expect(deferHydration(plain, () => 'x')).toBe(plain);
    const inlined = Buffer.from(
      document()
        .toString('utf8')
        .replace(
          'window.__reactRouterRouteModules',
          'window.__reactRouterManifest = {};window.__reactRouterRouteModules',
        ),
    );
    expect(deferHydration(inlined, () => 'x')).toBe(inlined);
  });
});

/** A stand-in window for the scripts: listeners, storage, fetch and import are recorded. */
function standInWindow({ failFetch = false, failImport = false, storage = new Map<string, string>() } = {}) {
  const listeners = new Map<string, (event?: unknown) => unknown>();
  const seen: string[] = [];
  const enqueued: string[] = [];
  const manifest = {
    entry: { module: '/assets/entry.client-2.js', imports: ['/assets/chunk-react.js'] },
    routes: {
      root: { module: '/assets/root-3.js', imports: ['/assets/cn.js'] },
      'routes/home': {
        module: '/assets/home-4.js',
        clientLoaderModule: '/assets/home-loader.js',
        imports: [],
      },
    },
  };
  const page: Record<string, unknown> = {
    __reactRouterContext: {
      streamController: { enqueue: (text: string) => enqueued.push(text), close: () => seen.push('closed') },
    },
    addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
    removeEventListener: (type: string) => listeners.delete(type),
    document: {
      querySelector: () => ({
        dataset: {
          hydration: '/_hydration/abc',
          manifest: '/assets/manifest-1.js',
          routes: 'root routes/home',
        },
      }),
      head: { append: (link: { href: string }) => seen.push(`preload ${link.href}`) },
      createElement: () => ({}),
    },
    fetch: async (url: string) => {
      seen.push(`fetch ${url}`);
      if (failFetch) throw new Error('offline');
      return { ok: true, text: async () => 'the state' };
    },
    importModule: async (url: string) => {
      seen.push(`import ${url}`);
      if (failImport) throw new Error('offline');
      if (url === '/assets/manifest-1.js') page.__reactRouterManifest = manifest;
      return { [url]: true };
    },
    Element: class {},
    sessionStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => storage.set(key, value),
    },
  };
  page.window = page;
  const run = (code: string) =>
    runInNewContext(
      `(async () => { ${code.replace(/\bimport\(/g, 'importModule(')} })()`,
      page,
    ) as Promise<void>;
  return { listeners, seen, enqueued, page, storage, run };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the inline trigger', () => {
  it('fetches nothing until a first move, then imports the boot script once', async () => {
    const { listeners, seen, run } = standInWindow();
    await run(HYDRATION_TRIGGER);
    expect(seen).toEqual([]);
    expect([...listeners.keys()]).toEqual(
      expect.arrayContaining(['pointermove', 'pointerdown', 'keydown', 'touchstart', 'scroll', 'click']),
    );
    listeners.get('pointermove')?.();
    await settle();
    expect(seen).toEqual([`import ${HYDRATION_BOOT_PATH}`]);
    expect(listeners.has('pointermove')).toBe(false);
  });

  it('imports the boot script at once on the later pages of a visit', async () => {
    const first = standInWindow();
    await first.run(HYDRATION_TRIGGER);
    first.listeners.get('scroll')?.();
    const next = standInWindow({ storage: first.storage });
    await next.run(HYDRATION_TRIGGER);
    await settle();
    expect(next.seen).toEqual([`import ${HYDRATION_BOOT_PATH}`]);
  });

  it('listens again when the boot script could not be fetched', async () => {
    const { listeners, run } = standInWindow({ failImport: true });
    await run(HYDRATION_TRIGGER);
    listeners.get('keydown')?.();
    await settle();
    expect(listeners.has('keydown')).toBe(true);
  });
});

describe('the boot script', () => {
  it('fetches the data, the manifest, the modules and last the entry', async () => {
    const { listeners, seen, enqueued, page, run } = standInWindow();
    await run(HYDRATION_BOOT);
    await settle();
    expect(enqueued).toEqual(['the state']);
    expect(seen).toContain('fetch /_hydration/abc');
    expect(seen.indexOf('import /assets/manifest-1.js')).toBeLessThan(
      seen.indexOf('preload /assets/root-3.js'),
    );
    for (const file of ['entry.client-2', 'chunk-react', 'root-3', 'cn', 'home-4', 'home-loader']) {
      expect(seen).toContain(`preload /assets/${file}.js`);
    }
    expect(seen.at(-1)).toBe('import /assets/entry.client-2.js');
    // The route modules as React Router's own script would have them: the split parts merged.
    expect(page.__reactRouterRouteModules).toEqual({
      root: { '/assets/root-3.js': true },
      'routes/home': { '/assets/home-loader.js': true, '/assets/home-4.js': true },
    });
    // Done, it stops listening for moves.
    expect(listeners.has('pointermove')).toBe(false);
  });

  it('tries again on the next move when the data could not be fetched', async () => {
    const { listeners, seen, run } = standInWindow({ failFetch: true });
    await run(HYDRATION_BOOT);
    await settle();
    expect(seen.filter((line) => line.startsWith('import /assets/entry'))).toEqual([]);
    expect(seen.filter((line) => line.startsWith('fetch'))).toHaveLength(1);
    await listeners.get('keydown')?.();
    expect(seen.filter((line) => line.startsWith('fetch'))).toHaveLength(2);
  });
});
