/**
 * Immersive mode (spec sections 2, 4 and 9): on by default, the custom cursor
 * and its hint, the floating dock, the guided tour, the journey path with its
 * welcome overlay; Standard mode removes them all. Timings run on a fake clock.
 */
import type { Page } from '@playwright/test';
import { GUIDE_DELAY_MS, WELCOME_OVERLAY_MS } from '../web/features/immersive/journey.ts';
import { afterFrames, expect, expectAccessible, test } from './fixtures.ts';

test.use({ viewMode: 'unset', viewport: { width: 1280, height: 800 } });

const extras = (page: Page) => page.getByTestId('immersive-extras');
const cursor = (page: Page) => page.getByTestId('custom-cursor');
const tour = (page: Page) => page.getByRole('dialog');
const dock = (page: Page) => page.getByRole('navigation', { name: 'Section dock' });
const journey = (page: Page) => page.getByRole('navigation', { name: 'Journey' });
const welcome = (page: Page) => page.getByText('Welcome to the journey');
const CURSOR_HINT = 'Custom cursor on: it grows over links and buttons.';

/** The addresses of the custom cursor's code the page fetches from now on. */
function cursorCodeRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (/\/custom-cursor-[\w-]+\.js$/.test(request.url())) urls.push(request.url());
  });
  return urls;
}

/** Scrolls at once (no smooth scrolling) and lets the page see the scroll event. */
async function scrollToY(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(y);
}

/** Scrolls to a share (0-100 %) of the scrollable height. */
async function scrollToPercent(page: Page, percent: number) {
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
async function mountExtrasOnFakeClock(page: Page): Promise<number> {
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
async function openWithTour(page: Page, path = '/') {
  await page.clock.install();
  await page.goto(path);
  await expect(extras(page)).toBeAttached();
  await page.clock.fastForward(WELCOME_OVERLAY_MS + 100);
  await expect(welcome(page)).toHaveCount(0);
  await page.clock.fastForward(GUIDE_DELAY_MS + 100);
  await expect(tour(page)).toBeVisible();
}

/** Scrolls a home section to the top of the screen, as a header link would. */
async function scrollToSection(page: Page, id: string) {
  await page.evaluate(
    (section) => document.getElementById(section)?.scrollIntoView({ behavior: 'instant' }),
    id,
  );
  await afterFrames(page);
}

test('immersive mode is on when nothing is stored, and the choice of Standard persists', async ({ page }) => {
  await page.goto('/');
  const viewMode = page.getByRole('group', { name: 'View mode' }).first();
  await expect(viewMode.getByRole('button', { name: 'Immersive' })).toHaveAttribute('aria-pressed', 'true');
  await expect(extras(page)).toBeAttached();
  await viewMode.getByRole('button', { name: 'Standard' }).click();
  await expect(viewMode.getByRole('button', { name: 'Standard' })).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => localStorage.getItem('isImmersiveMode'))).toBe('false');
  await page.reload();
  await expect(
    page.getByRole('group', { name: 'View mode' }).first().getByRole('button', { name: 'Standard' }),
  ).toHaveAttribute('aria-pressed', 'true');
  // Past the moment the extras would have come: the page says it decided against them.
  await expect(page.locator('html')).toHaveAttribute('data-immersive', 'off');
  await expect(extras(page)).toHaveCount(0);
  await expect(cursor(page)).toHaveCount(0);
});

