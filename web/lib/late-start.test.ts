import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startHeldScripts } from './held-starter.ts';
import { EARLY_STARTS, HELD_TYPE, STARTER_SOURCE, startAfterPaint } from './late-start.ts';
import { assertRecognised } from './router-markup.ts';

const root = join(import.meta.dirname, '..', '..');

/** A document as React Router 7.18's `<Scripts>` writes it (attribute order as React renders it). */
const document = (nonce?: string) => {
  const n = nonce === undefined ? '' : ` nonce="${nonce}"`;
  return Buffer.from(
    `<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/manifest-1.js"${n}/>` +
      `<link rel="modulepreload" href="/assets/entry.client-2.js"${n}/><link rel="modulepreload" href="/assets/chunk-3.js"${n}/>` +
      `<link rel="stylesheet" href="/assets/app.css"/></head><body><main>page</main>` +
      `<script${n}>window.__reactRouterContext = {"basename":"/"};window.__reactRouterContext.stream = new ReadableStream({start(controller){window.__reactRouterContext.streamController = controller;}}).pipeThrough(new TextEncoderStream());</script>` +
      `<script${n} type="module" async="">import "/assets/manifest-1.js";\nimport * as route0 from "/assets/root-4.js";\nimport * as route1 from "/assets/home-5.js";\n  \n  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};\n\nimport("/assets/entry.client-2.js");</script>` +
      `<script${n}>window.__reactRouterContext.streamController.enqueue("[{\\"_1\\":2},");</script>` +
      `<script${n}>window.__reactRouterContext.streamController.enqueue("\\"loaderData\\"]\\n");</script>` +
      `<script${n}>window.__reactRouterContext.streamController.close();</script></body></html>`,
  );
};

