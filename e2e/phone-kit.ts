/**
 * A new visitor on a phone, as Lighthouse's mobile profile sees one (issue 44): a small touch
 * screen, a 4x slower CPU and a slow 4G link (about 1.6 Mbps down, 150 ms), arriving on a page and
 * doing nothing at all; and the page's code held back at will, to be let go in the middle of
 * what the visitor does.
 */
import type { Page, Route } from '@playwright/test';
import { expect } from './fixtures.ts';

export { ONE_FRAME_MS, PHONE, throttleLikeAPhone } from './phone-profile.ts';

/** Opens a page as a visitor's browser does, without the fixture's move and wait: no input at all. */
export async function arrive(page: Page, path: string, waitUntil: 'commit' | 'load' = 'load') {
  await page.mainFrame().goto(path, { waitUntil });
}

export const live = (page: Page) => page.locator('html[data-hydrated="true"]');

/** Waits until the page's code has made it live (a slow phone on a busy machine: generous). */
export async function expectLive(page: Page) {
  await expect(live(page)).toHaveCount(1, { timeout: 60_000 });
}

/**
 * Holds back the page's client entry (nothing hydrates without it) until the returned function
 * is called; everything else loads. Pages opened later in the test are held too, until released.
 */
export async function holdTheCode(page: Page): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let released = false;
  await page.route(/\/assets\/entry\.client-[\w-]+\.js$/, async (route) => {
    if (released) return route.continue();
    held.push(route);
  });
  return async () => {
    released = true;
    for (const route of held.splice(0)) await route.continue().catch(() => {});
  };
}
