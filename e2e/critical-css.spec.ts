/**
 * An island page paints before its stylesheet has come (ADR 029): the rules its HTML uses are in a
 * <style> in its head, and the whole stylesheet comes with the islands' code once the page has
 * painted (or, without scripting, from a <noscript> after the content). What the first paint shows
 * must be what the page shows once the stylesheet is there: every element of /, /blog, a post and
 * a project, at a phone's and a laptop's width, in both themes, has the same computed style with
 * the stylesheet never arriving as with it, and as without scripting. (A rule the critical CSS
 * left out would move or recolour something as the stylesheet arrives.)
 *
 * The page's script files are held back (the head's inline lines still run: the theme is set, and
 * the starter applies the stylesheet at the visitor's first key), so the loads have the same elements.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext } from '@playwright/test';
import { STORAGE_KEYS } from '../common/constants.ts';
import { expect, test, writePost } from './fixtures.ts';
import { expectLandedAt } from './immersive-kit.ts';
import { PHONE, throttleLikeAPhone } from './phone-kit.ts';

const PAGES = ['/', '/blog', '/blog/one-schema-form-to-database', '/projects/keycode-help'];
/** A phone in the light theme, a laptop in the dark one (every dark rule is in every page's CSS). */
const LOOKS = [
  { viewport: { width: 390, height: 844 }, colorScheme: 'light' },
  { viewport: { width: 1280, height: 900 }, colorScheme: 'dark' },
] as const;

/**
 * Every element's computed style (and its ::before and ::after), by its place in the document: one
 * line `name: value` a property (one string an element comes out of the page six times faster than
 * an object of its properties).
 */
async function stylesOf(
  browser: Browser,
  baseURL: string,
  path: string,
  options: (typeof LOOKS)[number] & { stylesheet: boolean; scripting: boolean },
): Promise<Record<string, string>> {
  const context = await browser.newContext({
    baseURL,
    colorScheme: options.colorScheme,
    viewport: options.viewport,
    reducedMotion: 'reduce',
    javaScriptEnabled: options.scripting,
  });
  try {
    await context.route(/\.js(\?|$)/, (route) => route.abort());
    if (!options.stylesheet) await context.route(/\/assets\/[^/]+\.css(\?|$)/, (route) => route.abort());
    const page = await context.newPage();
    const response = await page.goto(path, { waitUntil: 'load' });
    expect(response?.status()).toBe(200);
    // The critical rules are in the head; the starter adds the stylesheet there when an island
    // starts or the visitor first reaches for the page (a key, here: no island starts without its
    // code), and a browser without scripting reads it from the <noscript> after the content.
    if (options.scripting) await page.keyboard.press('Shift');
    await expect(page.locator('head style')).not.toHaveCount(0);
    const sheet = page.locator(
      options.scripting ? 'head > link[rel="stylesheet"]' : 'body > noscript > link[rel="stylesheet"]',
    );
    await expect(sheet).toHaveCount(1);
    if (options.stylesheet)
      await expect.poll(() => sheet.evaluate((link: HTMLLinkElement) => link.sheet !== null)).toBe(true);
    await page.evaluate(() => document.fonts.ready);
    // Every section laid out: a section out of view keeps the size it was last seen at
    // (content-visibility), which depends on when it was, not on the rules.
    // (Written by evaluate: addStyleTag waits on the page's own scripting, off in one load.)
    await page.evaluate(() => {
      const style = document.createElement('style');
      style.textContent = '* { content-visibility: visible !important; }';
      document.head.append(style);
    });
    return await page.evaluate(() => {
      const styles: Record<string, string> = {};
      const read = (style: CSSStyleDeclaration) => {
        const lines: string[] = [];
        for (let i = 0; i < style.length; i++) {
          const name = style.item(i);
          // Custom properties only matter through the properties that read them, which are
          // compared; the stylesheet registers (@property) every one of Tailwind's, the page's
          // rules only those they use.
          if (!name.startsWith('--')) lines.push(`${name}: ${style.getPropertyValue(name)}`);
        }
        return lines.join('\n');
      };
      const placeOf = (element: Element): string => {
        const parts: string[] = [];
        for (let node: Element | null = element; node; node = node.parentElement) {
          const index = node.parentElement ? [...node.parentElement.children].indexOf(node) : 0;
          parts.unshift(`${node.tagName.toLowerCase()}[${index}]`);
        }
        return parts.join('>');
      };
      for (const element of [document.documentElement, ...document.body.querySelectorAll('*')]) {
        // The stylesheet's link and its <noscript> are what the loads tell apart (and the test's style).
        if (element.matches('link[rel="stylesheet"], noscript, style')) continue;
        const place = placeOf(element);
        styles[place] = read(getComputedStyle(element));
        for (const pseudo of ['::before', '::after']) {
          const style = getComputedStyle(element, pseudo);
          if (style.content !== 'none' && style.content !== 'normal')
            styles[`${place}${pseudo}`] = read(style);
        }
      }
      return styles;
    });
  } finally {
    await context.close();
  }
}

