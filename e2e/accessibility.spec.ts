/** Axe finds no WCAG A/AA violation on any page, in light and in dark, and no page logs an error. */
import type { Page } from '@playwright/test';
import { expect, expectAccessible, expectToast, openAccountMenu, test, writePost } from './fixtures.ts';

const pages = [
  { path: '/', heading: "Hello, I'm Jordan Ellis" },
  { path: '/#contact', heading: "Hello, I'm Jordan Ellis" },
  { path: '/blog', heading: 'Blog' },
  { path: '/blog/one-schema-form-to-database', heading: 'One Schema from Form to Database' },
  { path: '/projects/keycode-help', heading: 'Keycode Help' },
  { path: '/auth', heading: 'Welcome back' },
  { path: '/auth?tab=register', heading: 'Create an account' },
  { path: '/resume', heading: 'Request My Resume' },
  { path: '/generate-images', heading: 'AI Image Generator' },
  { path: '/recommendations', heading: 'AI Project Recommendations' },
  { path: '/book-a-call', heading: 'Book a Call' },
  { path: '/privacy', heading: 'Privacy Policy' },
  { path: '/terms', heading: 'Terms of Service' },
  { path: '/contribute', heading: 'Contribute a Guest Post' },
  { path: '/blog?tag=Electronics', heading: 'Blog' },
  { path: '/no-such-page', heading: '404 Page Not Found' },
];

/** Axe in the light theme, then again after the system switches to dark (the page follows it live). */
async function expectAccessibleInBothThemes(page: Page, label: string) {
  // Colours must be checked at rest, not halfway through a transition to the other theme.
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await expectAccessible(page, `${label} (light)`);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expectAccessible(page, `${label} (dark)`);
}

test.use({ colorScheme: 'light' });

for (const { path, heading } of pages) {
  test(`${path} is accessible in light and dark`, async ({ page, allowConsole }) => {
    if (heading === '404 Page Not Found') allowConsole(/status of 404 \(Not Found\)/);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectAccessibleInBothThemes(page, path);
  });
}

// As a visitor without JavaScript gets each page: the server's HTML with every script taken out
// (axe itself needs scripts, so the page's are removed rather than the browser's turned off). With
// the browser's scripting on and the head script gone, the page is in the light theme whatever the
// system asks (as where the page's scripts fail), so one pass each, and that is checked; a browser
// with scripting off follows the system's theme in the same tokens the passes above judge
// (e2e/no-js.spec.ts). '/#contact' is the same document as '/'.
test.describe('without JavaScript', () => {
  for (const { path, heading } of pages.filter((page) => !page.path.includes('#'))) {
    test(`${path} is accessible without JavaScript`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ baseURL, colorScheme: 'dark' });
      const page = await context.newPage();
      await page.route('**/*', async (route) => {
        if (route.request().resourceType() !== 'document') return route.continue();
        const response = await route.fetch();
        const html = (await response.text())
          .replace(/<script\b[\s\S]*?<\/script>/g, '')
          .replace(/<link rel="modulepreload"[^>]*>/g, '');
        await route.fulfill({ response, body: html });
      });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
      // A dark system preference: still the light theme, the one judged here.
      await expect(page.locator('html')).not.toHaveClass(/dark/);
      await expectAccessible(page, `${path} without JavaScript`);
      await context.close();
    });
  }
});

for (const path of [
  '/admin/blog',
  '/admin/blog/moderation',
  '/admin/blog/inbox',
  '/admin/blog/resume-requests',
  '/admin/blog/endorsements',
  '/admin/blog/analytics',
]) {
  test(`${path} is accessible to the admin in light and dark`, async ({ page, signInAs }) => {
    await signInAs('admin');
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    // Wait for the list or chart, not the spinner.
    await expect(page.getByText(/^Loading /)).toHaveCount(0);
    await expectAccessibleInBothThemes(page, path);
  });
}

test('the account menu and a toast are accessible in light and dark', async ({ page, signInAs }) => {
  await signInAs('user');
  await page.goto('/blog');
  await openAccountMenu(page);
  await expectAccessibleInBothThemes(page, 'account menu');
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expectToast(page, 'Logged out');
  await expectAccessible(page, 'toast (dark)');
});

