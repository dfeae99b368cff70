/** The home page, section by section (spec section 2, "Home: hero" to "Home: contact"). */
import type { Page } from '@playwright/test';
import { afterFrames, expect, pausedClock, test } from './fixtures.ts';

const PHRASES = ['I build full-stack web applications.', 'I turn small-business problems into software.'];

/** Advances the fake clock in small steps, so React can render between timers. */
async function advance(page: Page, ms: number, step = 25) {
  for (let elapsed = 0; elapsed < ms; elapsed += step) await page.clock.runFor(step);
}

test.describe('hero', () => {
  test('greets, types, pauses on, deletes and cycles the phrases, and links to work and contact', async ({
    page,
  }) => {
    // Many small steps of the fake clock, each a round trip to the browser.
    test.setTimeout(90_000);
    await pausedClock(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: "Hello, I'm Jordan Ellis" })).toBeVisible();
    await expect(page.getByText('Full-Stack Developer & Entrepreneur', { exact: true })).toBeVisible();
    const typing = page.getByTestId('typing-text');
    const first = PHRASES[0] as string;
    const second = PHRASES[1] as string;
    await expect(typing).toHaveText(first);
    // The whole phrase stands for the 3000 ms pause (less whatever passed before the clock paused).
    const typed = async () => ((await typing.textContent()) ?? '').replace(/\u00a0/g, '').trim();
    let paused = 0;
    while ((await typed()) === first && paused < 4000) {
      await advance(page, 100);
      paused += 100;
    }
    expect(paused).toBeLessThanOrEqual(3100);
    // Deleting at 20 ms a letter: gone well within 20 ms x length, then the next phrase types at 50 ms a letter.
    await advance(page, 20 * first.length + 100);
    expect((await typed()).length).toBeLessThan(6);
    await advance(page, 50 * second.length + 200);
    await expect(typing).toHaveText(second);
    // Screen readers get the phrases once, not letter by letter.
    await expect(page.locator('#home .sr-only')).toContainText(first);

    const connect = page.getByRole('list', { name: 'Connect with me', exact: true });
    await expect(connect.getByRole('link')).toHaveCount(5);
    await page.clock.resume();
    await page.getByRole('link', { name: 'View My Work' }).click();
    await expect(page).toHaveURL(/#projects$/);
    await expect(page.getByRole('heading', { name: 'See My Work in Action' })).toBeInViewport();
    await page.getByRole('link', { name: 'Get In Touch' }).click();
    await expect(page).toHaveURL(/#contact$/);
    await expect(page.getByRole('heading', { name: 'WORK WITH ME' })).toBeInViewport();
  });

  test('the particle network runs on screen, pauses off screen or in a hidden tab', async ({ page }) => {
    // A desktop with cores to spare (the machine running the tests may have two).
    await page.addInitScript(() => Object.defineProperty(navigator, 'hardwareConcurrency', { get: () => 8 }));
    await page.goto('/');
    const canvas = page.getByTestId('particle-canvas');
    await expect(canvas).toHaveAttribute('data-running', 'true');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(canvas).toHaveAttribute('data-running', 'false');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(canvas).toHaveAttribute('data-running', 'true');
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await expect(canvas).toHaveAttribute('data-running', 'false');
  });

  test('on a phone, with Save-Data or on a two-core machine the particles draw one still frame', async ({
    page,
  }) => {
    for (const [setup, reason] of [
      [() => page.setViewportSize({ width: 390, height: 844 }), 'small-screen'],
      [
        () =>
          page.addInitScript(() => {
            Object.defineProperty(navigator, 'hardwareConcurrency', { get: () => 8 });
            Object.defineProperty(navigator, 'connection', { get: () => ({ saveData: true }) });
          }),
        'save-data',
      ],
    ] as const) {
      await setup();
      await page.goto('/');
      const canvas = page.getByTestId('particle-canvas');
      await expect(canvas).toHaveAttribute('data-still', reason);
      await expect(canvas).toHaveAttribute('data-running', 'false');
      await page.setViewportSize({ width: 1280, height: 720 });
    }
  });

  test('the typing line keeps its height, so nothing below it moves', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.clock.install();
    await page.goto('/');
    const below = page.getByText('Connect with me').first();
    const start = await below.boundingBox();
    // Through typing, pausing and deleting several phrases.
    for (let i = 0; i < 40; i++) {
      await page.clock.runFor(250);
      expect(await below.boundingBox()).toEqual(start);
    }
  });

  test('under reduced motion the particles draw one still frame and the phrase stands', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto('/');
    const canvas = page.getByTestId('particle-canvas');
    await advance(page, 2500, 100);
    await expect(canvas).toHaveAttribute('data-running', 'false');
    await advance(page, 4000, 100);
    await expect(page.getByTestId('typing-text')).toHaveText(PHRASES[0] as string);
  });
});