test.describe('timings on a fake clock', () => {
  /** Fake time already run on the extras' timers when the test begins. */
  let sinceMount = 0;
  test.beforeEach(async ({ page }) => {
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
    await page.goto('/');
    sinceMount = await mountExtrasOnFakeClock(page);
  });

  test('one overlay at a time: the welcome, then the tour, then the cursor hint', async ({ page }) => {
    const overlays = () =>
      page
        .locator('[data-overlay]:not([data-overlay="journey"]):not([data-overlay="dock"])')
        .evaluateAll((nodes) =>
          nodes
            .filter((node) => getComputedStyle(node).visibility === 'visible')
            .map((node) => node.getAttribute('data-overlay')),
        );
    await expect(welcome(page)).toBeVisible();
    expect(await overlays()).toEqual(['welcome']);
    // The welcome has the floor for 4 s; the tour's card opens 1.5 s after it has gone.
    await page.clock.runFor(WELCOME_OVERLAY_MS + 100);
    await expect(welcome(page)).toHaveCount(0);
    expect(await overlays()).toEqual([]);
    await page.clock.runFor(GUIDE_DELAY_MS - 200);
    await expect(tour(page)).toHaveCount(0);
    await page.clock.runFor(200);
    await expect(tour(page).getByRole('heading', { name: 'Welcome! A quick tour' })).toBeVisible();
    await expect(tour(page).getByText('Tour step 1 of 4')).toBeVisible();
    expect(await overlays()).toEqual(['tour']);
    // Non-modal: focus stays where it was, and the page behind it takes clicks and keys.
    await expect(tour(page)).not.toBeFocused();
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    await page.clock.runFor(20_000);
    await expect(page.getByText(CURSOR_HINT)).toHaveCount(0);
    // The cursor's hint comes once the tour is closed, for its 10 s.
    await tour(page).getByRole('button', { name: 'Close tour step' }).click();
    await page.clock.runFor(100);
    await expect(page.getByText(CURSOR_HINT)).toBeVisible();
    expect(await overlays()).toEqual(['cursor-hint']);
    await page.clock.runFor(9_800);
    await expect(page.getByText(CURSOR_HINT)).toBeVisible();
    await page.clock.runFor(200);
    await expect(page.getByText(CURSOR_HINT)).toHaveCount(0);
  });

  test('the welcome overlay hides itself after 4 s, then the journey starts at the intro', async ({
    page,
  }) => {
    await expect(welcome(page)).toBeVisible();
    await expect(page.getByText(/The path on the right shows where you are\.$/)).toBeVisible();
    await expect(journey(page).getByRole('button', { name: 'Welcome' })).toHaveAttribute(
      'aria-current',
      'step',
    );
    await page.clock.runFor(WELCOME_OVERLAY_MS - 100 - sinceMount);
    await expect(welcome(page)).toBeVisible();
    await page.clock.runFor(200);
    await expect(welcome(page)).toHaveCount(0);
    await expect(journey(page).getByRole('button', { name: 'Intro' })).toHaveAttribute(
      'aria-current',
      'step',
    );
    // The overlay sits below the sticky header and takes no clicks.
  });
});

