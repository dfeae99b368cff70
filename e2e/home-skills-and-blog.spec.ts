/** The home page's skills (endorsed from there) and its blog teaser, each read from the API after a client-side visit too. */
import type { Page } from '@playwright/test';
import { OWNER_TIME_ZONE } from '../content/time-zone.ts';
import { expect, expectAccessible, expectToast, test, toastItem } from './fixtures.ts';

/**
 * Client-side navigation to the home page from a page that loaded no API data,
 * so the home page's data is fetched by the browser (and can be intercepted).
 */
async function navigateHomeFromResume(page: Page) {
  await page.goto('/resume');
  await page
    .getByRole('navigation', { name: 'Main', exact: true })
    .getByRole('link', { name: 'Home' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: "Hello, I'm Jordan Ellis" })).toBeVisible();
}

test.describe('skills and endorsements', () => {
  test('endorsing a skill raises its count and lists the endorsement in the spec format', async ({
    page,
    allowConsole,
  }) => {
    allowConsole(/status of 409 \(Conflict\)/);
    // Unique per run: a retry finds the first try's endorsement in the same database.
    const stamp = Date.now();
    const email = `dana.${stamp}@example.com`;
    const comment = `Set up our CI in a day (${stamp}).`;
    await page.goto('/');
    const skills = page.locator('#skills');
    await expect(skills.locator('[data-ready="true"]')).toBeAttached();
    for (const title of ['Frontend Development', 'Backend Development', 'Tools & DevOps']) {
      await expect(skills.getByRole('heading', { name: title })).toBeVisible();
    }
    await expect(skills.getByRole('heading', { name: 'Additional Skills & Competencies' })).toBeVisible();
    await expect(skills.getByText('Technical Documentation')).toBeVisible();

    const count = skills.getByRole('button', { name: /^Docker: / });
    const before = Number(await count.textContent());
    await skills.getByRole('link', { name: 'Endorse this skill: Docker' }).click();
    const dialog = page.getByRole('dialog', { name: 'Endorse this skill: Docker' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Recent Endorsements' })).toBeVisible();

    await dialog.getByRole('button', { name: 'Submit Endorsement' }).click();
    await expect(dialog.getByText('Name must be at least 2 characters')).toBeVisible();
    await expect(dialog.getByText('Valid email address is required')).toBeVisible();

    // The star picker is a radio group: the keyboard moves the rating.
    await dialog.getByRole('radio', { name: '5 stars' }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect(dialog.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await dialog.getByLabel('Your Name').fill('Dana Marie Smith');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Comment (optional)').fill(comment);
    await dialog.getByRole('button', { name: 'Submit Endorsement' }).click();

    await expectToast(page, 'Endorsement submitted', 'Thank you for endorsing Docker!');
    await expect(dialog).toBeHidden();
    await expect(count).toHaveText(String(before + 1));
    await expect(count).toHaveAccessibleName(
      `Docker: ${before + 1 === 1 ? '1 person has' : `${before + 1} people have`} endorsed this skill`,
    );
    // Its toast goes after its 5 s. Not waited for, the next press on the skill could land with the
    // pointer over it, which holds a toast (Radix pauses it under the pointer). The toast itself is
    // waited for: the 'status' Radix renders beside it is a one-second copy for screen readers.
    await expect(toastItem(page, 'Endorsement submitted')).toHaveCount(0);

    await skills.getByRole('link', { name: 'Endorse this skill: Docker' }).click();
    const recent = page.getByRole('list', { name: 'Recent endorsements' });
    const entry = recent.getByRole('listitem').first();
    await expect(entry).toContainText('Dana M.');
    await expect(entry.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
    // Today where the page tells the time for a visitor: the owner's zone (from 19:00 New York time
    // the runner's UTC day is already the next one).
    const today = new Date().toLocaleDateString('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: OWNER_TIME_ZONE,
    });
    await expect(entry).toContainText(today);
    await expect(entry).toContainText(`"${comment}"`);
    await expect(recent.getByRole('listitem').filter({ hasText: comment })).toHaveCount(1);

    // The same email again: the server's error, and the dialog stays open.
    const again = page.getByRole('dialog', { name: 'Endorse this skill: Docker' });
    await again.getByLabel('Your Name').fill('Dana Smith');
    await again.getByLabel('Email').fill(email.toUpperCase());
    await again.getByRole('button', { name: 'Submit Endorsement' }).click();
    const failure = toastItem(page, 'Failed to submit endorsement');
    await expect(failure).toContainText('You have already endorsed this skill with this email address');
    await expect(again).toBeVisible();
    // Escape closes the topmost layer first: the toast (pressed well within its 5 s), then the dialog.
    await page.keyboard.press('Escape');
    await expect(failure).toBeHidden();
    await expect(again).toBeVisible();
    await expect(recent.getByRole('listitem').filter({ hasText: comment })).toHaveCount(1);
    await expectAccessible(page, 'endorsement dialog');
    await page.keyboard.press('Escape');
    await expect(again).toBeHidden();
    await expect(skills.getByRole('link', { name: 'Endorse this skill: Docker' })).toBeFocused();
  });

  test('the count explains itself in a tooltip', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('#skills [data-ready="true"]')).toBeAttached();
    const count = page.locator('#skills').getByRole('button', { name: /^React: / });
    await count.hover();
    await expect(page.getByRole('tooltip')).toHaveText(
      /^(1 person has|\d+ people have) endorsed this skill$/,
    );
  });

  test.describe('on a touch screen', () => {
    test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

    test('a tap on the count explains it, a second tap puts it away', async ({ page }) => {
      await page.goto('/');
      await expect(page.locator('#skills [data-ready="true"]')).toBeAttached();
      const count = page.locator('#skills').getByRole('button', { name: /^React: / });
      await count.tap();
      await expect(page.getByRole('tooltip')).toHaveText(
        /^(1 person has|\d+ people have) endorsed this skill$/,
      );
      await expect(count).toHaveAttribute('aria-describedby', /.+/);
      await count.tap();
      await expect(page.getByRole('tooltip')).toHaveCount(0);
    });

    test('a phone reads the home page without React Router, and the endorsement dialog brings it', async ({
      page,
    }) => {
      const router: string[] = [];
      page.on('request', (request) => {
        if (/\/assets\/router-[\w-]+\.js$/.test(request.url())) router.push(request.url());
      });
      await page.goto('/');
      // The islands that start by themselves are live: the skills, the tour's extras.
      await expect(page.locator('#skills [data-ready="true"]')).toBeAttached();
      await expect(page.locator('[data-island="home-extras"][data-live]')).toBeAttached();
      expect(router).toEqual([]);
      await page.locator('#skills').getByRole('link', { name: 'Endorse this skill: Docker' }).tap();
      const dialog = page.getByRole('dialog', { name: 'Endorse this skill: Docker' });
      await expect(dialog.getByRole('button', { name: 'Submit Endorsement' })).toBeVisible();
      expect(router).toHaveLength(1);
    });
  });

  test('shows the loading text, then the error with its message when skills cannot load', async ({
    page,
    allowConsole,
  }) => {
    allowConsole(/status of 503/);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/skills', async (route) => {
      await held;
      await route.fulfill({ status: 503, body: 'Skills are resting' });
    });
    await navigateHomeFromResume(page);
    await expect(page.getByText('Loading skills data from GitHub...')).toBeVisible();
    release();
    const alert = page.locator('#skills').getByRole('alert');
    await expect(alert).toContainText('Failed to load skills data');
    await expect(alert).toContainText('Skills are resting');
  });
});