for (const path of PAGES) {
  for (const look of LOOKS) {
    test(`${path} at ${look.viewport.width} px, ${look.colorScheme}: it paints with its critical CSS as it looks with the whole stylesheet, with or without scripting`, async ({
      browser,
      baseURL,
    }) => {
      for (const scripting of [true, false]) {
        const as = scripting ? 'with scripting' : 'without scripting';
        const first = await stylesOf(browser, baseURL ?? '', path, { ...look, scripting, stylesheet: false });
        const whole = await stylesOf(browser, baseURL ?? '', path, { ...look, scripting, stylesheet: true });
        expect(Object.keys(first), as).toEqual(Object.keys(whole));
        const differences: string[] = [];
        for (const [place, lines] of Object.entries(whole)) {
          if (first[place] === lines) continue;
          const before = new Set(first[place]?.split('\n'));
          for (const line of lines.split('\n')) {
            if (!before.has(line)) differences.push(`${place} ${line}`);
          }
        }
        expect(differences, as).toEqual([]);
      }
    });
  }
}

/**
 * The home page's document as a slow link brings it: the bytes up to the hero's proof panel, a
 * pause, then the rest. Everything else passes through to the site.
 */
async function slowHomePage(site: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer(async (request, response) => {
    const upstream = await fetch(new URL(request.url ?? '/', site), {
      headers: { 'accept-encoding': 'identity', accept: request.headers.accept ?? '*/*' },
    });
    const body = Buffer.from(await upstream.arrayBuffer());
    const headers: Record<string, string> = {};
    upstream.headers.forEach((value, name) => {
      if (!['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(name)) {
        headers[name] = value;
      }
    });
    response.writeHead(upstream.status, headers);
    const split = request.url === '/' ? body.indexOf('aria-labelledby="at-a-glance"') : -1;
    if (split <= 0) {
      response.end(body);
      return;
    }
    response.write(body.subarray(0, split));
    setTimeout(() => response.end(body.subarray(split)), 800);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

test('the home page paints its hero whole on a phone, though the rest of the document comes later', async ({
  browser,
  baseURL,
}) => {
  const slow = await slowHomePage(baseURL ?? '');
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    reducedMotion: 'reduce',
  });
  try {
    const page = await context.newPage();
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number }[]) shifts.push(entry.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(slow.url, { waitUntil: 'load' });
    await expect(page.getByRole('heading', { name: 'At a glance' })).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    // The fonts' swap may move a centred word by a pixel (ADR 026): far below a hero moving up.
    const shifted = await page.evaluate(() =>
      (window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0),
    );
    expect(shifted).toBeLessThan(0.001);
  } finally {
    await context.close();
    await slow.close();
  }
});

test("a post's cover and a project's picture are drawn from the page itself: the largest paint waits for no second request", async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/images/')) asked.push(request.url());
  });
  for (const [path, file] of [
    ['/blog/one-schema-form-to-database', '/images/posts/one-schema-form-to-database.svg'],
    ['/projects/keycode-help', '/images/projects/keycode-help.svg'],
  ] as const) {
    await page.goto(path);
    const drawn = page.locator('main img[fetchpriority="high"]');
    await expect(drawn).toHaveAttribute('src', /^data:image\/svg\+xml,/);
    // The same drawing as the file, fully drawn.
    const own = await (await page.request.get(file)).text();
    const src = (await drawn.getAttribute('src')) ?? '';
    const label = /aria-label="([^"]+)"/.exec(own)?.[1] ?? 'no label';
    expect(decodeURIComponent(src.slice(src.indexOf(',') + 1))).toContain(label);
    await expect
      .poll(() => drawn.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
  }
  expect(asked).toEqual([]);
});

test("each page's <style> has the gap and divider rules of the lists it holds, and no other list's", async ({
  request,
}) => {
  for (const path of PAGES) {
    const html = await (await request.get(path)).text();
    const style = /<style[^>]*>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    const classes = new Set(
      [...html.replace(style, '').matchAll(/ class="([^"]*)"/g)].flatMap((match) =>
        (match[1] ?? '').split(/\s+/),
      ),
    );
    // A rule that is one `:where(.class …)` (a rule named by `.dark` inside one is the theme's).
    const listRules = [...style.matchAll(/(?:^|[{};])\s*:where\(\.((?:\\.|[\w-])+)/g)].map((match) =>
      (match[1] ?? '').replace(/\\(.)/g, '$1'),
    );
    expect(
      listRules.filter((name) => !classes.has(name)),
      path,
    ).toEqual([]);
    // Every page here has a list with gaps.
    expect(listRules.length, path).toBeGreaterThan(0);
  }
});

