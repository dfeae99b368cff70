/**
 * Who reaches the Admin Dashboard (the owner; a user and a visitor are refused everywhere), its
 * navigation on a laptop and a phone, and signing in again where the owner was: with the page's
 * code, beside the page, which keeps what its forms hold.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { SIGN_IN_AGAIN, SIGNED_OUT_WITH_FILES } from '../common/constants.ts';
import type { AdminPost } from '../common/schemas/blog.ts';
import { E2E_ADMIN } from './constants.ts';
import { expect, expectAccessible, expectToast, ONE_PIXEL_PNG, test, writePost } from './fixtures.ts';

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

/** What a form posted after its session ended is told, with the page's code. */
const SIGNED_OUT =
  'You were signed out, so this did not go through. Sign in again in a new tab, then press the button again: what you typed is still here.';

/** The session ends (its cookie gone, as after thirty days or 'End the session' on the phone). */
const endSession = (page: Page) => page.context().clearCookies();

/** Signs in in the tab the signed-out notice's link opens, as the owner would, and closes it. */
async function signInBeside(page: Page, form: Locator | Page, cameTo: string) {
  const [tab] = await Promise.all([
    page.context().waitForEvent('page'),
    form.getByRole('link', { name: SIGN_IN_AGAIN }).click(),
  ]);
  await tab.getByLabel('Username').fill(E2E_ADMIN.username);
  await tab.getByLabel('Password').fill(E2E_ADMIN.password);
  await tab.getByRole('button', { name: 'Sign In', exact: true }).click();
  // The page without its query, which would open a second editor on the same work.
  await expect(tab).toHaveURL(`${cameTo}?done=login`);
  await tab.close();
}

/** A post the owner has open in the editor when the session ends. */
const postLeftOpen = (admin: APIRequestContext, title: string, slugEnd: string) =>
  writePost(admin, {
    title,
    slug: `open-when-the-session-ended-${slugEnd}-${Date.now().toString(36)}`,
    summary: 'The summary as it was first written.',
    content: 'A body long enough for the editor, about a key that turns but does not start the car.',
    tags: ['Locksmith'],
  });

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? 'with the page’s code' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled, refusedFormsExpected: !javaScriptEnabled });

    test('signed out in the middle of an edit, the owner signs in again and saves what was typed', async ({
      page,
      admin,
      signInAs,
      allowConsole,
    }) => {
      // The save sent without a session is answered 401, which the browser logs.
      allowConsole(/status of 401 \(Unauthorized\)/);
      const post = await postLeftOpen(
        admin,
        'Open when the session ended',
        javaScriptEnabled ? 'js' : 'no-js',
      );
      await signInAs('admin');
      const editing = `/admin/blog?edit=${post.id}`;
      await page.goto(editing);
      const editor = page.getByRole('form', { name: 'Edit “Open when the session ended”' });
      const typed = 'Typed for an hour, while the session ended elsewhere.';
      await editor.getByLabel('Summary').fill(typed);
      await endSession(page);
      await editor.getByRole('button', { name: 'Update Post' }).click();
      const stored = async () =>
        ((await (await admin.get(`/api/admin/posts/${post.id}`)).json()) as AdminPost).summary;

      if (javaScriptEnabled) {
        // The page stays, what was typed in it, and the owner signs in beside it.
        await expect(editor.getByRole('alert')).toContainText(SIGNED_OUT);
        await expectToast(page, 'Signed out', SIGNED_OUT);
        await expect(page).toHaveURL(editing);
        await expect(editor.getByLabel('Summary')).toHaveValue(typed);
        await signInBeside(page, editor, '/admin/blog');
        await editor.getByRole('button', { name: 'Update Post' }).click();
        await expectToast(page, 'Post updated', 'Your changes are saved.');
        expect(await stored()).toBe(typed);
      } else {
        // Without the code the dashboard cannot be drawn signed out: the page keeps what was sent
        // instead, says so as the code does, and sends it again once signed in beside it.
        const kept = page.getByRole('form', { name: 'What you sent' });
        await expect(kept).toBeVisible();
        expect(new URL(page.url()).pathname).toBe('/admin/blog');
        await expect(kept.getByRole('alert')).toContainText(SIGNED_OUT);
        // What was typed is on the page too, to read or copy.
        const shown = page.getByRole('group').filter({ hasText: 'What the form sent' });
        await expect(shown.getByRole('definition').filter({ hasText: typed })).toBeVisible();
        await expect(shown.getByRole('term').filter({ hasText: /^Summary$/ })).toBeVisible();
        // Only what was typed: not which post, the version it was based on, or the page's time zone.
        await expect(shown.getByRole('term').filter({ hasText: /^(Id|Based on|Time zone)$/ })).toHaveCount(0);
        expect(await stored()).toBe(post.summary);
        await signInBeside(page, kept, '/admin/blog');
        await kept.getByRole('button', { name: 'Send it again' }).click();
        await expect(page.getByRole('status').filter({ hasText: 'Post updated' })).toBeVisible();
        expect(await stored()).toBe(typed);
        const again = page.getByRole('form', { name: 'Edit “Open when the session ended”' });
        await expect(again.getByLabel('Summary')).toHaveValue(typed);
      }
      await page.close();
      await admin.delete(`/api/admin/posts/${post.id}`);
    });
  });
}