test('on other pages the cursor hint shows at once and disappears after 10 s', async ({ page }) => {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
  await page.goto('/blog');
  for (let i = 0; i < 400 && (await cursor(page).count()) === 0; i++) await page.clock.runFor(50);
  await expect(page.getByText(CURSOR_HINT)).toBeVisible();
  await page.clock.runFor(9_800);
  await expect(page.getByText(CURSOR_HINT)).toBeVisible();
  await page.clock.runFor(300);
  await expect(page.getByText(CURSOR_HINT)).toHaveCount(0);
  // The cursor itself stays, and follows the mouse.
  await page.mouse.move(400, 300);
  await expect(cursor(page).locator('[data-visible="true"]')).toHaveCount(2);
  await expect(page.locator('html')).toHaveClass(/custom-cursor/);
  // The arrow gives way to the custom cursor on plain surfaces; links and fields keep theirs.
  const cursorStyle = (selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((element) => getComputedStyle(element).cursor);
  expect(await cursorStyle('main p')).toBe('none');
  expect(await cursorStyle('main a')).toBe('pointer');
  expect(await cursorStyle('main input')).toBe('text');
});

test('the overlay and the tour stay clear of the header and shift nothing', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  await page.evaluate(() => {
    (window as unknown as { shifts: number }).shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & { value: number; hadRecentInput: boolean }
      >) {
        if (!entry.hadRecentInput) (window as unknown as { shifts: number }).shifts += entry.value;
      }
    }).observe({ type: 'layout-shift' });
  });
  await expect(welcome(page)).toBeVisible();
  const header = await page.getByRole('banner').boundingBox();
  const headerBottom = (header?.y ?? 0) + (header?.height ?? 0);
  const overlay = await welcome(page).locator('..').boundingBox();
  expect(overlay?.y ?? 0).toBeGreaterThanOrEqual(headerBottom);
  await expectAccessible(page, 'home with the welcome and the journey');
  await page.clock.fastForward(WELCOME_OVERLAY_MS + GUIDE_DELAY_MS + 200);
  await expect(tour(page)).toBeVisible();
  const card = await tour(page).boundingBox();
  expect(card?.y ?? 0).toBeGreaterThan(headerBottom);
  // Layout shift while the extras arrive and open: none of it theirs (they are fixed in place), and
  // the page's total stays far below the 0.1 that counts as good (the typing line may nudge 0.0001).
  await afterFrames(page);
  const { shifts, shiftLog } = await page.evaluate(() => {
    const record = window as unknown as { shifts: number; shiftLog?: string[] };
    return { shifts: record.shifts, shiftLog: record.shiftLog ?? [] };
  });
  expect(shifts).toBeLessThan(0.001);
  expect(shiftLog.join('\n')).not.toMatch(/immersive|dialog|Section dock|Journey/);
  await expectAccessible(page, 'home with the tour and the journey');
});

