/** Who reaches the Admin Dashboard (the owner; a user and a visitor are refused everywhere), and its navigation on a laptop and a phone. */
import { expect, expectAccessible, test } from './fixtures.ts';

/** Every dashboard page and the name of its link in the dashboard's navigation. */
const ADMIN_PAGES = [
  ['/admin/blog', 'Posts'],
  ['/admin/blog/moderation', 'Moderation'],
  ['/admin/blog/inbox', 'Inbox'],
  ['/admin/blog/pipeline', 'Pipeline'],
  ['/admin/blog/bookings', 'Calls'],
  ['/admin/blog/testimonials', 'Testimonials'],
  ['/admin/blog/resume-requests', 'Resume requests'],
  ['/admin/blog/endorsements', 'Endorsements'],
  ['/admin/blog/analytics', 'Analytics'],
  ['/admin/blog/outbox', 'Outbox'],
  ['/admin/blog/data', 'Your data'],
  ['/admin/blog/security', 'Security'],
] as const;

test('a plain user is refused on every admin page, and by the admin API', async ({ page, signInAs }) => {
  await signInAs('user');
  for (const [path] of ADMIN_PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Not authorised' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Admin sections' })).toHaveCount(0);
  }
  for (const path of [
    '/api/admin/summary',
    '/api/admin/inbox',
    '/api/admin/analytics',
    '/api/admin/security',
  ]) {
    expect((await page.request.get(path)).status()).toBe(403);
  }
  await expectAccessible(page, 'not authorised');
});

test('a visitor is sent to /auth from every admin page, and refused by the admin API', async ({ page }) => {
  for (const [path] of ADMIN_PAGES) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/auth$/);
  }
  for (const path of [
    '/api/admin/summary',
    '/api/admin/inbox',
    '/api/admin/analytics',
    '/api/admin/security',
  ]) {
    expect((await page.request.get(path)).status()).toBe(401);
  }
});

test('the dashboard navigation reaches every section and marks the current one', async ({
  page,
  signInAs,
}) => {
  await signInAs('admin');
  await page.goto('/admin/blog');
  const nav = page.getByRole('navigation', { name: 'Admin sections' });
  for (const [path, label] of ADMIN_PAGES) {
    await nav.getByRole('link', { name: new RegExp(`^${label}`) }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(nav.getByRole('link', { name: new RegExp(`^${label}`) })).toHaveAttribute(
      'aria-current',
      'page',
    );
  }
});

test('every dashboard section is in sight on a laptop, and the open one on a phone', async ({
  page,
  signInAs,
}) => {
  await signInAs('admin');
  const nav = page.getByRole('navigation', { name: 'Admin sections' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin/blog');
  for (const [, label] of ADMIN_PAGES) {
    await expect(nav.getByRole('link', { name: new RegExp(`^${label}`) })).toBeInViewport({ ratio: 1 });
  }
  await page.setViewportSize({ width: 390, height: 844 });
  for (const [path, label] of ADMIN_PAGES.slice(-3)) {
    await page.goto(path);
    // 0.9: the sideways-scrolling bar clips the tabs' 1 px overlap with its bottom border.
    await expect(nav.getByRole('link', { name: new RegExp(`^${label}`) })).toBeInViewport({ ratio: 0.9 });
  }
});
