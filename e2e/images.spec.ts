/** /generate-images (spec section 2): signed out, then the generator, examples, download and selection. */
import type { Page } from '@playwright/test';
import { expect, expectAccessible, expectToast, test } from './fixtures.ts';

const promptField = (page: Page) => page.getByRole('textbox', { name: 'Prompt' });

test('a visitor without an account is asked to sign in', async ({ page }) => {
  await page.goto('/generate-images');
  await expect(page.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Prompt' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  await page.getByRole('link', { name: 'Login / Register' }).click();
  await expect(page).toHaveURL('/auth?back=%2Fgenerate-images');

  // A new account comes back here, with the form.
  await page.getByRole('tab', { name: 'Register' }).click();
  await expect(page).toHaveURL('/auth?tab=register&back=%2Fgenerate-images');
  const register = page.getByRole('tabpanel', { name: 'Register' });
  const username = `painter${Date.now().toString(36)}`;
  await register.getByLabel('Username').fill(username);
  await register.getByLabel('Email').fill(`${username}@example.com`);
  await register.getByLabel('Password', { exact: true }).fill('a-long-password-123');
  await register.getByLabel('Confirm Password').fill('a-long-password-123');
  await register.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL('/generate-images?done=register');
  await expect(promptField(page)).toBeVisible();
});

test('a signed-in user picks an example, generates, downloads and selects an image', async ({
  page,
  signInAs,
}) => {
  await signInAs('user');
  // The answer is held until the generating state has been seen.
  let release = () => {};
  const seen = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/images/generate', async (route) => {
    await seen;
    await route.continue();
  });
  await page.goto('/generate-images');
  await expect(page.getByRole('tab', { name: 'Image Generator', selected: true })).toBeVisible();
  await expect(page.getByText('Your image will appear here.')).toBeVisible();
  await expect(page.getByText(/built-in generator/)).toBeVisible();

  // Below 10 characters the button is disabled, and Ctrl+Enter explains why.
  await promptField(page).fill('  a car  ');
  await expect(page.getByRole('button', { name: 'Generate Image' })).toBeDisabled();
  await promptField(page).press('Control+Enter');
  await expectToast(page, 'Invalid Prompt', 'Please enter a descriptive prompt (at least 10 characters)');

  await page.getByRole('tab', { name: 'Example Prompts' }).click();
  for (const category of ['Project backgrounds', 'Blog post images', 'Skill illustrations']) {
    await expect(page.getByRole('heading', { name: category })).toBeVisible();
  }
  const examples = page.getByRole('tabpanel', { name: 'Example Prompts' }).getByRole('button');
  await expect(examples).toHaveCount(9);
  await examples.filter({ hasText: 'A red car and golden keys' }).click();
  await expect(page.getByRole('tab', { name: 'Image Generator', selected: true })).toBeVisible();
  await expect(promptField(page)).toHaveValue(/^A red car and golden keys on a dark background/);
  await expect(promptField(page)).toBeFocused();

  await page.getByRole('combobox', { name: 'Size' }).selectOption('1792x1024');
  await page.getByRole('combobox', { name: 'Quality' }).selectOption('hd');
  await page.getByRole('button', { name: 'Generate Image' }).click();
  await expectToast(page, 'Generating your image...');
  await expect(page.getByRole('button', { name: 'Generating...' })).toBeDisabled();
  release();

  const image = page.getByRole('img', { name: /^Generated from the prompt: A red car and golden keys/ });
  // The toast first: it comes with the answer and goes after a few seconds, while the large image
  // may still be loading on a busy machine.
  await expectToast(page, 'Image Generated');
  await expect(image).toBeVisible();
  // Its box is there before its bytes (it has width and height): the size is read once it has
  // loaded and decoded (a CI run read 0 x 0 from a large image still arriving).
  await image.evaluate((img: HTMLImageElement) => img.decode());
  expect(await image.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([
    1792, 1024,
  ]);
  await expectAccessible(page, 'generated image');

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toMatch(/^generated-image-\d{13}\.png$/);

  await page.getByRole('button', { name: 'Use This Image' }).click();
  await expectToast(page, 'Image Selected');
  await expect(page.getByRole('button', { name: 'Selected' })).toBeDisabled();
  const url = await image.getAttribute('src');
  expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);

  // The owner, writing a post in this browser, is offered the selected image as the cover.
  await signInAs('admin');
  await page.goto('/admin/blog?new');
  const form = page.getByRole('form', { name: 'Create New Blog Post' });
  await form.getByRole('button', { name: 'Use generated image' }).click();
  await expect(form.getByRole('textbox', { name: 'Cover image URL' })).toHaveValue(url ?? '');
  await expect(form.getByRole('button', { name: 'Use generated image' })).toHaveCount(0);
});

test("a refused generation shows an Error toast with the server's message and keeps the prompt", async ({
  page,
}) => {
  // An account of its own, its hour's images all made (20): the next is refused by the API, in process
  // behind the page's action (the fallback message for an empty one: web/routes/generate-images.test.ts).
  const username = `painter${Date.now().toString(36)}`;
  const registered = await page.request.post('/api/register', {
    data: { username, email: `${username}@example.com`, password: 'a-long-enough-password-1' },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  for (let made = 0; made < 20; made++) {
    const response = await page.request.post('/api/images/generate', {
      data: { prompt: `A calm blue network of servers, number ${made}`, size: '1024x1024' },
    });
    expect(response.status(), await response.text()).toBe(200);
  }
  await page.goto('/generate-images');
  await promptField(page).fill('A calm blue network of servers');
  await page.getByRole('button', { name: 'Generate Image' }).click();
  await expectToast(page, 'Error', 'You have generated 20 images in the last hour.');
  await expect(page.getByText('Your image will appear here.')).toBeVisible();
  await expect(promptField(page)).toHaveValue('A calm blue network of servers');
});