test('the dock appears after 300 px of scroll and takes the visitor to each section', async ({ page }) => {
  await page.goto('/');
  await expect(extras(page)).toBeAttached();
  await scrollToY(page, 300);
  await expect(dock(page)).toHaveCount(0);
  await scrollToY(page, 301);
  await expect(dock(page)).toBeVisible();
  await expect(dock(page).getByRole('button')).toHaveText([
    'Home',
    'About',
    'Projects',
    'Skills',
    'Contact',
    'Top',
  ]);

  await dock(page).getByRole('button', { name: 'Skills section' }).click();
  await expect(page.locator('#skills')).toBeInViewport();
  await dock(page).getByRole('button', { name: 'Contact section' }).click();
  await expect(page.locator('#contact')).toBeInViewport();
  await expectAccessible(page, 'home with the dock');

  // Keyboard: the dock's buttons are reachable and show their focus.
  await dock(page).getByRole('button', { name: 'Home section' }).focus();
  await page.keyboard.press('Tab');
  const about = dock(page).getByRole('button', { name: 'About section' });
  await expect(about).toBeFocused();
  expect(await about.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
  await page.keyboard.press('Enter');
  await expect(page.locator('#about')).toBeInViewport();

  await dock(page).getByRole('button', { name: 'Back to top' }).click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(dock(page)).toHaveCount(0);
});

test('the dock and the tour step aside while the visitor types in a form', async ({ page }) => {
  await openWithTour(page, '/#contact');
  await expect(dock(page)).toBeVisible();
  const form = page.getByRole('form', { name: 'Get a Custom Quote' });
  await expect(form).toHaveAttribute('data-ready', 'true');
  await form.getByLabel('Name').click();
  await expect(tour(page)).toHaveCount(0);
  await expect(dock(page)).toHaveCount(0);
  await form.getByLabel('Name').fill('Dana');
  await form.getByLabel('Name').blur();
  await expect(dock(page)).toBeVisible();
});

test.describe('the guided tour', () => {
  test('the step on show is where the visitor is; once one is closed, none opens by itself again', async ({
    page,
  }) => {
    await openWithTour(page);
    await expect(tour(page).getByRole('heading', { name: 'Welcome! A quick tour' })).toBeVisible();
    // Not yet: the projects' heading is still in the lower part of the screen.
    const projectsTop = await page.evaluate(() => document.getElementById('projects')?.offsetTop ?? 0);
    await scrollToY(page, projectsTop - 700);
    await afterFrames(page);
    await expect(tour(page).getByRole('heading', { name: 'Welcome! A quick tour' })).toBeVisible();
    for (const [id, title] of [
      ['projects', 'Projects'],
      ['skills', 'Skills'],
      ['contact', 'Contact'],
    ] as const) {
      await scrollToSection(page, id);
      await expect(tour(page).getByRole('heading', { name: title })).toBeVisible();
    }
    await expect(tour(page).getByText('Tour step 4 of 4')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(tour(page)).toHaveCount(0);
    // Closed once: no step comes back by itself, here or after a reload in the same session.
    for (const id of ['skills', 'projects', 'home']) {
      await scrollToSection(page, id);
      await expect(tour(page)).toHaveCount(0);
    }
    await scrollToY(page, 0);
    await page.reload();
    await expect(extras(page)).toBeAttached();
    await page.clock.fastForward(WELCOME_OVERLAY_MS + GUIDE_DELAY_MS + 200);
    await afterFrames(page);
    await expect(tour(page)).toHaveCount(0);
    await scrollToSection(page, 'projects');
    await expect(tour(page)).toHaveCount(0);
  });

  test('a step held back while the welcome showed does not turn up later in another section', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto('/');
    await expect(extras(page)).toBeAttached();
    // Straight past the projects to the skills while the welcome still has the floor.
    await scrollToSection(page, 'projects');
    await scrollToSection(page, 'skills');
    await page.clock.fastForward(WELCOME_OVERLAY_MS + GUIDE_DELAY_MS + 200);
    await expect(tour(page).getByRole('heading', { name: 'Skills' })).toBeVisible();
    await expect(tour(page).getByRole('heading', { name: 'Projects' })).toHaveCount(0);
  });

  test('next, back, skip and Done walk the four steps, each scrolling to its section', async ({ page }) => {
    await openWithTour(page);
    const dialog = tour(page);
    await expect(dialog.getByRole('button', { name: 'Back' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByRole('heading', { name: 'Projects' })).toBeVisible();
    await expect(page.locator('#projects')).toBeInViewport();
    await dialog.getByRole('button', { name: 'Back' }).click();
    await expect(dialog.getByRole('heading', { name: 'Welcome! A quick tour' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    for (const [title, id] of [
      ['Projects', 'projects'],
      ['Skills', 'skills'],
      ['Contact', 'contact'],
    ] as const) {
      await dialog.getByRole('button', { name: 'Next' }).click();
      await expect(dialog.getByRole('heading', { name: title })).toBeVisible();
      // The section it names comes to the top of the screen, below the header.
      await expect
        .poll(() =>
          page.evaluate(
            (section) => Math.round(document.getElementById(section)?.getBoundingClientRect().top ?? -1),
            id,
          ),
        )
        .toBeLessThanOrEqual(100);
    }
    await expect(dialog.getByRole('button', { name: 'Next' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toHaveCount(0);

    // Skip ends the whole tour: no step comes back on scrolling, even in a new page of the session.
    await page.evaluate(() => sessionStorage.clear());
    await page.reload();
    await expect(extras(page)).toBeAttached();
    await page.clock.fastForward(WELCOME_OVERLAY_MS + GUIDE_DELAY_MS + 200);
    await tour(page).getByRole('button', { name: 'Skip tour' }).click();
    await expect(tour(page)).toHaveCount(0);
    for (const id of ['projects', 'skills', 'contact']) {
      await scrollToSection(page, id);
      await expect(tour(page)).toHaveCount(0);
    }
  });
});

test('the journey marks the milestone for the scroll progress, and a click scrolls to it', async ({
  page,
}) => {
  await page.goto('/');
  await expect(journey(page).getByRole('button')).toHaveCount(9);
  await expect(welcome(page)).toHaveCount(0, { timeout: 10_000 });
  const current = journey(page).locator('[aria-current="step"]');
  for (const [percent, label] of [
    [5, 'Intro'],
    [20, 'About'],
    [35, 'Projects'],
    [50, 'More Projects'],
    [65, 'Skills'],
    [75, 'More Skills'],
    [85, 'Contact'],
    [95, 'Destination'],
  ] as const) {
    await scrollToPercent(page, percent);
    await expect(current).toHaveAccessibleName(label);
  }
  await journey(page).getByRole('button', { name: 'Skills', exact: true }).click();
  await expect(current).toHaveAccessibleName('Skills');
  await journey(page).getByRole('button', { name: 'Intro', exact: true }).click();
  await expect(current).toHaveAccessibleName('Intro');
});

/**
 * Opens the home page and checks there is no custom cursor once the extras have come: it is
 * decided in the same render as they are, so it is not coming later; nor is its code fetched.
 */
async function expectNoCursor(page: Page) {
  const cursorCode = cursorCodeRequests(page);
  await page.goto('/');
  await expect(extras(page)).toBeAttached();
  await expect(cursor(page)).toHaveCount(0);
  expect(cursorCode).toEqual([]);
}

test.describe('below 768 px', () => {
  test.use({ viewport: { width: 700, height: 900 } });
  test('the welcome speaks only of what the screen shows: no path to look for', async ({ page }) => {
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
    await page.goto('/');
    // No custom cursor below 768 px: the extras alone mount.
    for (let i = 0; i < 400 && (await extras(page).count()) === 0; i++) await page.clock.runFor(50);
    await expect(extras(page)).toBeAttached();
    // On a narrow screen it keeps clear of the hero's greeting and figures (ADR 011, issue 31):
    // past the hero it has a spot to show in.
    await page.evaluate(() => document.getElementById('about')?.scrollIntoView({ behavior: 'instant' }));
    // The clock is paused: the overlay is placed as it is run on, after the browser has told the
    // page of the scroll (its next frame, which may come after a first stretch of the clock).
    for (let i = 0; i < 400 && !(await welcome(page).isVisible()); i++) await page.clock.runFor(50);
    await expect(welcome(page)).toBeVisible();
    await expect(
      page.getByText('Nine stops from the intro to the destination.', { exact: true }),
    ).toBeVisible();
    await expect(page.getByText(/path on the right/)).toHaveCount(0);
  });
  test('there is no custom cursor and no journey path; the dock still comes', async ({ page }) => {
    await expectNoCursor(page);
    await expect(journey(page)).toHaveCount(0);

    await expect(page.locator('html')).not.toHaveClass(/custom-cursor/);
    await scrollToY(page, 400);
    await expect(dock(page)).toBeVisible();
  });
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 1024, height: 800 } });
  test('there is no custom cursor', async ({ page }) => expectNoCursor(page));
});

test.describe('with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });
  test('there is no custom cursor', async ({ page }) => expectNoCursor(page));
});

test('switching to Standard removes every extra at once', async ({ page }) => {
  await openWithTour(page);
  await scrollToY(page, 400);
  await expect(dock(page)).toBeVisible();
  await expect(journey(page)).toBeVisible();
  await expect(cursor(page)).toBeAttached();
  await page
    .getByRole('group', { name: 'View mode' })
    .first()
    .getByRole('button', { name: 'Standard' })
    .click();
  await expect(extras(page)).toHaveCount(0);
  await expect(tour(page)).toHaveCount(0);
  await expect(dock(page)).toHaveCount(0);
  await expect(journey(page)).toHaveCount(0);
  await expect(cursor(page)).toHaveCount(0);
  await expect(page.locator('html')).not.toHaveClass(/custom-cursor/);
});
