/**
 * Followable from the fediverse (issue 47, point 2): the footer and /blog say "Follow on the
 * fediverse" with the blog's handle and a button that copies it, at 390 and 1280 px in both
 * themes; without JavaScript the handle is there and no button that would do nothing. The head
 * names the actor (home, /blog) and a post's own object with its author's handle, and those
 * addresses answer as ActivityPub.
 */
import { E2E_PORT } from './constants.ts';
import { expect, expectAccessible, expectToast, test } from './fixtures.ts';

const HANDLE = `@jordan@localhost:${E2E_PORT}`;
const POST = 'one-schema-form-to-database';
const ACTIVITY = 'application/activity+json';

test.describe('the follow box', () => {
  for (const theme of ['light', 'dark'] as const) {
    for (const [width, height] of [
      [390, 844],
      [1280, 900],
    ] as const) {
      test(`in the footer and on /blog, ${theme}, ${width} px: the handle, copied by its button`, async ({
        page,
        context,
      }) => {
        await context.grantPermissions(['clipboard-read', 'clipboard-write']);
        await page.emulateMedia({ colorScheme: theme });
        await page.setViewportSize({ width, height });
        await page.goto('/');
        const footer = page.getByRole('contentinfo');
        await expect(footer.getByRole('heading', { name: 'Follow on the fediverse' })).toBeVisible();
        await expect(footer.getByText(HANDLE, { exact: true })).toBeVisible();
        await footer.getByRole('button', { name: `Copy ${HANDLE}` }).click();
        await expectToast(page, 'Handle copied');
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(HANDLE);
        await expect(footer.getByRole('button', { name: `Copy ${HANDLE}` })).toHaveText('Copied');

        // /blog has its own in the side column, and the footer none (one box to a page).
        await page.goto('/blog');
        await expect(page.getByRole('heading', { name: 'Follow on the fediverse' })).toHaveCount(1);
        const box = page.getByRole('complementary');
        await expect(box.getByText(HANDLE, { exact: true })).toBeVisible();
        await expect(box.getByRole('button', { name: `Copy ${HANDLE}` })).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        if (width === 390) await expectAccessible(page, `/blog with the follow box (${theme})`);
      });
    }
  }

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('the handle shows, and no button that would do nothing', async ({ page }) => {
      await page.goto('/');
      const footer = page.getByRole('contentinfo');
      await expect(footer.getByText(HANDLE, { exact: true })).toBeVisible();
      await expect(footer.getByRole('button', { name: `Copy ${HANDLE}` })).toHaveCount(0);
    });
  });
});

test('the head names the actor and a post its object and author; both answer as ActivityPub', async ({
  page,
  request,
}) => {
  for (const path of ['/', '/blog']) {
    await page.goto(path);
    const actor = page.locator(`link[rel="alternate"][type="${ACTIVITY}"]`);
    await expect(actor).toHaveAttribute('href', `http://localhost:${E2E_PORT}/ap/actors/blog`);
  }
  const person = await (await request.get('/ap/actors/blog', { headers: { accept: ACTIVITY } })).json();
  expect(person).toMatchObject({ type: 'Person', preferredUsername: 'jordan', name: 'Jordan Ellis' });

  await page.goto(`/blog/${POST}`);
  await expect(page.locator('meta[name="fediverse:creator"]')).toHaveAttribute('content', HANDLE);
  const object = page.locator(`link[rel="alternate"][type="${ACTIVITY}"]`);
  await expect(object).toHaveAttribute('href', `http://localhost:${E2E_PORT}/ap/posts/${POST}`);
  const article = await (await request.get(`/ap/posts/${POST}`, { headers: { accept: ACTIVITY } })).json();
  expect(article).toMatchObject({ type: 'Article', url: `http://localhost:${E2E_PORT}/blog/${POST}` });
  // A browser that opens the object's address reads the post.
  await page.goto(`/ap/posts/${POST}`);
  await expect(page).toHaveURL(new RegExp(`/blog/${POST}$`));
});