test.describe('blog teaser', () => {
  test('shows the three latest posts with time, tags and links', async ({ page }) => {
    await page.goto('/');
    const blog = page.locator('#blog');
    await expect(blog.getByRole('heading', { name: 'Latest from the Blog' })).toBeVisible();
    const cards = blog.getByRole('article');
    await expect(cards).toHaveCount(3);
    const first = cards.first();
    await expect(first.getByRole('time')).toHaveText(/ago|yesterday|today|now|last|this/);
    expect(await first.getByRole('list', { name: 'Tags' }).getByRole('listitem').count()).toBeLessThanOrEqual(
      3,
    );
    await expect(first.getByRole('link', { name: /^Read more →/ })).toHaveAttribute('href', /^\/blog\//);
    await blog.getByRole('link', { name: 'View All Posts' }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });

  test('shows three skeleton cards while loading, then the posts', async ({ page }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/blog', async (route) => {
      await held;
      await route.continue();
    });
    await navigateHomeFromResume(page);
    await expect(page.getByTestId('teaser-skeleton')).toHaveCount(3);
    release();
    await expect(page.locator('#blog').getByRole('article')).toHaveCount(3);
  });

  test('shows the empty message, and cards without cover or tags say so', async ({ page }) => {
    await page.route('**/api/blog', (route) => route.fulfill({ json: [] }));
    await navigateHomeFromResume(page);
    await expect(page.locator('#blog').getByText('No blog posts yet')).toBeVisible();
  });

  test("a post without cover, date or tags shows 'No image', 'Recently' and 'General'", async ({ page }) => {
    await page.route('**/api/blog', (route) =>
      route.fulfill({
        json: [
          {
            id: 1,
            slug: 'bare',
            title: 'Bare post',
            summary: 'Nothing else.',
            coverImage: '',
            tags: [],
            publishedAt: null,
          },
        ],
      }),
    );
    await navigateHomeFromResume(page);
    const card = page.locator('#blog').getByRole('article');
    await expect(card).toContainText('No image');
    await expect(card).toContainText('Recently');
    await expect(card.getByRole('list', { name: 'Tags' })).toHaveText('General');
  });

  test("shows the error with 'Try Again', which reloads the page", async ({ page, allowConsole }) => {
    allowConsole(/status of 500/);
    await page.route('**/api/blog', (route) => route.fulfill({ status: 500, body: 'down' }));
    await navigateHomeFromResume(page);
    const alert = page.locator('#blog').getByRole('alert');
    await expect(alert).toContainText('Unable to load blog posts at this time');
    await page.unroute('**/api/blog');
    await alert.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.locator('#blog').getByRole('article')).toHaveCount(3);
  });
});
