/** What the immersive-mode tests share: where its parts are on the page, and moving through it. */
import type { Page } from '@playwright/test';
import { GUIDE_DELAY_MS, WELCOME_OVERLAY_MS } from '../web/features/immersive/journey.ts';
import { afterFrames, expect } from './fixtures.ts';

export const extras = (page: Page) => page.getByTestId('immersive-extras');
export const cursor = (page: Page) => page.getByTestId('custom-cursor');
export const tour = (page: Page) => page.getByRole('dialog');
export const dock = (page: Page) => page.getByRole('navigation', { name: 'Section dock' });
export const journey = (page: Page) => page.getByRole('navigation', { name: 'Journey' });
export const welcome = (page: Page) => page.getByText('Welcome to the journey');
export const CURSOR_HINT = 'Custom cursor on: it grows over links and buttons.';

/** The addresses of the custom cursor's code the page fetches from now on. */
export function cursorCodeRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (/\/custom-cursor-[\w-]+\.js$/.test(request.url())) urls.push(request.url());
  });
  return urls;
}

/** Scrolls at once (no smooth scrolling) and lets the page see the scroll event. */
export async function scrollToY(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(y);
}

/**
 * Waits until a jump has brought a section to the top of the screen, just below the sticky header
 * (the page's scroll padding), as the visitor asked: in view somewhere is not enough (a jump over
 * parts the page had not laid out yet landed 164 px off, and on a busy machine off the screen).
 */
export async function expectLandedAt(page: Page, id: string) {
  await expect
    .poll(() =>
      page.evaluate((section) => {
        const padding = Number.parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop);
        const top = document.getElementById(section)?.getBoundingClientRect().top ?? Number.NaN;
        return Math.abs(top - padding) <= 2 ? 'below the header' : `${Math.round(top)} px from the top`;
      }, id),
    )
    .toBe('below the header');
}

/** Scrolls to a share (0-100 %) of the scrollable height. */
export async function scrollToPercent(page: Page, percent: number) {
  const y = await page.evaluate(
    (p) => Math.round(((document.documentElement.scrollHeight - window.innerHeight) * p) / 100),
    percent,
  );
  await scrollToY(page, y);
}

/**
 * With the fake clock paused, runs it in small steps until the lazily loaded extras have mounted
 * (they wait for an idle moment; their timers start within that last 50 ms step), then until the
 * custom cursor has too. Returns the fake time run since the extras mounted: on a busy machine the
 * cursor's code can arrive a few steps later, and the welcome's 4 s have begun by then.
 */
export async function mountExtrasOnFakeClock(page: Page): Promise<number> {
  for (let i = 0; i < 400 && (await extras(page).count()) === 0; i++) await page.clock.runFor(50);
  await expect(extras(page)).toBeAttached();
  let since = 0;
  for (let i = 0; i < 400 && (await cursor(page).count()) === 0; i++) {
    await page.clock.runFor(50);
    since += 50;
  }
  await expect(cursor(page)).toBeAttached();
  return since;
}

/**
 * Opens the home page on a clock that runs as usual but can jump: the tour's card waits for the
 * welcome (4 s) and its own delay (1.5 s), which the test skips instead of sitting through.
 */
export async function openWithTour(page: Page, path = '/') {
  await page.clock.install();
  await page.goto(path);
  await expect(extras(page)).toBeAttached();
  await page.clock.fastForward(WELCOME_OVERLAY_MS + 100);
  await expect(welcome(page)).toHaveCount(0);
  await page.clock.fastForward(GUIDE_DELAY_MS + 100);
  await expect(tour(page)).toBeVisible();
}

/** Scrolls a home section to the top of the screen, as a header link would. */
export async function scrollToSection(page: Page, id: string) {
  await page.evaluate(
    (section) => document.getElementById(section)?.scrollIntoView({ behavior: 'instant' }),
    id,
  );
  await afterFrames(page);
}

/**
 * Opens the home page and checks there is no custom cursor once the extras have come: it is
 * decided in the same render as they are, so it is not coming later; nor is its code fetched.
 */
export async function expectNoCursor(page: Page) {
  const cursorCode = cursorCodeRequests(page);
  await page.goto('/');
  await expect(extras(page)).toBeAttached();
  await expect(cursor(page)).toHaveCount(0);
  expect(cursorCode).toEqual([]);
}