// Every form with its errors showing, and the endorsement dialog open: error text must keep its
// contrast in both themes (the dark theme's red was 2.75:1 before).
const forms = [
  { path: '/#contact', submit: 'Send Request' },
  { path: '/auth', submit: 'Sign In' },
  { path: '/auth?tab=register', submit: 'Create Account' },
  { path: '/resume', submit: 'Request Resume' },
  { path: '/contribute', submit: 'Submit for Review' },
  { path: '/blog/one-schema-form-to-database', submit: 'Submit Comment' },
];

for (const { path, submit } of forms) {
  test(`${path} with its form's errors showing is accessible in light and dark`, async ({
    page,
    allowConsole,
  }) => {
    // A click before the form's code arrives is posted by the browser; the page that comes back
    // with the messages is answered 400 (ADR 013), which the browser notes in its console.
    allowConsole(/status of 400/);
    await page.goto(path);
    // A form whose code loads after the page (the quote form, the comment form) is posted by the
    // browser when clicked first, and comes back with the same errors; sending it again only
    // shows them again.
    await expect(async () => {
      // Exact: '/auth' also offers 'Sign in with a passkey'.
      await page.getByRole('button', { name: submit, exact: true }).click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible({ timeout: 3_000 });
    }).toPass();
    await expectAccessibleInBothThemes(page, `${path} with errors`);
  });
}

test('the endorsement dialog with its errors showing is accessible in light and dark', async ({ page }) => {
  await page.goto('/#skills');
  // The skills hydrate after the page; a click before that is lost.
  await expect(page.locator('#skills [data-ready="true"]')).toBeAttached();
  await page.getByRole('link', { name: 'Endorse this skill: Docker' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Submit Endorsement' }).click();
  await expect(dialog.locator('[aria-invalid="true"]').first()).toBeVisible();
  await expectAccessibleInBothThemes(page, 'endorsement dialog with errors');
});

/**
 * WCAG's reflow (1.4.10): at 320 CSS pixels wide (the smallest phones, or a laptop's window at
 * 400% zoom) no page scrolls sideways; what is wider than the screen (the dashboard's tabs, a
 * table) scrolls in its own box.
 */
test.describe('at 320 pixels wide', () => {
  test.use({ viewport: { width: 320, height: 640 } });
  const sideways = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

  test('no public page scrolls sideways', async ({ page, allowConsole }) => {
    allowConsole(/status of 404 \(Not Found\)/, /no-such-page/);
    const projects = (await (await page.request.get('/api/projects')).json()) as { id: string }[];
    for (const path of [
      ...pages.map((entry) => entry.path),
      ...projects.map((project) => `/projects/${project.id}`),
      '/newsletter',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await sideways(page), path).toBe(0);
    }
  });

  test('no dashboard page scrolls sideways, with long names, addresses and titles in it', async ({
    page,
    admin,
    signInAs,
  }) => {
    // What real visitors and the owner type: a long name and address, a link, a long compound word.
    const stamp = Date.now().toString(36);
    const link = `https://example.com/${'an-address-that-never-breaks/'.repeat(4)}${stamp}`;
    const quote = await page.request.post('/api/contact', {
      data: {
        name: `Maximiliana Wolfeschlegelsteinhausenbergerdorff ${stamp}`,
        email: `maximiliana.wolfeschlegelsteinhausenbergerdorff.${stamp}@a-rather-long-company-domain.example`,
        projectType: 'website',
        budget: '5-10k',
        timeframe: '3months',
        message: `The old site is at ${link} and it needs replacing.`,
      },
    });
    expect(quote.status()).toBe(201);
    const post = await writePost(admin, {
      title: `Rindfleischetikettierungsüberwachungsaufgabenübertragungsgesetz ${stamp}`,
      slug: `a-long-word-${stamp}`,
      summary: 'A title with one very long word in it.',
      content: `A body long enough for the editor, with a link that never breaks: ${link}`,
      tags: ['Repair'],
    });
    await signInAs('admin');
    const sections = ['', 'moderation', 'inbox', 'pipeline', 'newsletter', 'outbox', 'testimonials'];
    sections.push(
      'bookings',
      'resume-requests',
      'endorsements',
      'fediverse',
      'analytics',
      'data',
      'security',
    );
    for (const path of [
      ...sections.map((section) => `/admin/blog${section && `/${section}`}`),
      '/admin/blog?new=1',
      `/admin/blog?edit=${post.id}`,
      // The owner reads a draft on its own page, as a visitor will once it is published.
      `/blog/${post.slug}`,
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText(/^Loading /)).toHaveCount(0);
      expect(await sideways(page), path).toBe(0);
    }
    await admin.delete(`/api/admin/posts/${post.id}`);
  });
});