/**
 * The project filters, from the page as it opens (all projects) through each category and back;
 * `cameTo`: where each press lands (without JavaScript, a page of its own).
 */
async function checkFilters(page: Page, cameTo?: (filter: string) => Promise<void>) {
  const section = page.locator('#projects');
  const cards = section.getByRole('list', { name: 'Projects' }).locator(':scope > li');
  const featured = section
    .getByRole('article', { name: 'Keycode Help' })
    .filter({ hasText: 'Featured Project' });
  await expect(cards).toHaveCount(7);
  await expect(featured).toBeAttached();
  await expect(featured.getByRole('list', { name: 'Highlights' }).getByRole('listitem')).toHaveCount(4);
  // Links out go through their counted redirect (issue 48), which leads to the live site or GitHub.
  await expect(featured.getByRole('link', { name: 'Try Live Demo' })).toHaveAttribute(
    'href',
    '/go/demo/keycode-help',
  );
  await expect(featured.getByRole('link', { name: 'View Source Code' })).toHaveAttribute(
    'href',
    '/go/code/keycode-help',
  );

  const filters = section.getByRole('group', { name: 'Filter projects' });
  await filters.getByRole('button', { name: 'Business' }).click();
  await expect(filters.getByRole('button', { name: 'Business' })).toHaveAttribute('aria-pressed', 'true');
  await cameTo?.('business');
  await expect(featured).toHaveCount(0);
  await expect(cards).not.toHaveCount(7);
  await expect(cards.filter({ hasNotText: 'Business' })).toHaveCount(0);
  await filters.getByRole('button', { name: 'Services' }).click();
  await cameTo?.('service');
  await expect(cards.filter({ hasNotText: 'Services' })).toHaveCount(0);
  await filters.getByRole('button', { name: 'Web Development' }).click();
  await cameTo?.('web');
  await expect(cards.filter({ hasNotText: 'Web Development' })).toHaveCount(0);
  await filters.getByRole('button', { name: 'All Projects' }).click();
  await cameTo?.('all');
  await expect(cards).toHaveCount(7);
  await expect(featured).toBeAttached();
}

