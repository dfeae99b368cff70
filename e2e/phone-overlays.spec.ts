/**
 * Nothing floats over what a phone visitor reads (issue 46, point 1): from the top of the home
 * page to its end, the fixed and sticky extras (the tour's card, the section dock, toasts; the
 * header aside) cover at most 15 % of a 390 x 844 screen, in both themes.
 */
import type { Page } from '@playwright/test';
import { GUIDE_DELAY_MS, WELCOME_OVERLAY_MS } from '../web/features/immersive/journey.ts';
import {
  afterFrames,
  expect,
  fillQuote,
  pastTheMinimum,
  pausedClock,
  test,
  useUpFormLimit,
} from './fixtures.ts';
import { extras, openWithTour, scrollToSection, scrollToY, tour } from './immersive-kit.ts';

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
    // The welcome, then the tour's turn (its intro at the bottom edge, over the hero's figures but
    // none of its calls to action).
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
  // comes at once (no bot-check wait), while the welcome still shows.
  await useUpFormLimit(page);
  const welcome = page.getByText('Welcome to the journey');
  // The welcome's 4 seconds are the page's clock's: held once it shows, so the time it takes to
  // fill the form (longer on a busy machine) never ends it before the toast comes.
  await page.clock.install();
  await page.goto('/');
  await expect(extras(page)).toBeAttached();
  // Where the welcome has room on a phone: among the projects' cards, their heading scrolled past
  // (it covers no heading, call to action or form).
  const roomy = () =>
    page.evaluate(() => {
      const heading = document.getElementById('projects-heading');
      window.scrollBy({ top: (heading?.getBoundingClientRect().top ?? 0) + 120, behavior: 'instant' });
    });
  await expect(async () => {
    await roomy();
    await expect(welcome).toBeVisible({ timeout: 500 });
  }).toPass();
  // A moment on from the page's own time (which runs on while it is asked): again if it passed.
  await expect(async () => {
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
  }).toPass();
  const answered = page.waitForResponse((response) => response.request().method() === 'POST');
  const form = page.getByRole('form', { name: 'Get a Custom Quote' });
  await fillQuote(form, { name: 'Robin Early', email: 'robin@example.com' });
  await form.getByRole('button', { name: 'Send Request' }).click();
  // The refusal is back: the page's clock runs on in small steps until its toast shows, far less
  // than the welcome's time.
  await answered;
  const toast = page.getByRole('status').filter({ hasText: 'Too many requests' });
  await expect(async () => {
    await page.clock.runFor(50);
    await expect(toast).toBeVisible({ timeout: 100 });
  }).toPass();
  // Still there, its time not up, but out of sight under the toast's turn, even where it has room.
  await roomy();
  await page.clock.runFor(50);
  await expect(toast).toBeVisible();
  await expect(welcome).toBeAttached();
  await expect(welcome).toBeHidden();
});

/** Whether two boxes share any area. */
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
type Box = { x: number; y: number; width: number; height: number };

test.describe('the tour and the welcome on a phone (issue 65)', () => {
  test('at the top of the home page the tour’s intro shows, over none of the calls to action', async ({
    page,
  }) => {
    await openWithTour(page);
    const card = tour(page);
    await expect(card.getByRole('heading', { name: /Welcome! A quick tour/ })).toBeVisible();
    const box = await card.boundingBox();
    expect(box).not.toBeNull();
    const main = page.getByRole('main');
    for (const name of ['View My Work', 'Get In Touch', 'Book a call']) {
      const cta = await main.getByRole('link', { name }).first().boundingBox();
      expect(cta && box && overlap(cta, box), name).toBe(false);
    }
    const greeting = await page.getByRole('heading', { level: 1 }).boundingBox();
    expect(greeting && box && overlap(greeting, box)).toBe(false);
  });

  test('the journey’s welcome never covers a section’s heading', async ({ page }) => {
    // The page's clock is paused and run on by the test: the welcome's 4 seconds are not spent
    // while a busy machine scrolls.
    await pausedClock(page);
    await page.goto('/');
    for (let i = 0; i < 400 && (await extras(page).count()) === 0; i++) await page.clock.runFor(50);
    await expect(extras(page)).toBeAttached();
    // Scrolled on while it shows, until the projects' heading is at the screen's bottom edge.
    const heading = page.getByRole('heading', { level: 2, name: 'See My Work in Action' });
    const top = await heading.evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
    await scrollToY(page, Math.round(top - 844 + 70));
    // Placed as the page's frames run (the clock's): a second of them, within its 4 seconds.
    await page.clock.runFor(1000);
    const panel = page.locator('[data-overlay="welcome"]');
    await expect(panel).toBeAttached();
    // Shown or stepped aside, it never lies over the heading while it shows.
    const shown = await panel.evaluate((element) => getComputedStyle(element).visibility !== 'hidden');
    const [box, under] = [await panel.boundingBox(), await heading.boundingBox()];
    expect(shown && box && under ? overlap(box, under) : false).toBe(false);
  });

  test('a quote just sent is not followed by the tour’s “Ask for a custom quote”', async ({ page }) => {
    const arrived = Date.now();
    await openWithTour(page);
    await scrollToSection(page, 'contact');
    await expect(tour(page).getByRole('heading', { name: /Contact/ })).toBeVisible();
    const form = page.getByRole('form', { name: 'Get a Custom Quote' });
    await fillQuote(form, { name: 'Robin Tour', email: 'robin.tour@example.com' });
    await pastTheMinimum(page, arrived);
    await form.getByRole('button', { name: 'Send Request' }).click();
    await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
    await afterFrames(page);
    await expect(tour(page)).toHaveCount(0);
  });
});
