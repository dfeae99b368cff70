/** The owner's post editor at /admin/blog, and who may use it. */
import type { Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  expectToast,
  ONE_PIXEL_PNG,
  ownerEntries,
  test,
  waitForHydration,
  writePost,
} from './fixtures.ts';

test('the admin creates a post with a generated slug, an uploaded cover and inline image, then manages it', async ({
  page,
  signInAs,
  allowConsole,
}) => {
  await signInAs('admin');
  await page.goto('/admin/blog');
  // The section opens on the posts; 'New post' opens the editor above them (issue 46).
  await expect(page.getByRole('list', { name: 'All posts' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Create New Blog Post' })).toHaveCount(0);
  // On the first screen (it began 1,937 px down, below the editor).
  expect((await page.getByRole('list', { name: 'All posts' }).boundingBox())?.y).toBeLessThan(
    page.viewportSize()?.height ?? 0,
  );
  await page.getByRole('link', { name: 'New post' }).click();
  await expect(page).toHaveURL(/\/admin\/blog\?new$/);
  const form = page.getByRole('form', { name: 'Create New Blog Post' });
  await expect(form.getByText('If unchecked, the post is saved as a draft.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'New post' })).toHaveCount(0);

  // Validation of the blog post form.
  await form.getByRole('button', { name: 'Create Post' }).click();
  await expect(form.getByText('Title must be at least 5 characters')).toBeVisible();
  await expect(form.getByText('Summary must be at least 10 characters')).toBeVisible();
  await expect(form.getByText('Content must be at least 50 characters')).toBeVisible();

  const title = `Fixing a Flooded Key Fob ${Date.now()}`;
  await form.getByLabel('Title').fill(title);
  // The slug follows the title about 500 ms later, while it is empty.
  await expect(form.getByLabel('Slug')).toHaveValue(/^fixing-a-flooded-key-fob-\d+$/);
  await form.getByLabel('Slug').fill('Bad Slug!');
  await expect(form.getByText('Slug can only contain lowercase letters, numbers, and hyphens')).toBeVisible();
  await form.getByRole('button', { name: 'Generate' }).click();
  await expect(form.getByLabel('Slug')).toHaveValue(/^fixing-a-flooded-key-fob-\d+$/);
  const slug = await form.getByLabel('Slug').inputValue();

  await form.getByLabel('Summary').fill('What to do in the first hour after a key fob goes swimming.');
  await form
    .getByLabel('Content')
    .fill('Take the battery out first.\nThen dry it gently.\n\nNever use a hair dryer on the circuit board.');
  await form.getByLabel('Tags').fill('Automotive, Repair');

  await form
    .getByLabel('Cover image file')
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
  await expectToast(page, 'Image uploaded');
  await expect(form.getByLabel('Cover image URL')).toHaveValue(/^\/uploads\/[\w-]+\.webp$/);
  // The cover shows as a thumbnail, not only as a path.
  const cover = await form.getByLabel('Cover image URL').inputValue();
  await expect(
    form.getByRole('figure').filter({ hasText: 'The cover as visitors will see it.' }).locator('img'),
  ).toHaveAttribute('src', cover);

  // An inline image asks for its description, then becomes a paragraph of its own.
  await form
    .getByLabel('Image or video to insert')
    .setInputFiles({ name: 'board.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
  await expectToast(page, 'Media uploaded');
  const pending = form.getByRole('region', { name: 'Image to insert' });
  await pending.getByRole('button', { name: 'Insert image' }).click();
  await expect(pending.getByText('Describe the image for people who cannot see it')).toBeVisible();
  await pending.getByLabel('Alt text').fill('A circuit board drying on a towel');
  await pending.getByRole('button', { name: 'Insert image' }).click();
  await expect(pending).toHaveCount(0);
  await expect(form.getByLabel('Content')).toHaveValue(
    /circuit board\.\n\n!\[A circuit board drying on a towel\]\(\/uploads\/[\w-]+\.webp\)\n$/,
  );

  await form.getByRole('button', { name: 'Preview' }).click();
  const preview = form.getByRole('region', { name: 'Preview' });
  await expect(preview.locator('p').first()).toContainText('Take the battery out first.');
  await expect(preview.getByRole('img', { name: 'A circuit board drying on a towel' })).toBeVisible();
  await expectAccessible(page, 'editor with preview');

  await form.getByLabel('Publish now').check();
  await form.getByRole('button', { name: 'Create Post' }).click();
  await expectToast(page, 'Success!', 'Blog post created successfully.');
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.getByRole('link', { name: title, exact: true })).toBeVisible();

  // Unpublish it from the list: it leaves the public blog.
  await page.goto('/admin/blog');
  const list = page.getByRole('list', { name: 'All posts' });
  await list.getByRole('button', { name: `Unpublish ${title}` }).click();
  await expectToast(page, 'Post unpublished');
  await expect(list.getByRole('button', { name: `Publish ${title}`, exact: true })).toBeVisible();
  expect((await page.request.get(`/api/blog/${slug}`)).status()).toBe(404);

  // Edit the title, then delete the post.
  await list.getByRole('link', { name: `Edit ${title}` }).click();
  const edit = page.getByRole('form', { name: `Edit “${title}”` });
  await edit.getByLabel('Title').fill(`${title} (revised)`);
  await edit.getByRole('button', { name: 'Update Post' }).click();
  await expectToast(page, 'Post updated');
  // Deleting the post open in the editor: even when closing the editor is slower than the
  // delete (a slow network on the route's data), nothing asks for the deleted post again.
  await expect(page).toHaveURL(/\?edit=\d+&done=post-updated$/);
  await page.route('**/admin/blog.data*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await list.getByRole('link', { name: `Delete ${title} (revised)` }).click();
  // The question is asked on the page, at the post; 'Keep it' takes only the question away.
  const question = list.getByRole('group', { name: `Delete “${title} (revised)”? This cannot be undone.` });
  await question.getByRole('link', { name: 'Keep it' }).click();
  await expect(question).toHaveCount(0);
  await expect(page).toHaveURL(/\?edit=\d+$/);
  await list.getByRole('link', { name: `Delete ${title} (revised)` }).click();
  await question.getByRole('button', { name: 'Yes, delete it' }).click();
  await expectToast(page, 'Post deleted', `${title} (revised)`);
  await expect(list.getByText(`${title} (revised)`)).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\/blog\?done=post-delete$/);
  await expect(page.getByRole('form', { name: /^Edit / })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'New post' })).toBeVisible();
  // It had been out: its address tells a reader (and a search engine) it is gone for good.
  await page.unroute('**/admin/blog.data*');
  allowConsole(/status of 410 \(Gone\)/);
  const gone = await page.goto(`/blog/${slug}`);
  expect(gone?.status()).toBe(410);
  await expect(page.getByRole('heading', { name: 'Post Not Found' })).toBeVisible();
});

test('Unpublish and then Publish in the posts list keep the post’s cover, tags, address and date', async ({
  page,
  signInAs,
  admin,
}) => {
  const title = `Cutting a Laser Key ${Date.now()}`;
  const post = await writePost(admin, {
    title,
    slug: `cutting-a-laser-key-${Date.now()}`,
    summary: 'Why a high-security key needs a different machine.',
    content: 'The blade is milled, not cut: the groove runs down the middle of the key on both faces.',
    coverImage: '/images/posts/transponder-keys-explained.svg',
    tags: ['Locksmith', 'Automotive'],
    isPublished: true,
  });

  await signInAs('admin');
  await page.goto('/admin/blog');
  const list = page.getByRole('list', { name: 'All posts' });
  await list.getByRole('button', { name: `Unpublish ${title}` }).click();
  await expectToast(page, 'Post unpublished', title);
  // Exactly 'Publish': the name is also a part of 'Unpublish', the button the list shows until it is read again.
  await list.getByRole('button', { name: `Publish ${title}`, exact: true }).click();
  await expectToast(page, 'Post published', title);
  await expect(list.getByRole('button', { name: `Unpublish ${title}` })).toBeVisible();

  await page.goto(`/blog/${post.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('No cover image available')).toHaveCount(0);
  // The cover is kept: a small illustration is drawn from the page itself (its label is the file's).
  await expect(page.locator('main img[src^="data:image/svg+xml,"]')).toBeVisible();
  expect(
    decodeURIComponent((await page.locator('main img[fetchpriority="high"]').getAttribute('src')) ?? ''),
  ).toContain('Transponder Keys: What programming really means');
  const tags = page.getByRole('list', { name: 'Tags' });
  await expect(tags.getByRole('listitem')).toHaveText(['Locksmith', 'Automotive']);
  // The first publication date is kept.
  const after = await (await admin.get(`/api/admin/posts/${post.id}`)).json();
  expect(after.publishedAt).toBe(post.publishedAt);
});

test('a failed create shows the spec message', async ({ page, signInAs, allowConsole }) => {
  allowConsole(/status of 409/);
  await signInAs('admin');
  await page.goto('/admin/blog?new');
  const form = page.getByRole('form', { name: 'Create New Blog Post' });
  await form.getByLabel('Title').fill('A post whose slug exists');
  // The slug of a seed post: the server refuses a duplicate.
  await form.getByLabel('Slug').fill('one-schema-form-to-database');
  await form.getByLabel('Summary').fill('This one must fail on the server.');
  await form.getByLabel('Content').fill('x'.repeat(60));
  await form.getByRole('button', { name: 'Create Post' }).click();
  await expectToast(page, 'Error', 'Failed to create blog post: ');
  await expect(page).toHaveURL(/\/admin\/blog\?new$/);
});

/** The owner's editor for a new post, on a clock the test can hold or move on (time flows until then). */
async function openNewPostOnClock(page: Page, signInAs: (who: 'admin') => Promise<unknown>) {
  await page.clock.install();
  await signInAs('admin');
  await page.goto('/admin/blog?new');
  const form = page.getByRole('form', { name: 'Create New Blog Post' });
  await expect(form.getByRole('status', { name: 'Save state' })).toHaveText('Not saved yet');
  return form;
}

test('a post saved a moment after its title is typed gets its slug from the title', async ({
  page,
  signInAs,
}) => {
  // The slug follows the title half a second after it changes; the clock stands still here, so the
  // owner's press comes sooner, as a quick owner's does (the press was refused for the empty slug).
  const form = await openNewPostOnClock(page, signInAs);
  await page.clock.pauseAt(Date.now() + 1000);
  const stamp = Date.now();
  await form.getByLabel('Title').fill(`Saved At Once ${stamp}`);
  await form.getByLabel('Summary').fill('A post saved before its slug had come by itself.');
  await form
    .getByLabel('Content')
    .fill('Typed quickly and saved at once, before the slug had come by itself.');
  await expect(form.getByLabel('Slug')).toHaveValue('');
  await form.getByRole('button', { name: 'Create Post' }).click();
  // Time goes on (the save's own waits), the half second included: the press alone has to do it.
  await page.clock.resume();
  await expectToast(page, 'Success!');
  const edit = page.getByRole('form', { name: `Edit “Saved At Once ${stamp}”` });
  await expect(edit.getByLabel('Slug')).toHaveValue(`saved-at-once-${stamp}`);
});

test('a draft stays in the editor when saved, and unsaved text survives a reload', async ({
  page,
  signInAs,
}) => {
  // Time flows as usual; the test moves it on where a change waits to be kept.
  const form = await openNewPostOnClock(page, signInAs);
  const title = `Bench Notes on Fob Batteries ${Date.now()}`;
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Summary').fill('Which coin cell goes where, and how to tell a dead one.');
  await form.getByLabel('Content').fill('A CR2032 is not a CR2025, even though both fit. '.repeat(3));
  await expect(form.getByRole('status', { name: 'Save state' })).toHaveText('Unsaved changes');
  // The tags in use are offered.
  await form.getByLabel('Tags').fill('Auto');
  await form.getByRole('button', { name: 'Add tag Automotive' }).click();
  await expect(form.getByLabel('Tags')).toHaveValue('Automotive, ');
  await form.getByRole('button', { name: 'Create Post' }).click();
  await expectToast(page, 'Success!');

  // Still in the editor, now editing the saved draft, which the list shows as a draft.
  const edit = page.getByRole('form', { name: `Edit “${title}”` });
  await expect(edit.getByRole('status', { name: 'Save state' })).toHaveText(
    /^(All changes saved at .+|No changes)$/,
  );
  // The page the save came back to: the draft open in the editor (and its 'saved' notice's word).
  await expect(page).toHaveURL(/\/admin\/blog\?edit=\d+&done=post-created$/);
  const postId = new URL(page.url()).searchParams.get('edit');
  const storedWork = () =>
    page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('portfolio:post-editor:')));
  // Saved a moment after the last change: nothing is kept to be offered back as unsaved.
  await page.clock.runFor(2_000);
  expect(await storedWork()).toEqual([]);
  const list = page.getByRole('list', { name: 'All posts' });
  await expect(
    list.getByRole('listitem').filter({ hasText: title }).getByText('Draft', { exact: true }),
  ).toBeVisible();

  // Typing, then a reload before saving: the text is offered back.
  const extra = 'Check the voltage under load, not on the bench: a tired cell reads fine unloaded.';
  await edit.getByLabel('Content').fill(extra);
  await expect(edit.getByRole('status', { name: 'Save state' })).toHaveText('Unsaved changes');
  await page.clock.runFor(1_000);
  await expect.poll(storedWork).toEqual([`portfolio:post-editor:${postId}`]);
  await page.reload();
  const reopened = page.getByRole('form', { name: `Edit “${title}”` });
  const offer = reopened.getByRole('region', { name: 'Unsaved work' });
  await expect(offer).toContainText('You have unsaved changes from');
  await expect(reopened.getByLabel('Content')).not.toHaveValue(extra);
  await offer.getByRole('button', { name: 'Restore' }).click();
  await expect(reopened.getByLabel('Content')).toHaveValue(extra);
  await expect(reopened.getByRole('status', { name: 'Save state' })).toHaveText('Unsaved changes');

  // Scheduled for tomorrow: saved, listed as scheduled, and the offer is gone after the save.
  const tomorrow = new Date(Date.now() + 86_400_000);
  const local = new Date(tomorrow.getTime() - tomorrow.getTimezoneOffset() * 60_000)
    .toISOString()
    .slice(0, 16);
  await reopened.getByLabel('Publish at (optional)').fill(local);
  await reopened.getByLabel('Publish now').check();
  await reopened.getByRole('button', { name: 'Update Post' }).click();
  await expectToast(page, 'Post updated');
  await expect(reopened.getByRole('status', { name: 'Save state' })).toHaveText(/^All changes saved at /);
  await expect(
    list
      .getByRole('listitem')
      .filter({ hasText: title })
      .getByText(/^Scheduled for /),
  ).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Unsaved work' })).toHaveCount(0);
  // Not on the blog before its time.
  const slug = await page
    .getByRole('form', { name: `Edit “${title}”` })
    .getByLabel('Slug')
    .inputValue();
  expect((await page.request.get(`/api/blog/${slug}`)).status()).toBe(404);
});

test('a published post given a new address in the editor: its old address leads to it', async ({
  page,
  admin,
  signInAs,
}) => {
  const stamp = Date.now().toString(36);
  const post = await writePost(admin, {
    title: 'Cloning a transponder key, step by step',
    slug: `cloning-a-transponder-${stamp}`,
    summary: 'What happens when a key is cloned at the counter.',
    content: 'The chip in the key head answers the car; cloning copies its answer onto a blank chip.',
    tags: ['Keys'],
    isPublished: true,
  });
  await signInAs('admin');
  await page.goto(`/admin/blog?edit=${post.id}`);
  const editor = page.getByRole('form', { name: `Edit “${post.title}”` });
  await editor.getByLabel('Slug').fill(`transponder-cloning-${stamp}`);
  await editor.getByRole('button', { name: 'Update Post' }).click();
  await expectToast(page, 'Post updated');

  // A link shared before the change (a newsletter, a search result): moved permanently.
  const old = await page.request.get(`/blog/${post.slug}`, { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(old.headers().location).toBe(`/blog/transponder-cloning-${stamp}`);
  await page.goto(`/blog/${post.slug}`);
  await expect(page).toHaveURL(new RegExp(`/blog/transponder-cloning-${stamp}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(post.title);
  await admin.delete(`/api/admin/posts/${post.id}`);
});

test('an image a save before the code stored without its description waits for it once the code runs', async ({
  page,
  signInAs,
  admin,
  allowConsole,
}) => {
  // The save before the code is refused for the image's description, as the page's HTML answer.
  allowConsole(/status of 400 \(Bad Request\)/);
  await signInAs('admin');
  await page.goto('/admin/blog?new');
  await waitForHydration(page);
  const form = page.getByRole('form', { name: 'Create New Blog Post' });
  const title = `A fob's board before the code ${Date.now().toString(36)}`;
  await form.getByLabel('Title').fill(title);
  // The form as the browser posts it before the code runs: multipart, the image with it, no description.
  await page.evaluate(
    ({ png }) => {
      const element = document.querySelector('#editor-title')?.closest('form');
      const picker = element?.querySelector<HTMLInputElement>('input[name="mediaFile"]');
      if (!element || !picker) throw new Error('The editor has no image picker');
      const files = new DataTransfer();
      files.items.add(new File([new Uint8Array(png)], 'board.png', { type: 'image/png' }));
      picker.files = files.files;
      element.enctype = 'multipart/form-data';
      element.submit();
    },
    { png: [...ONE_PIXEL_PNG] },
  );
  const again = page.getByRole('form', { name: 'Create New Blog Post' });
  await expect(again.getByLabel('Title')).toHaveValue(title);
  await waitForHydration(page);
  // The stored image asks for its description as one just uploaded does, then goes into the content.
  const pending = page.getByRole('region', { name: 'Image to insert' });
  await expect(pending.locator('img')).toHaveAttribute('src', /^\/uploads\/[\w-]+\.webp$/);
  const image = await pending.locator('img').getAttribute('src');
  await pending.getByLabel('Alt text').fill('The board, dried');
  await pending.getByRole('button', { name: 'Insert image' }).click();
  await expect(again.getByLabel('Content')).toHaveValue(`![The board, dried](${image})\n`);
  expect(await ownerEntries(admin, '/api/admin/posts?pageSize=100', 'title', title)).toEqual([]);
});
