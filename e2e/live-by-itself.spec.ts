/**
 * A public page's code starts by itself (issue 44, ADR 017): a new visitor on a slow phone who does
 * nothing at all gets the live page (the home page's tour, the visitor's own time zone on the
 * booking page, a stuck demo's way out), and no script is fetched before the page has painted its
 * largest content. How soon is measured by `npm run bench:lighthouse`, not here.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { arrive, expectLive, live, ONE_FRAME_MS, PHONE, throttleLikeAPhone } from './phone-kit.ts';

test.use({ ...PHONE });

/** A wide screen on the same slow CPU and link: the tour's card and the demo are in view at once there. */
const WIDE = { viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false } as const;

test.describe('in immersive mode, as every new visitor starts', () => {
  // (On a phone the tour's card waits, hidden, for a spot where it covers nothing: calm.spec.ts.)
  test.use({ viewMode: 'unset', ...WIDE });

  test('the home page comes alive and its tour opens by itself', async ({ page }) => {
    await throttleLikeAPhone(page);
    await arrive(page, '/');
    await expectLive(page);
    // The journey's welcome first (4 s), then the tour's intro (1.5 s later): nobody touched anything.
    await expect(page.getByRole('dialog')).toContainText('Tour step 1 of 4', { timeout: 60_000 });
    await expect(page.getByRole('dialog')).toBeInViewport();
  });
});

test.describe('in London', () => {
  test.use({ timezoneId: 'Europe/London' });

  test("the booking page names the visitor's own time zone", async ({ page }) => {
    await throttleLikeAPhone(page);
    await arrive(page, '/book-a-call');
    const form = page.getByRole('form', { name: 'Choose a time' });
    // The server cannot know it: its HTML names the owner's zone, as such.
    await expectLive(page);
    await expect(form).toContainText('Times are in your time zone (Europe/London)');
  });
});

test.describe('on a wide screen', () => {
  test.use(WIDE);

  test("a demo that cannot load offers 'Open in new tab'", async ({ page }) => {
    // The demo's site never answers.
    await page.route('https://keycodehelp.com/**', () => {});
    await page.clock.install();
    await throttleLikeAPhone(page);
    // Linked to the demo itself (its tab's address), so it is on the screen from the start.
    await arrive(page, '/projects/keycode-help#demo-live');
    await expectLive(page);
    const panel = page.getByRole('tabpanel', { name: 'Live Demo' });
    await expect(panel.getByRole('status')).toHaveText('Loading demo...');
    await page.clock.fastForward(8_100);
    await expect(panel.getByRole('alert').getByRole('link', { name: 'Open in new tab' })).toBeVisible();
  });
});

/** The largest paint before any input, and when each script was asked for (ms from the start). */
async function paintAndScripts(page: Page) {
  return page.evaluate(async () => {
    const paints = await new Promise<PerformanceEntry[]>((resolve) => {
      const seen: PerformanceEntry[] = [];
      new PerformanceObserver((list) => seen.push(...list.getEntries())).observe({
        type: 'largest-contentful-paint',
        buffered: true,
      });
      setTimeout(() => resolve(seen), 500);
    });
    const scripts = performance
      .getEntriesByType('resource')
      .filter((entry) => /\.js(\?|$)/.test(new URL(entry.name).pathname))
      .map((entry) => ({ path: new URL(entry.name).pathname, at: entry.startTime }));
    return { largestPaint: paints.at(-1)?.startTime ?? Number.NaN, scripts };
  });
}

test('no script is fetched before the page has painted its largest content, on the four page types', async ({
  page,
}) => {
  await throttleLikeAPhone(page);
  for (const path of ['/', '/blog', '/blog/one-schema-form-to-database', '/projects/keycode-help']) {
    await arrive(page, path);
    await expectLive(page);
    const { largestPaint, scripts } = await paintAndScripts(page);
    expect(largestPaint, path).toBeGreaterThan(0);
    expect(scripts.length, path).toBeGreaterThan(0);
    for (const script of scripts)
      expect(script.at, `${path}: ${script.path}`).toBeGreaterThanOrEqual(largestPaint - ONE_FRAME_MS);
  }
});

for (const { title, path, refusedOnce } of [
  {
    // A page React Router hydrates whole (a visitor's home, blog list, post and project are islands,
    // with no data to fetch: the next case).
    title: 'a page that cannot fetch its data stays its HTML, and the next press tries again',
    path: '/resume',
    refusedOnce: /\/_hydration\/[\w-]{22}\?/,
  },
  {
    title: 'an island page that cannot fetch its code stays its HTML, and the next press tries again',
    path: '/blog',
    refusedOnce: /\/assets\/entry\.client-[\w-]+\.js$/,
  },
]) {
  test(title, async ({ page, allowConsole }) => {
    allowConsole(/Failed to load resource/);
    let refused = 0;
    await page.route(refusedOnce, async (route) => {
      if (refused++ === 0) return route.abort('internetdisconnected');
      return route.continue();
    });
    await arrive(page, path);
    await expect.poll(() => refused).toBe(1);
    // Still the server's page: its links and forms work as HTML.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(live(page)).toHaveCount(0);
    await page.getByRole('heading', { level: 1 }).tap();
    await expectLive(page);
    expect(refused).toBe(2);
  });

  test(`${title}: a press while the failing fetch is under way is that next press`, async ({
    page,
    allowConsole,
  }) => {
    allowConsole(/Failed to load resource/);
    let refused = 0;
    let letFail = () => {};
    const pressed = new Promise<void>((resolve) => {
      letFail = resolve;
    });
    await page.route(refusedOnce, async (route) => {
      if (refused++ > 0) return route.continue();
      // The visitor presses while the fetch is still on its way; then it fails.
      await pressed;
      return route.abort('internetdisconnected');
    });
    await arrive(page, path);
    await expect.poll(() => refused).toBe(1);
    await page.getByRole('heading', { level: 1 }).tap();
    letFail();
    await expectLive(page);
    expect(refused).toBe(2);
  });
}