test.describe('projects', () => {
  test('filters by category with the featured block only under All Projects', async ({ page }) => {
    await page.goto('/');
    await checkFilters(page);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('each filter brings the page back filtered, at the projects', async ({ page }) => {
      await page.goto('/');
      await checkFilters(page, (filter) => expect(page).toHaveURL(`/?projects=${filter}#projects`));
      // An address's filter is the page's from the start, and one it does not know is 'All Projects'.
      await page.goto('/?projects=business');
      const filters = page.getByRole('group', { name: 'Filter projects' });
      await expect(filters.getByRole('button', { name: 'Business' })).toHaveAttribute('aria-pressed', 'true');
      await page.goto('/?projects=nonsense');
      await expect(filters.getByRole('button', { name: 'All Projects' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
    });
  });

  test("the featured block's illustration fills its half, however tall the text beside it", async ({
    page,
  }) => {
    await page.goto('/');
    const featured = page
      .locator('#projects')
      .getByRole('article', { name: 'Keycode Help' })
      .filter({ hasText: 'Featured Project' });
    await featured.scrollIntoViewIfNeeded();
    const image = featured.locator('img');
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    const article = await featured.boundingBox();
    const box = await image.boundingBox();
    // Two columns: the image spans the article's full height (inside its 1 px border) and half its width.
    expect(Math.abs((box?.height ?? 0) - ((article?.height ?? 0) - 2))).toBeLessThanOrEqual(1);
    expect(Math.abs((box?.width ?? 0) - ((article?.width ?? 0) - 2) / 2)).toBeLessThanOrEqual(1);
    expect(await image.evaluate((img) => getComputedStyle(img).objectFit)).toBe('cover');
  });

  test('cards carry badges, details, GitHub and live links, and a demo overlay on hover', async ({
    page,
  }) => {
    await page.goto('/');
    const grid = page.locator('#projects').getByRole('list', { name: 'Projects' });
    const featuredBadges = grid.getByText('Featured', { exact: true });
    await expect(featuredBadges).toHaveCount(2);
    const keycode = grid
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: 'Keycode Help' }) });
    await expect(keycode.getByText('Featured', { exact: true })).toBeVisible();
    await expect(
      keycode.getByRole('link', { name: 'Keycode Help on GitHub (opens in a new tab)' }),
    ).toBeVisible();
    const overlay = keycode.getByRole('link', { name: /Try Live Demo of Keycode Help/ });
    await expect(overlay).toHaveCSS('opacity', '0');
    await overlay.hover();
    await expect(overlay).toHaveCSS('opacity', '1');
    await keycode.getByRole('link', { name: 'View Details of Keycode Help' }).click();
    await expect(page).toHaveURL(/\/projects\/keycode-help$/);
  });

  test.describe('on a touch screen', () => {
    test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });
    test('tapping a card image opens the project’s details, never the external live site', async ({
      page,
    }) => {
      await page.goto('/');
      const keycode = page
        .locator('#projects')
        .getByRole('list', { name: 'Projects' })
        .getByRole('article')
        .filter({ has: page.getByRole('heading', { name: 'Keycode Help' }) });
      // No invisible overlay to take the tap: the live site stays one labelled link away.
      await expect(keycode.getByRole('link', { name: /Try Live Demo of Keycode Help/ })).toBeHidden();
      await expect(
        keycode.getByRole('link', { name: 'Keycode Help live demo (opens in a new tab)' }),
      ).toBeVisible();
      let popups = 0;
      page.on('popup', () => {
        popups += 1;
      });
      const image = keycode.locator('img').first();
      await image.scrollIntoViewIfNeeded();
      await image.tap();
      await expect(page).toHaveURL(/\/projects\/keycode-help$/);
      expect(popups).toBe(0);
    });
  });

  test('the featured block is revealed once 30 percent of it is visible', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto('/');
    const featured = page.locator('#projects article[data-revealed]');
    await expect(featured).toHaveAttribute('data-revealed', 'false');
    const box = await featured.boundingBox();
    if (!box) throw new Error('no featured block');
    // 15 percent of it on screen: not risen yet, and yet readable: the reveal never fades what is
    // on screen (it was transparent, a blank gap while scrolling).
    await page.evaluate((y) => window.scrollTo(0, y), box.y - 720 + box.height * 0.15);
    await afterFrames(page);
    await expect(featured).toHaveAttribute('data-revealed', 'false');
    await expect(featured).toHaveCSS('opacity', '1');
    await page.evaluate((y) => window.scrollTo(0, y), box.y - 720 + box.height * 0.45);
    await expect(featured).toHaveAttribute('data-revealed', 'true');
  });

  test('links to recommendations and to a quote', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Get AI Project Recommendations' })).toHaveAttribute(
      'href',
      '/recommendations',
    );
    await expect(page.getByRole('link', { name: 'Get a Quote for Your Project' })).toHaveAttribute(
      'href',
      '#contact',
    );
    await expect(page.getByText('No commitment, just a friendly conversation')).toBeVisible();
  });
});

test('about: story, education, experience, resume link and the captioned photo', async ({ page }) => {
  await page.goto('/');
  const about = page.locator('#about');
  await expect(about.getByRole('heading', { name: 'About Me' })).toBeVisible();
  await expect(about.getByRole('heading', { name: 'Education' })).toBeVisible();
  await expect(about.getByRole('heading', { name: 'Experience' })).toBeVisible();
  await expect(about.getByRole('list')).toHaveCount(2);
  for (const list of await about.getByRole('list').all())
    await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(about.getByRole('figure')).toContainText('Jordan Ellis');
  await expect(about.getByRole('img', { name: 'Portrait of Jordan Ellis' })).toBeAttached();
  await about.getByRole('link', { name: 'Download Resume' }).click();
  await expect(page).toHaveURL(/\/resume$/);
});

test('the hero shows the proof beside the offer', async ({ page }) => {
  await page.goto('/');
  const proof = page.getByRole('region', { name: 'At a glance' });
  const figures = proof.getByRole('definition');
  await expect(figures).toHaveText(['5+', '12', '500+', '12+', '35%']);
  await expect(proof.getByRole('term')).toHaveText([
    'years of experience',
    'small businesses served',
    'people use tools I built',
    'projects delivered in 2024',
    'of the leads at my repair and locksmith shop come through the site I built',
  ]);
  // On a wide screen it fills the hero's right half, level with the calls to action.
  const cta = await page.getByRole('link', { name: 'View My Work' }).boundingBox();
  const box = await proof.boundingBox();
  expect(box?.x ?? 0).toBeGreaterThan(640);
  expect(box?.y ?? 0).toBeLessThan((cta?.y ?? 0) + (cta?.height ?? 0));
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBeGreaterThan(cta?.y ?? 0);
});

