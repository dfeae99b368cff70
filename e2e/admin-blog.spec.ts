/** The owner's post editor at /admin/blog, and who may use it. */
import { expect, expectAccessible, test } from './fixtures.ts';

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