test.describe('without JavaScript, a cover larger than any form', () => {
  test.use({ javaScriptEnabled: false, refusedFormsExpected: true });

  test('sent after the session ended is not read: the page says so, and the form comes back as it was once signed in', async ({
    page,
    admin,
    signInAs,
    allowConsole,
  }) => {
    allowConsole(/status of 401 \(Unauthorized\)/);
    const post = await postLeftOpen(admin, 'Open when the session ended, with a photo', 'photo');
    await signInAs('admin');
    await page.goto(`/admin/blog?edit=${post.id}`);
    const editor = page.getByRole('form', { name: 'Edit “Open when the session ended, with a photo”' });
    const typed = 'Typed for an hour, with a large photo of the board chosen.';
    await editor.getByLabel('Summary').fill(typed);
    // Past any form's 512 KB: not read from someone signed out.
    const photo = { name: 'board.png', mimeType: 'image/png', buffer: Buffer.alloc(700 * 1024, 1) };
    await editor.getByLabel('Cover image file').setInputFiles(photo);
    await endSession(page);
    await editor.getByRole('button', { name: 'Update Post' }).click();
    await expect(page.getByRole('heading', { name: '401 Unauthorized' })).toBeVisible();
    await expect(page.getByText(SIGNED_OUT_WITH_FILES)).toBeVisible();

    // Signed in again in a new tab from the page's link, back: the browser has kept what was typed.
    await signInBeside(page, page, '/admin/blog');
    await page.goBack();
    await expect(editor.getByLabel('Summary')).toHaveValue(typed);
    await editor.getByLabel('Cover image file').setInputFiles({ ...photo, buffer: ONE_PIXEL_PNG });
    await editor.getByRole('button', { name: 'Update Post' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Post updated' })).toBeVisible();
    const stored = (await (await admin.get(`/api/admin/posts/${post.id}`)).json()) as AdminPost;
    expect(stored.summary).toBe(typed);
    expect(stored.coverImage).toMatch(/^\/uploads\/[\w-]+\.webp$/);
    await admin.delete(`/api/admin/posts/${post.id}`);
  });
});

test('a newsletter draft saved after the session ended stays typed, and is saved once signed in again', async ({
  page,
  admin,
  signInAs,
  allowConsole,
}) => {
  allowConsole(/status of 401 \(Unauthorized\)/);
  await signInAs('admin');
  await page.goto('/admin/blog/newsletter');
  const form = page.getByRole('form', { name: 'New issue' });
  const subject = `Written through a sign-out ${Date.now().toString(36)}`;
  await form.getByLabel('Subject').fill(subject);
  await endSession(page);

  // A refusal of the form's own (no body yet) keeps the page too: it does not find the session gone.
  await form.getByRole('button', { name: 'Save draft' }).click();
  await expect(form.getByText('Body must be at least 10 characters')).toBeVisible();
  const body = 'An hour of writing: the workshop opens on Saturdays from March, with parking at the back.';
  await form.getByLabel('Body').fill(body);
  await form.getByRole('button', { name: 'Save draft' }).click();
  await expect(form.getByRole('alert')).toContainText(SIGNED_OUT);
  await expect(page).toHaveURL('/admin/blog/newsletter');
  await expect(form.getByLabel('Subject')).toHaveValue(subject);
  await expect(form.getByLabel('Body')).toHaveValue(body);

  await signInBeside(page, form, '/admin/blog/newsletter');
  await form.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('form', { name: `Draft: ${subject}` }).getByLabel('Body')).toHaveValue(body);
  const { issues } = (await (await admin.get('/api/admin/newsletter')).json()) as {
    issues: { subject: string }[];
  };
  expect(issues.filter((issue) => issue.subject === subject)).toHaveLength(1);
});