test("a phone's first paint of the blog, a post and a project already holds the page's content, the cover with it", async ({
  browser,
  baseURL,
}) => {
  // The blog's first post may be another test's, with or without a cover.
  for (const [path, largestIsCover] of [
    ['/blog', false],
    ['/blog/one-schema-form-to-database', true],
    ['/projects/keycode-help', true],
  ] as const) {
    const context = await browser.newContext({ ...PHONE, baseURL });
    try {
      const page = await context.newPage();
      await throttleLikeAPhone(page);
      await page.addInitScript(() => {
        const seen: { tag: string; inMain: boolean }[] = [];
        (window as unknown as { seen: typeof seen }).seen = seen;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as { element: Element | null }[])
            seen.push({ tag: entry.element?.tagName ?? '', inMain: Boolean(entry.element?.closest('main')) });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      await page.goto(path, { waitUntil: 'load' });
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const largest = await page.evaluate(
        () => (window as unknown as { seen: { tag: string; inMain: boolean }[] }).seen,
      );
      // The first frame already shows the page's own content (a phone used to paint the header
      // alone first, whose name was the largest thing in it, and the rest a task or two later).
      expect(largest[0]?.inMain, `${path}: ${JSON.stringify(largest)}`).toBe(true);
      if (largestIsCover) expect(largest.at(-1)?.tag, path).toBe('IMG');
    } finally {
      await context.close();
    }
  }
});

/**
 * Holds back the stylesheet an island page fetches after its paint until the returned function is
 * called: the page as a visitor has it in the meantime.
 */
async function holdTheLateStylesheet(context: BrowserContext): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await context.route(/\/assets\/app-[\w-]+\.late\.css$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('an island goes live once the whole stylesheet has come, so what it draws then has its rules', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL });
  try {
    const release = await holdTheLateStylesheet(context);
    const page = await context.newPage();
    // Whether the stylesheet was there at each moment an island went live.
    await page.addInitScript(() => {
      const styledWhenLive: boolean[] = [];
      (window as unknown as { styledWhenLive: boolean[] }).styledWhenLive = styledWhenLive;
      new MutationObserver((changes) => {
        for (const change of changes) {
          if ((change.target as Element).hasAttribute('data-live')) {
            const sheet = document.querySelector<HTMLLinkElement>('head > link[rel="stylesheet"]')?.sheet;
            styledWhenLive.push(Boolean(sheet));
          }
        }
      }).observe(document, { subtree: true, attributeFilter: ['data-live'] });
    });
    // React and the islands' kit come for an island on screen that starts by itself.
    const kit = page.waitForResponse((response) => /\/assets\/island-kit-[\w-]+\.js$/.test(response.url()));
    await page.goto('/blog/one-schema-form-to-database', { waitUntil: 'load' });
    await kit;
    // The page's work done (the kit run, an island hydrated were it not waiting): none is live yet.
    await page.evaluate(
      () => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve))),
    );
    await expect(page.locator('[data-live]')).toHaveCount(0);
    release();
    await expect(page.locator('[data-live]').first()).toBeAttached();
    const styled = await page.evaluate(
      () => (window as unknown as { styledWhenLive: boolean[] }).styledWhenLive,
    );
    expect(styled.length).toBeGreaterThan(0);
    expect(styled.every(Boolean)).toBe(true);
  } finally {
    await context.close();
  }
});

test("a phone's blog list, where no island starts by itself, is not styled again until the visitor reaches for it, and then from the cache", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, ...PHONE });
  try {
    const page = await context.newPage();
    const fetched = page.waitForResponse((response) => /\.late\.css$/.test(response.url()));
    await page.goto('/blog', { waitUntil: 'load' });
    await fetched;
    await page.evaluate(
      () => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve))),
    );
    // Fetched after the paint, but no style pass over the whole page for rules nothing there uses.
    await expect(page.locator('[data-live]')).toHaveCount(0);
    await expect(page.locator('head > link[rel="stylesheet"]')).toHaveCount(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(
      page.getByRole('navigation', { name: 'Main (mobile)' }).getByRole('link', { name: 'Resume' }),
    ).toBeVisible();
    const sheet = page.locator('head > link[rel="stylesheet"]');
    await expect.poll(() => sheet.evaluate((link: HTMLLinkElement) => link.sheet !== null)).toBe(true);
    // Downloaded once: the press applied what the starter had fetched.
    const downloads = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.endsWith('.late.css'))
        .map((entry) => (entry as PerformanceResourceTiming).transferSize > 0),
    );
    expect(downloads).toEqual([true, false]);
  } finally {
    await context.close();
  }
});