/**
 * The fonts Chromium drew a page's main heading and its paragraphs with, as its DevTools report
 * them (the glyphs drawn, not the CSS asked for), polled until the heading is in the display face
 * and the text in the text face, with nothing drawn in a fallback.
 */
async function expectDrawnInOwnType(page: Page) {
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('DOM.enable');
  await devtools.send('CSS.enable');
  // A node the page replaced between the query and the read (a part going live) is asked for
  // again with the rest, on a fresh query.
  const drawn = async (selector: string): Promise<string[]> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await familiesOf(selector);
      } catch (error) {
        if (attempt >= 5 || !/Could not find node/.test(String(error))) throw error;
      }
    }
  };
  const familiesOf = async (selector: string) => {
    const { root } = await devtools.send('DOM.getDocument', { depth: 0 });
    const { nodeIds } = await devtools.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector });
    const families = new Set<string>();
    for (const nodeId of nodeIds.slice(0, 12)) {
      const { fonts } = await devtools.send('CSS.getPlatformFontsForNode', { nodeId });
      // A variable face reports its default instance's name ("Space Grotesk Light").
      for (const font of fonts) {
        families.add(
          `${font.familyName.replace(/ (Light|Regular|Medium)$/, '')}${font.isCustomFont ? '' : ' (fallback)'}`,
        );
      }
    }
    return [...families].sort();
  };
  await expect
    .poll(async () => ({ heading: await drawn('main h1'), text: await drawn('main p') }))
    .toEqual({ heading: ['Space Grotesk'], text: expect.arrayContaining(['Instrument Sans']) });
  expect((await drawn('main :is(h1, h2, p)')).filter((family) => family.endsWith('(fallback)'))).toEqual([]);
  await devtools.detach();
}

test("a first visit's first page is in the site's own type, with and without JavaScript, and so is every page after", async ({
  browser,
  baseURL,
  page,
}) => {
  const fonts: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('.woff2')) fonts.push(request.url());
  });
  await page.goto('/');
  await expectDrawnInOwnType(page);
  // Each face is asked for once, by the stylesheet's rules.
  expect(fonts.map((font) => font.replace(/^.*\/assets\/|-[\w-]{8}\.woff2$/g, '')).sort()).toEqual([
    'instrument-sans-latin-wght-normal',
    'space-grotesk-latin-wght-normal',
  ]);
  // The fallbacks take the faces' room at every weight: the swap moves no line, at most a few
  // centred words by a pixel or two (a layout shift of 0.0004 here; a good page stays under 0.1).
  expect(
    await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let shifted = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as unknown as { value: number }[]) shifted += entry.value;
          }).observe({ type: 'layout-shift', buffered: true });
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(shifted)));
        }),
    ),
  ).toBeLessThan(0.001);
  // The next page has them too (from the cache: the files are immutable for a year, ssr.spec.ts).
  await page.getByRole('link', { name: 'View All Posts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
  await expectDrawnInOwnType(page);
  // A visitor without JavaScript, on a first visit, reads the same type.
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  try {
    const scriptless = await context.newPage();
    await scriptless.goto('/');
    await expectDrawnInOwnType(scriptless);
  } finally {
    await context.close();
  }
});

test('testimonials have their anchor and content', async ({ page }) => {
  await page.goto('/#testimonials');
  const section = page.locator('#testimonials');
  await expect(section.getByRole('heading', { name: 'What Clients Say' })).toBeVisible();
  // The three samples until a client's testimonial is approved (testimonials.spec.ts approves one
  // for a moment; server/modules/testimonials has the rule).
  await expect(section.getByRole('figure').first()).toBeVisible();
});

test('the header highlights the section that fills most of the screen', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main', exact: true });
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'location');
  await page
    .locator('#about')
    .evaluate((element) => element.scrollIntoView({ block: 'start', behavior: 'instant' }));
  await expect(nav.getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'location');
  await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'location');
  await page
    .locator('#contact')
    .evaluate((element) => element.scrollIntoView({ block: 'start', behavior: 'instant' }));
  await expect(nav.getByRole('link', { name: 'Contact' })).toHaveAttribute('aria-current', 'location');
});

test('at 320 px nothing overflows sideways and the menu holds the anchors', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Main (mobile)' }).getByRole('link', { name: 'Skills' }).click();
  await expect(page).toHaveURL(/#skills$/);
});
