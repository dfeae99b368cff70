/** Immersive mode's guided tour and journey path (spec sections 2 and 9), its timings on a fake clock. */
import { GUIDE_DELAY_MS, WELCOME_OVERLAY_MS } from '../web/features/immersive/journey.ts';
import { afterFrames, expect, test } from './fixtures.ts';
import {
  expectLandedAt,
  extras,
  journey,
  openWithTour,
  scrollToPercent,
  scrollToSection,
  scrollToY,
  tour,
  welcome,
} from './immersive-kit.ts';

test.use({ viewMode: 'unset', viewport: { width: 1280, height: 800 } });

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
      // Between the tour's sections the card steps aside (it stayed on Projects over About, issue 46).
      ['about', null],
      ['skills', 'Skills'],
      ['blog', null],
      ['contact', 'Contact'],
    ] as const) {
      await scrollToSection(page, id);
      if (title) await expect(tour(page).getByRole('heading', { name: title })).toBeVisible();
      else await expect(tour(page)).toHaveCount(0);
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
    await expectLandedAt(page, 'projects');
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
      await expectLandedAt(page, id);
    }
    await expect(dialog.getByRole('button', { name: 'Next' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toHaveCount(0);

    // Skip ends the whole tour: no step comes back on scrolling, even in a new page of the session.
    await page.evaluate(() => sessionStorage.clear());
    await page.reload();
    await expect(extras(page)).toBeAttached();
    // The reload puts the page back where it was, near the contact section; where exactly depends
    // on how far the sections below the screen were laid out by then (content-visibility), and
    // between two sections the tour shows no step. At the top its intro shows.
    await scrollToY(page, 0);
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
