/** Axe finds no WCAG A/AA violation on any page, in light and in dark, and no page logs an error. */
import type { Page } from '@playwright/test';
import { expect, expectAccessible, openAccountMenu, test } from './fixtures.ts';

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
  await expect(page.getByRole('status').filter({ hasText: 'Logged out' })).toBeVisible();
  await expectAccessible(page, 'toast (dark)');
});
