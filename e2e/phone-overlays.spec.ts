/**
 * Nothing floats over what a phone visitor reads (issue 46, point 1): from the top of the home
 * page to its end, the fixed and sticky extras (the tour's card, the section dock, toasts; the
 * header aside) cover at most 15 % of a 390 x 844 screen, in both themes.
 */
import type { Page } from '@playwright/test';
import { GUIDE_DELAY_MS, WELCOME_OVERLAY_MS } from '../web/features/immersive/journey.ts';
import { afterFrames, expect, sendQuote, test, useUpFormLimit } from './fixtures.ts';
import { extras, scrollToY } from './immersive-kit.ts';

test.use({ viewMode: 'unset', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** The share of the screen the fixed and sticky elements cover, the header aside (their boxes, clipped to the screen). */
const coveredShare = (page: Page) =>
  page.evaluate(() => {
    const { innerWidth: width, innerHeight: height } = window;
    const boxes: { left: number; top: number; right: number; bottom: number; what: string }[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      const style = getComputedStyle(element);
      if (style.position !== 'fixed' && style.position !== 'sticky') continue;
      if (element.closest('header') || style.visibility === 'hidden' || Number(style.opacity) === 0) continue;
      // Only the outermost of nested floating boxes counts.
      const floating = (other: Element | null): boolean =>
        other !== null &&
        (['fixed', 'sticky'].includes(getComputedStyle(other).position) || floating(other.parentElement));
      if (floating(element.parentElement)) continue;
      const rect = element.getBoundingClientRect();
      const box = {
        left: Math.max(0, rect.left),
        top: Math.max(0, rect.top),
        right: Math.min(width, rect.right),
        bottom: Math.min(height, rect.bottom),
        what: element.getAttribute('aria-label') ?? element.dataset.overlay ?? element.tagName,
      };
      if (box.right > box.left && box.bottom > box.top) boxes.push(box);
    }
    const area = boxes.reduce((sum, box) => sum + (box.right - box.left) * (box.bottom - box.top), 0);
    return { share: area / (width * height), what: boxes.map((box) => box.what) };
  });

for (const colorScheme of ['light', 'dark'] as const) {
  test(`from the top to the end of the home page the extras cover at most 15 % of a phone's screen (${colorScheme})`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme });
    // The welcome, then the tour's turn (on a phone its intro finds no room over the hero's calls to
    // action, so it waits for the projects).
    await page.clock.install();
    await page.goto('/');
    await expect(extras(page)).toBeAttached();
    await page.clock.fastForward(WELCOME_OVERLAY_MS + GUIDE_DELAY_MS + 200);
    const end = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    const seen: string[] = [];
    let most = 0;
    for (let y = 0; y <= end; y += 400) {
      await scrollToY(page, y);
      await afterFrames(page);
      const { share, what } = await coveredShare(page);
      seen.push(...what);
      most = Math.max(most, share);
      expect(share, `at ${y} px: ${what.join(', ')}`).toBeLessThanOrEqual(0.15);
    }
    // The extras were there to be measured: the tour's card and the dock.
    expect(seen).toEqual(expect.arrayContaining(['tour', 'Section dock']));
    expect(most).toBeGreaterThan(0);
  });
}

test('one message at a time: a toast puts the journey’s welcome aside', async ({ page, allowConsole }) => {
  allowConsole(/status of 429/);
  // This visitor has sent as many forms as the site takes from one address: the next send's toast
  // comes at once (no bot-check wait), while the welcome still shows. Straight to the quote form,
  // as a visitor from a 'contact me' link goes.
  await useUpFormLimit(page);
  const welcome = page.getByText('Welcome to the journey');
  // The welcome's 4 seconds are the page's clock's: held once it shows, so the time it takes to
  // fill the form (longer on a busy machine) never ends it before the toast comes.
  await page.clock.install();
  const answered = page.waitForResponse((response) => response.request().method() === 'POST');
  await sendQuote(page, { name: 'Robin Early', email: 'robin@example.com' }, async () => {
    await expect(extras(page)).toBeAttached();
    await expect(welcome).toBeVisible();
    // A moment on from the page's own time (which runs on while it is asked): again if it passed.
    await expect(async () => {
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
    }).toPass();
  });
  // The refusal is back: the page's clock runs on in small steps until its toast shows, far less
  // than the welcome's time.
  await answered;
  const toast = page.getByRole('status').filter({ hasText: 'Too many requests' });
  await expect(async () => {
    await page.clock.runFor(50);
    await expect(toast).toBeVisible({ timeout: 100 });
  }).toPass();
  // Still there, its time not up, but out of sight under the toast's turn.
  await expect(welcome).toBeAttached();
  await expect(welcome).toBeHidden();
});
