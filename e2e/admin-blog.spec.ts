/** The owner's post editor at /admin/blog, and who may use it. */
import { adminApi, expect, expectAccessible, test, toast } from './fixtures.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('the admin creates a post with a generated slug, an uploaded cover and inline image, then manages it', async ({
  page,
  signInAs,
}) => {
  await signInAs('admin');
  await page.goto('/admin/blog');
  const form = page.getByRole('form', { name: 'Create New Blog Post' });
  await expect(form.getByText('If unchecked, the post is saved as a draft.')).toBeVisible();

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
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('status').filter({ hasText: 'Image uploaded' })).toBeVisible();
  await expect(form.getByLabel('Cover image URL')).toHaveValue(/^\/uploads\/[\w-]+\.webp$/);

  await form
    .getByLabel('Image or video to insert')
    .setInputFiles({ name: 'board.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('status').filter({ hasText: 'Media uploaded' })).toBeVisible();
  await expect(form.getByLabel('Content')).toHaveValue(/!\[board\]\(\/uploads\/[\w-]+\.webp\)\n$/);

  await form.getByRole('button', { name: 'Preview' }).click();
  const preview = form.getByRole('region', { name: 'Preview' });
  await expect(preview.locator('p').first()).toContainText('Take the battery out first.');
  await expect(preview.locator('img[alt="board"]')).toBeVisible();
  await expectAccessible(page, 'editor with preview');

  await form.getByLabel('Publish now').check();
  await form.getByRole('button', { name: 'Create Post' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Success!' })).toContainText(
    'Blog post created successfully.',
  );
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.getByRole('link', { name: title, exact: true })).toBeVisible();

  // Unpublish it from the list: it leaves the public blog.
  await page.goto('/admin/blog');
  const list = page.getByRole('list', { name: 'All posts' });
  await list.getByRole('button', { name: `Unpublish ${title}` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Post unpublished' })).toBeVisible();
  await expect(list.getByRole('button', { name: `Publish ${title}` })).toBeVisible();
  expect((await page.request.get(`/api/blog/${slug}`)).status()).toBe(404);

  // Edit the title, then delete the post.
  await list.getByRole('button', { name: `Edit ${title}` }).click();
  const edit = page.getByRole('form', { name: `Edit “${title}”` });
  await edit.getByLabel('Title').fill(`${title} (revised)`);
  await edit.getByRole('button', { name: 'Update Post' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Post updated' })).toBeVisible();
  page.once('dialog', (dialog) => void dialog.accept());
  await list.getByRole('button', { name: `Delete ${title} (revised)` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Post deleted' })).toBeVisible();
  await expect(list.getByText(`${title} (revised)`)).toHaveCount(0);
});

test('Unpublish and then Publish in the posts list keep the post’s cover, tags, address and date', async ({
  page,
  browser,
  baseURL,
  signInAs,
}) => {
  const api = await adminApi(browser, baseURL ?? '');
  const title = `Cutting a Laser Key ${Date.now()}`;
  const created = await api.post('/api/blog', {
    data: {
      title,
      slug: `cutting-a-laser-key-${Date.now()}`,
      summary: 'Why a high-security key needs a different machine.',
      content: 'The blade is milled, not cut: the groove runs down the middle of the key on both faces.',
      coverImage: '/images/posts/transponder-keys-explained.svg',
      tags: ['Locksmith', 'Automotive'],
      isPublished: true,
    },
  });
  expect(created.status()).toBe(201);
  const post = await created.json();

  await signInAs('admin');
  await page.goto('/admin/blog');
  const list = page.getByRole('list', { name: 'All posts' });
  await list.getByRole('button', { name: `Unpublish ${title}` }).click();
  await expect(toast(page, 'Post unpublished')).toBeVisible();
  await list.getByRole('button', { name: `Publish ${title}` }).click();
  await expect(toast(page, 'Post published')).toBeVisible();
  await expect(list.getByRole('button', { name: `Unpublish ${title}` })).toBeVisible();

  await page.goto(`/blog/${post.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('No cover image available')).toHaveCount(0);
  await expect(page.locator('img[src="/images/posts/transponder-keys-explained.svg"]')).toBeVisible();
  const tags = page.getByRole('list', { name: 'Tags' });
  await expect(tags.getByRole('listitem')).toHaveText(['Locksmith', 'Automotive']);
  // The first publication date is kept.
  const after = await (await api.get(`/api/admin/posts/${post.id}`)).json();
  expect(after.publishedAt).toBe(post.publishedAt);
});

test('a failed create shows the spec message', async ({ page, signInAs, allowConsole }) => {
  allowConsole(/status of 409/);
  await signInAs('admin');
  await page.goto('/admin/blog');
  const form = page.getByRole('form', { name: 'Create New Blog Post' });
  await form.getByLabel('Title').fill('A post whose slug exists');
  // The slug of a seed post: the server refuses a duplicate.
  await form.getByLabel('Slug').fill('one-schema-form-to-database');
  await form.getByLabel('Summary').fill('This one must fail on the server.');
  await form.getByLabel('Content').fill('x'.repeat(60));
  await form.getByRole('button', { name: 'Create Post' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Error' })).toContainText(
    'Failed to create blog post: ',
  );
  await expect(page).toHaveURL(/\/admin\/blog$/);
});