describe('startAfterPaint', () => {
  it("holds React Router's module script, preloads and data for a starter, and changes nothing else", () => {
    const kept: string[] = [];
    const html = startAfterPaint(document(), (state) => {
      kept.push(state);
      return '/_hydration/abc?path=%2F';
    }).toString('utf8');
    expect(kept).toEqual(['[{"_1":2},"loaderData"]\n']);
    expect(html).not.toContain('<script>window.__reactRouterContext.streamController');
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    expect(html).toContain(`<script type="${HELD_TYPE}">import "/assets/manifest-1.js";\nimport * as route0`);
    // The starter follows the held script and names the preloads in their order.
    expect(html).toMatch(
      new RegExp(
        `import\\("/assets/entry\\.client-2\\.js"\\);</script><script>\\(function startHeldScripts[^<]+\\)\\(\\["/assets/manifest-1\\.js","/assets/entry\\.client-2\\.js","/assets/chunk-3\\.js"\\],"/_hydration/abc\\?path=%2F","${HELD_TYPE}"`,
      ),
    );
    // The context script stays where React Router put it.
    expect(html).toContain('<script>window.__reactRouterContext = {"basename":"/"};');
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
  });

  it('keeps the nonce on both scripts', () => {
    const html = startAfterPaint(document('n0nce'), () => '/d').toString('utf8');
    expect(html).toContain(`<script nonce="n0nce" type="${HELD_TYPE}">`);
    expect(html).toMatch(/<script nonce="n0nce">\(function startHeldScripts/);
  });

  it('sends the starter minified, its own names short and its properties, keys and strings as written (the tests below run it so)', () => {
    const html = startAfterPaint(document(''), () => '/d').toString('utf8');
    const starter = html.match(/<script>(\(function startHeldScripts[\s\S]*?)<\/script>/)?.[1] ?? '';
    expect(starter).not.toMatch(/\n/);
    for (const name of ['preloads', 'heldType', 'earlyStarts', 'router', 'afterPaint', 'pressedMeanwhile'])
      expect(STARTER_SOURCE, name).not.toMatch(new RegExp(`\\b${name}\\b`));
    for (const kept of [
      '.streamController',
      '.textContent',
      '"modulepreload"',
      '"link"',
      '"script"',
      'capture:',
      'once:',
    ])
      expect(STARTER_SOURCE, kept).toContain(kept);
    expect(STARTER_SOURCE.length).toBeLessThan(startHeldScripts.toString().length * 0.6);
  });

  it('hands back a document without scripts unchanged', () => {
    const plain = Buffer.from('<!DOCTYPE html><html><body><p>hi</p></body></html>');
    expect(startAfterPaint(plain, () => '/d')).toBe(plain);
  });
});

describe('assertRecognised', () => {
  it('passes what React Router writes today', () => {
    expect(() => assertRecognised(document().toString('utf8'))).not.toThrow();
  });

  it('fails on a statement it does not know (a new framework feature in the module script)', () => {
    const changed = document()
      .toString('utf8')
      .replace(
        'window.__reactRouterRouteModules',
        'window.__reactRouterHmr = 1;\nwindow.__reactRouterRouteModules',
      );
    expect(() => assertRecognised(changed)).toThrow(/does not know: window\.__reactRouterHmr = 1;/);
    expect(() => startAfterPaint(Buffer.from(changed), () => '/d')).toThrow();
  });

  it('fails on a React Router script it does not know, or on data not closed once', () => {
    const more = document()
      .toString('utf8')
      .replace('</body>', '<script>window.__reactRouterContext.streamController.error("x");</script></body>');
    expect(() => assertRecognised(more)).toThrow(/React Router script this site does not know/);
    const open = document()
      .toString('utf8')
      .replace('<script>window.__reactRouterContext.streamController.close();</script>', '');
    expect(() => assertRecognised(open)).toThrow(/closed once, found 0/);
  });

  it('fails on a preload it does not know, or on two module scripts', () => {
    const withIntegrity = document()
      .toString('utf8')
      .replace(
        '<link rel="modulepreload" href="/assets/chunk-3.js"/>',
        '<link rel="modulepreload" href="/assets/chunk-3.js" integrity="sha384-x"/>',
      );
    expect(() => assertRecognised(withIntegrity)).toThrow(/module preload this site does not know/);
    const twice = document()
      .toString('utf8')
      .replace('</body>', '<script type="module" async="">import("/x.js");</script></body>');
    expect(() => assertRecognised(twice)).toThrow(/found 2/);
  });
});

describe('the versions it was written for', () => {
  it('pins react-router and @react-router/* to exact versions, the ones installed', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    const all = { ...pkg.dependencies, ...pkg.devDependencies };
    const names = Object.keys(all).filter(
      (name) => name === 'react-router' || name.startsWith('@react-router/'),
    );
    expect(names.length).toBeGreaterThanOrEqual(3);
    for (const name of names) {
      expect(all[name], name).toMatch(/^\d+\.\d+\.\d+$/);
      const installed = JSON.parse(
        readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8'),
      ) as {
        version: string;
      };
      expect(installed.version, name).toBe(all[name]);
    }
  });
});

/** A page as far as the starter sees it: the held script, its own tag, and what it adds. */
function fakePage(readyState: 'loading' | 'complete', answers: Array<'ok' | 'offline'> = ['ok']) {
  const added: string[] = [];
  const listeners = new Map<string, Set<(event?: unknown) => void>>();
  const root = { dataset: {} as Record<string, string> };
  const observers: Array<() => void> = [];
  class MutationObserver {
    constructor(private readonly callback: (changes: unknown[], observer: MutationObserver) => void) {}
    observe() {
      observers.push(() => this.callback([], this));
    }
    disconnect() {
      added.push('observer off');
    }
  }
  const frames: Array<() => void> = [];
  const timers: Array<() => void> = [];
  const held = Object.assign(new FakeScript(), {
    type: HELD_TYPE,
    nonce: 'abc',
    textContent: 'import("/assets/entry.client-2.js");',
    after: (script: FakeScript) => added.push(`script ${script.type} ${script.nonce} ${script.textContent}`),
  });
  const page = {
    document: {
      readyState,
      documentElement: root,
      currentScript: { previousElementSibling: held },
      createElement: (tag: string) => (tag === 'script' ? new FakeScript() : { tag }),
      head: { append: (link: { rel: string; href: string }) => added.push(`${link.rel} ${link.href}`) },
    },
    window: {
      __reactRouterContext: {
        streamController: {
          enqueue: (text: string) => added.push(`enqueue ${text}`),
          close: () => added.push('close'),
        },
      },
    },
    HTMLScriptElement: FakeScript,
    MutationObserver,
    addEventListener: (type: string, listener: (event?: unknown) => void) => {
      const set = listeners.get(type) ?? new Set();
      set.add(listener);
      listeners.set(type, set);
    },
    removeEventListener: (type: string, listener: (event?: unknown) => void) =>
      listeners.get(type)?.delete(listener),
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void) => timers.push(callback),
    fetch: async (url: string) => {
      added.push(`fetch ${url}`);
      if (answers.shift() === 'offline') throw new TypeError('Failed to fetch');
      return { ok: true, text: async () => '[data]' };
    },
  };
  const fire = async (type: string, event?: unknown) => {
    for (const listener of [...(listeners.get(type) ?? [])]) listener(event);
    await settle();
  };
  /** A form sent by the browser: its submit event, and what became of it. */
  const send = async (name: string) => {
    let prevented = false;
    const form = {
      method: 'post',
      isConnected: true,
      requestSubmit: () => added.push(`sent ${name} again`),
    };
    await fire('submit', {
      target: form,
      submitter: null,
      preventDefault: () => {
        prevented = true;
      },
      stopPropagation: () => {},
    });
    return prevented;
  };
  /** React has hydrated the page: the root's effect marks it. */
  const hydrate = () => {
    root.dataset.hydrated = 'true';
    for (const observer of observers) observer();
  };
  const run = () => {
    const body = `const {document, window, HTMLScriptElement, MutationObserver, addEventListener, removeEventListener, requestAnimationFrame, setTimeout, fetch} = page; (${STARTER_SOURCE})(${JSON.stringify(['/a.js', '/b.js'])}, "/_hydration/abc", ${JSON.stringify(HELD_TYPE)}, ${JSON.stringify(EARLY_STARTS)}, 3000);`;
    new Function('page', body)(page);
  };
  const nextFrame = async () => {
    for (const frame of frames.splice(0)) frame();
    for (const timer of timers.splice(0)) timer();
    await settle();
  };
  return { added, fire, run, nextFrame, send, hydrate };
}
class FakeScript {
  type = '';
  nonce = '';
  textContent: string | null = '';
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the starter, in the page', () => {
  const started = [
    'modulepreload /a.js',
    'modulepreload /b.js',
    'fetch /_hydration/abc',
    'enqueue [data]',
    'close',
    'script module abc import("/assets/entry.client-2.js");',
  ];

