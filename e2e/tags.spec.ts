/**
 * The owner's tags (issue 34): spellings of one tag are one tag, and the owner renames or merges a
 * tag on every post from the dashboard, with the page's code and without it.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, expectToast, test, writePost } from './fixtures.ts';

const run = Date.now().toString(36);

async function post(admin: APIRequestContext, slug: string, tags: string[]) {
  const res = await writePost(admin, {
    title: `Tagged post ${slug}`,
    slug,
    summary: 'A post that carries tags for the test.',
    content: 'A body long enough for the editor to accept it as a post, and a little more than that.',
    coverImage: '/images/posts/repair-before-replace.svg',
    tags,
    // Drafts: their tags are the owner's to rename, and no public page (nor the sitemap other
    // tests read meanwhile) shows them.
    isPublished: false,
  });
  return res.tags as string[];
}

test.describe('signed in as the owner', () => {
  test.use({ signedIn: 'admin' });

  test('a tag written three ways is one; renamed on every post, then merged into another', async ({
    page,
    admin,
  }) => {
    const tag = `Svelte.js ${run}`;
    expect(await post(admin, `tags-a-${run}`, [tag])).toEqual([tag]);
    expect(await post(admin, `tags-b-${run}`, [`svelte-js-${run}`, `Kit ${run}`])).toEqual([
      tag,
      `Kit ${run}`,
    ]);

    await page.goto('/admin/blog');
    const tags = page.getByRole('list', { name: 'Tags' });
    const row = tags.getByRole('form', { name: `Rename the tag ${tag}` });
    await expect(row).toContainText('2 posts');
    await row.getByLabel(`New name for ${tag}`).fill(`Svelte ${run}`);
    await row.getByRole('button', { name: 'Rename' }).click();
    await expectToast(page, 'Tag renamed', `“${tag}” is now “Svelte ${run}”.`);
    const renamed = tags.getByRole('form', { name: `Rename the tag Svelte ${run}` });
    await expect(renamed).toContainText('2 posts');

    // Merged: renamed to the name of a tag that exists.
    const kit = tags.getByRole('form', { name: `Rename the tag Kit ${run}` });
    await kit.getByLabel(`New name for Kit ${run}`).fill(`svelte ${run}`);
    await kit.getByRole('button', { name: 'Rename' }).click();
    await expectToast(page, 'Tags merged', `“Kit ${run}” is now “Svelte ${run}”.`);
    await expect(tags.getByRole('form', { name: `Rename the tag Kit ${run}` })).toHaveCount(0);
    const stored = await (await admin.get(`/api/admin/posts/by-slug/tags-b-${run}`)).json();
    expect(stored.tags).toEqual([`Svelte ${run}`]);
  });

  test('a tag renamed on the blog: its old page and feed lead to the new name', async ({ page, admin }) => {
    const old = `Lockouts ${run}`;
    const published = await writePost(admin, {
      title: `Locked out at night ${run}`,
      slug: `locked-out-at-night-${run}`,
      summary: 'What to do when the keys are inside and the car is locked.',
      content: 'Call someone who opens cars for a living; a coat hanger costs more than the call.',
      tags: [old],
      isPublished: true,
    });
    await page.goto('/admin/blog');
    const row = page.getByRole('list', { name: 'Tags' }).getByRole('form', { name: `Rename the tag ${old}` });
    await row.getByLabel(`New name for ${old}`).fill(`Locked out ${run}`);
    await row.getByRole('button', { name: 'Rename' }).click();
    await expectToast(page, 'Tag renamed', `“${old}” is now “Locked out ${run}”.`);

    // A link or a feed reader that has the old address is sent on, permanently.
    const feed = await page.request.get(`/blog/tag/${encodeURIComponent(old)}/rss.xml`, { maxRedirects: 0 });
    expect(feed.status()).toBe(301);
    expect(feed.headers().location).toBe(`/blog/tag/${encodeURIComponent(`Locked out ${run}`)}/rss.xml`);
    await page.goto(`/blog/tag/${encodeURIComponent(old)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Posts tagged “Locked out ${run}”`);
    await expect(
      page.getByRole('list', { name: 'Posts' }).getByRole('link', { name: published.title }).first(),
    ).toBeVisible();
    await admin.delete(`/api/admin/posts/${published.id}`);
  });
});

test.describe('without JavaScript', () => {
  test.use({ signedIn: 'admin', javaScriptEnabled: false, refusedFormsExpected: true });

  test('a tag renamed by the form alone; an empty name refused beside it', async ({ page, admin }) => {
    const tag = `Nojs tag ${run}`;
    await post(admin, `tags-c-${run}`, [tag]);
    await page.goto('/admin/blog');
    const row = page.getByRole('form', { name: `Rename the tag ${tag}` });
    await row.getByRole('button', { name: 'Rename' }).click();
    await expect(page.getByRole('form', { name: `Rename the tag ${tag}` })).toContainText(
      'Write the new name',
    );
    await page
      .getByRole('form', { name: `Rename the tag ${tag}` })
      .getByLabel(`New name for ${tag}`)
      .fill(`Renamed nojs ${run}`);
    await page
      .getByRole('form', { name: `Rename the tag ${tag}` })
      .getByRole('button', { name: 'Rename' })
      .click();
    await expect(page).toHaveURL(/\?done=tag$/);
    await expect(page.getByRole('status').filter({ hasText: 'Tag renamed' })).toBeVisible();
    await expect(page.getByRole('form', { name: `Rename the tag Renamed nojs ${run}` })).toContainText(
      '1 post',
    );
  });
});