test('a page opened at an anchor lands on its section before the stylesheet comes, and stays there as it comes', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL });
  try {
    const release = await holdTheLateStylesheet(context);
    const page = await context.newPage();
    const stylesheetCame = page.waitForResponse((response) => /\.late\.css$/.test(response.url()));
    await page.goto('/#contact', { waitUntil: 'load' });
    await expectLandedAt(page, 'contact');
    const height = () => page.evaluate(() => document.documentElement.scrollHeight);
    const before = await height();
    release();
    await stylesheetCame;
    await expect
      .poll(() =>
        page
          .locator('head > link[rel="stylesheet"]')
          .evaluate((link: HTMLLinkElement) => link.sheet !== null),
      )
      .toBe(true);
    // What is above the section had its own height from the first paint: nothing moves.
    expect(await height()).toBe(before);
    await expectLandedAt(page, 'contact');
  } finally {
    await context.close();
  }
});

test("the stylesheet that comes after an island page's paint declares none of the faces its head did: the page is not laid out again for them", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    await page.goto('/', { waitUntil: 'load' });
    const faces = await page.evaluate(() =>
      [...document.fonts].map((face) => `${face.family} ${face.weight}`),
    );
    expect(faces).toContain('Instrument Sans Variable 400 700');
    const sheet = page.locator('head > link[rel="stylesheet"]');
    await expect.poll(() => sheet.evaluate((link: HTMLLinkElement) => link.sheet !== null)).toBe(true);
    // The same faces declared again would be new faces to the browser, which drops what it
    // shaped with the old ones and lays the whole page out again.
    expect(
      await page.evaluate(() => [...document.fonts].map((face) => `${face.family} ${face.weight}`)),
    ).toEqual(faces);
  } finally {
    await context.close();
  }
});

test("a post with math: KaTeX's stylesheet waits in the <noscript> beside the site's, and the math looks the same without it", async ({
  browser,
  baseURL,
  admin,
}) => {
  const slug = `math-in-a-post-${Date.now().toString(36)}`;
  const created = await writePost(admin, {
    title: 'Math in a post',
    slug,
    summary: 'A post whose body has math in it, typeset by KaTeX.',
    content: `Euler's identity, once:\n\n$$\ne^{i\\pi} + 1 = 0\n$$\n\nAnd inline, $a^2 + b^2 = c^2$, with a fraction: $\\frac{1}{2}\\sqrt{x}$.`,
    tags: ['math'],
    isPublished: true,
  });
  const { id } = created;
  /** Each typeset element's computed style, and the stylesheets the page asked for. */
  const load = async (scripting: boolean) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: scripting });
    // In Standard view: the immersive cursor, which comes once the page is idle, hides the mouse's
    // own over the whole page, math included (a race with the reading below, not the math's look).
    await context.addInitScript((key) => localStorage.setItem(key, 'false'), STORAGE_KEYS.immersive);
    try {
      const page = await context.newPage();
      const asked: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'stylesheet') asked.push(new URL(request.url()).pathname);
      });
      await page.goto(`/blog/${slug}`, { waitUntil: 'load' });
      await expect(page.getByRole('article').locator('.katex-display')).toBeVisible();
      // Every stylesheet link the critical CSS moved after the content is in the <noscript>.
      await expect(page.locator('body > link[rel="stylesheet"]')).toHaveCount(0);
      if (!scripting) {
        const katex = page.locator('body > noscript > link[rel="stylesheet"][href*="katex"]');
        await expect.poll(() => katex.evaluate((link: HTMLLinkElement) => link.sheet !== null)).toBe(true);
      }
      await page.evaluate(() => document.fonts.ready);
      const styles = await page.evaluate(() =>
        [...document.querySelectorAll('article .katex, article .katex *')].map((element) => {
          const style = getComputedStyle(element);
          return [...style]
            .filter((name) => !name.startsWith('--'))
            .map((name) => `${name}: ${style.getPropertyValue(name)}`)
            .join('\n');
        }),
      );
      return { styles, asked };
    } finally {
      await context.close();
    }
  };
  try {
    const live = await load(true);
    const plain = await load(false);
    expect(live.asked.filter((path) => path.includes('katex'))).toEqual([]);
    expect(plain.asked.filter((path) => path.includes('katex'))).toHaveLength(1);
    expect(live.styles.length).toBeGreaterThan(10);
    expect(live.styles).toEqual(plain.styles);
  } finally {
    await admin.delete(`/api/admin/posts/${id}`);
  }
});