  it('starts after the load event and the two frames after it, once: preloads, the data, then the held script', async () => {
    const page = fakePage('loading');
    page.run();
    await page.nextFrame();
    expect(page.added).toEqual([]);
    await page.fire('load');
    expect(page.added).toEqual([]);
    await page.nextFrame();
    // The frame that paints the page; the code waits for the next, so the paint is on screen.
    expect(page.added).toEqual([]);
    await page.nextFrame();
    expect(page.added).toEqual(started);
    await page.fire('pointerdown');
    await page.nextFrame();
    expect(page.added).toEqual(started);
  });

  it('starts at once on a press or a key that comes before the load event, and not again after it', async () => {
    for (const type of EARLY_STARTS) {
      const page = fakePage('loading');
      page.run();
      await page.fire(type);
      expect(page.added).toEqual(started);
      await page.fire('load');
      await page.nextFrame();
      await page.fire('keydown');
      expect(page.added).toEqual(started);
    }
  });

  it('starts after the next two frames when the page has already loaded', async () => {
    const page = fakePage('complete');
    page.run();
    expect(page.added).toEqual([]);
    await page.nextFrame();
    expect(page.added).toEqual([]);
    await page.nextFrame();
    expect(page.added).toEqual(started);
  });

  it('holds a form sent before the code is live, starts the code, and sends it again once the page is live', async () => {
    const page = fakePage('loading');
    page.run();
    expect(await page.send('comment')).toBe(true);
    expect(page.added).toEqual(started);
    page.hydrate();
    expect(page.added).toEqual([...started, 'observer off', 'sent comment again']);
    // Live: the page's own code has the form.
    expect(await page.send('quote')).toBe(false);
  });

  it('lets the browser send a held form as it is when the page does not go live in time', async () => {
    const page = fakePage('loading');
    page.run();
    expect(await page.send('comment')).toBe(true);
    expect(page.added).toEqual(started);
    // The hold's time runs out (the page's timers), and React has still not hydrated.
    await page.nextFrame();
    expect(page.added).toEqual([...started, 'sent comment again']);
  });

  it('lets the browser send a held form as it is when the code cannot be fetched', async () => {
    const page = fakePage('loading', ['offline']);
    page.run();
    expect(await page.send('comment')).toBe(true);
    expect(page.added).toEqual([
      'modulepreload /a.js',
      'modulepreload /b.js',
      'fetch /_hydration/abc',
      'sent comment again',
    ]);
  });

  it('leaves the HTML when the data cannot be fetched, and tries again at the next press', async () => {
    const page = fakePage('complete', ['offline', 'ok']);
    page.run();
    await page.nextFrame();
    await page.nextFrame();
    expect(page.added).toEqual(['modulepreload /a.js', 'modulepreload /b.js', 'fetch /_hydration/abc']);
    await page.fire('touchstart');
    expect(page.added).toEqual([
      'modulepreload /a.js',
      'modulepreload /b.js',
      'fetch /_hydration/abc',
      'fetch /_hydration/abc',
      'enqueue [data]',
      'close',
      'script module abc import("/assets/entry.client-2.js");',
    ]);
  });
});
