/**
 * Who reaches the Admin Dashboard (the owner; a user and a visitor are refused everywhere), its
 * navigation on a laptop and a phone, and signing in again where the owner was.
 */
import { E2E_ADMIN } from './constants.ts';
import { expect, expectAccessible, test, writePost } from './fixtures.ts';

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
    await expect(page).toHaveURL(`/auth?back=${encodeURIComponent(path)}`);
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

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? 'with the page’s code' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled, refusedFormsExpected: !javaScriptEnabled });

    test('signed out in the middle of an edit, the owner signs in again and is back in the editor', async ({
      page,
      admin,
      signInAs,
      allowConsole,
    }) => {
      // The save sent without a session is answered 401, which the browser logs.
      allowConsole(/status of 401 \(Unauthorized\)/);
      const post = await writePost(admin, {
        title: 'Open when the session ended',
        slug: `open-when-the-session-ended-${javaScriptEnabled ? 'js' : 'no-js'}-${Date.now().toString(36)}`,
        summary: 'The summary as it was first written.',
        content: 'A body long enough for the editor, about a key that turns but does not start the car.',
        tags: ['Locksmith'],
      });
      await signInAs('admin');
      const editing = `/admin/blog?edit=${post.id}`;
      await page.goto(editing);
      const editor = page.getByRole('form', { name: 'Edit “Open when the session ended”' });
      const typed = 'Typed for an hour, while the session ended elsewhere.';
      await editor.getByLabel('Summary').fill(typed);
      if (javaScriptEnabled) {
        // The editor keeps unsaved work in the browser a moment after typing stops.
        await expect
          .poll(() =>
            page.evaluate((key) => localStorage.getItem(key) !== null, `portfolio:post-editor:${post.id}`),
          )
          .toBe(true);
      }

      // The session ends (its cookie gone, as after thirty days or 'End the session' on the phone).
      await page.context().clearCookies();
      await editor.getByRole('button', { name: 'Update Post' }).click();
      await expect(page).toHaveURL(`/auth?back=${encodeURIComponent(editing)}`);
      await page.getByLabel('Username').fill(E2E_ADMIN.username);
      await page.getByLabel('Password').fill(E2E_ADMIN.password);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();

      await expect(page).toHaveURL(`${editing}&done=login`);
      const again = page.getByRole('form', { name: 'Edit “Open when the session ended”' });
      await expect(again.getByLabel('Summary')).toHaveValue(post.summary);
      if (javaScriptEnabled) {
        // What was typed is offered back.
        const offer = again.getByRole('region', { name: 'Unsaved work' });
        await offer.getByRole('button', { name: 'Restore' }).click();
        await expect(again.getByLabel('Summary')).toHaveValue(typed);
      }
      await page.close();
      await admin.delete(`/api/admin/posts/${post.id}`);
    });
  });
}
