/**
 * A public page hydrates on the visitor's first move (issue 32, ADR 014): before it, the page
 * fetches no module, no data and no script but the view counter; a button
 * pressed before the code arrives is pressed once the page is live; a failed fetch is tried again
 * on the next move; later pages of the visit hydrate at once.
 */
import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/** Opens a page without the fixture's first move: as a visitor's browser does, up to its load event. */
async function arrive(page: Page, path: string) {
  await page.mainFrame().goto(path, { waitUntil: 'load' });
}

/** Every script and data request the page makes from now on (their paths). */
function watchScripts(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (request.resourceType() === 'script' || url.pathname.startsWith('/_hydration/'))
      seen.push(url.pathname);
  });
  return seen;
}

const hydrated = (page: Page) => page.locator('html[data-hydrated="true"]');

test('before the first move a public page fetches no script but the view counter; a move makes it live', async ({
  page,
}) => {
  for (const path of ['/', '/blog', '/projects/keycode-help']) {
    const scripts = watchScripts(page);
    await arrive(page, path);
    await page.waitForLoadState('networkidle');
    expect(scripts, path).toEqual(['/insights.js']);
    await expect(hydrated(page)).toHaveCount(0);
    await page.mouse.move(200, 300);
    await expect(hydrated(page)).toHaveCount(1);
    expect(
      scripts.some((script) => /^\/_hydration\/boot-\w+\.js$/.test(script)),
      path,
    ).toBe(true);
    expect(
      scripts.some((script) => /\/assets\/entry\.client-/.test(script)),
      path,
    ).toBe(true);
    expect(
      scripts.some((script) => /^\/_hydration\/[\w-]{22}$/.test(script)),
      path,
    ).toBe(true);
    page.removeAllListeners('request');
    // A new tab, as a new visit: the next page waits for a move again.
    await page.evaluate(() => sessionStorage.clear());
  }
});

test('a button pressed before the code arrives is pressed once the page is live, once', async ({ page }) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/entry\.client-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await arrive(page, '/');
  const toggle = page.getByRole('button', { name: 'Switch to dark theme' });
  // The press is the visitor's first move: the code starts to load, and the press waits for it.
  await toggle.click();
  await expect(hydrated(page)).toHaveCount(0);
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  release();
  await expect(hydrated(page)).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/dark/);
});

test('a page whose data could not be fetched stays its HTML and tries again on the next move', async ({
  page,
  allowConsole,
}) => {
  allowConsole(/Failed to load resource/);
  let refused = 0;
  await page.route(/\/_hydration\/[\w-]{22}\?/, async (route) => {
    if (refused++ === 0) return route.abort('internetdisconnected');
    return route.continue();
  });
  await arrive(page, '/blog');
  await page.mouse.move(100, 200);
  await expect.poll(() => refused).toBe(1);
  // Still the server's page: its links and forms work as HTML.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(hydrated(page)).toHaveCount(0);
  await page.mouse.move(150, 250);
  await expect(hydrated(page)).toHaveCount(1);
  expect(refused).toBe(2);
});

test('once the visitor has moved, the next pages of the visit hydrate without waiting', async ({ page }) => {
  await arrive(page, '/blog');
  await page.mouse.move(100, 200);
  await expect(hydrated(page)).toHaveCount(1);
  // A new document, as a link followed with a modifier or an address typed would load it.
  await arrive(page, '/projects/keycode-help');
  await expect(hydrated(page)).toHaveCount(1);
});

test.describe('in a dark system theme', () => {
  test.use({ colorScheme: 'dark' });

  test('the theme switch names what it does before the page is live, and does it once live', async ({
    page,
  }) => {
    await arrive(page, '/');
    await expect(hydrated(page)).toHaveCount(0);
    // The server cannot know the theme; the switch follows the page's, right from the first paint.
    await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect(hydrated(page)).toHaveCount(1);
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
  });
});
