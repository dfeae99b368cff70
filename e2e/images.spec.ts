/** /generate-images (spec section 2): signed out, then the generator, examples, download and selection. */
import type { Page } from '@playwright/test';
import { expect, expectAccessible, expectToast, test } from './fixtures.ts';

const promptField = (page: Page) => page.getByRole('textbox', { name: 'Prompt' });
/** The image the last press made (the list below holds every image, this one too). */
const preview = (page: Page) => page.getByRole('region', { name: 'Preview' });

/** Signs the page's browser in with an account of its own, made through the API. */
async function newAccount(page: Page) {
  const username = `painter${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const registered = await page.request.post('/api/register', {
    data: { username, email: `${username}@example.com`, password: 'a-long-enough-password-1' },
  });
  expect(registered.status(), await registered.text()).toBe(201);
}

/** Images made through the API, oldest first, each with its own prompt. */
async function generateThrough(page: Page, prompts: string[]) {
  for (const prompt of prompts) {
    const response = await page.request.post('/api/images/generate', { data: { prompt, size: '1024x1024' } });
    expect(response.status(), await response.text()).toBe(200);
  }
}

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

  const image = preview(page).getByRole('img', {
    name: /^Generated from the prompt: A red car and golden keys/,
  });
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
  await preview(page).getByRole('link', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toMatch(/^generated-image-\d{13}\.png$/);

  await preview(page).getByRole('button', { name: 'Use This Image' }).click();
  await expectToast(page, 'Image Selected');
  await expect(preview(page).getByRole('button', { name: 'Selected' })).toBeDisabled();
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
  await newAccount(page);
  await generateThrough(
    page,
    Array.from({ length: 20 }, (_, made) => `A calm blue network of servers, number ${made}`),
  );
  await page.goto('/generate-images');
  await expect(page.getByRole('region', { name: 'Your images' })).toContainText(
    'You have generated 20 images in the last hour; the next is possible once the oldest of them is an hour old.',
  );
  await promptField(page).fill('A calm blue network of servers');
  await page.getByRole('button', { name: 'Generate Image' }).click();
  await expectToast(page, 'Error', 'You have generated 20 images in the last hour.');
  await expect(page.getByText('Your image will appear here.')).toBeVisible();
  await expect(promptField(page)).toHaveValue('A calm blue network of servers');
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? 'with the page’s code' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled });

    test('every image generated stays in Your images, newest first, a page at a time, after the page is left', async ({
      page,
    }) => {
      await newAccount(page);
      const earlier = Array.from({ length: 12 }, (_, n) => `A calm teal workshop, study number ${n}`);
      await generateThrough(page, earlier);
      await page.goto('/generate-images');
      const yours = page.getByRole('region', { name: 'Your images' });
      await expect(yours).toContainText('You can generate 8 more images this hour.');
      await expect(yours.getByRole('listitem')).toHaveCount(12);
      await expect(yours.getByRole('listitem').first()).toContainText('study number 11');

      // One more from the page: shown in the preview and at the head of the list.
      const prompt = 'A red car and golden keys at dusk';
      await promptField(page).fill(prompt);
      await page.getByRole('button', { name: 'Generate Image' }).click();
      await expect(
        preview(page).getByRole('img', { name: `Generated from the prompt: ${prompt}` }),
      ).toBeVisible();
      await expect(yours).toContainText('You can generate 7 more images this hour.');
      await expect(yours.getByRole('listitem').first()).toContainText(prompt);

      // Coming back later: the preview is empty again, the image is still there.
      await page.goto('/generate-images');
      await expect(page.getByText('Your image will appear here.')).toBeVisible();
      const newest = yours.getByRole('listitem').first();
      const image = newest.getByRole('img', { name: `Generated from the prompt: ${prompt}` });
      expect(
        await image.evaluate((element) =>
          (element as HTMLImageElement).decode().then(() => (element as HTMLImageElement).naturalWidth),
        ),
      ).toBe(1024);
      await expect(newest.getByRole('link', { name: 'Download' })).toHaveAttribute(
        'download',
        /^generated-image-\d{13}\.png$/,
      );
      if (javaScriptEnabled) {
        await newest.getByRole('button', { name: 'Use This Image' }).click();
        await expectToast(page, 'Image Selected');
        await expect(newest.getByRole('button', { name: 'Selected' })).toBeDisabled();
      } else {
        // The choice is kept by the page's code: without it there is no button that does nothing.
        await expect(yours.getByRole('button', { name: 'Use This Image' })).toHaveCount(0);
      }

      // Thirteen images: the oldest on the second page, by a link that works without the code too.
      const pages = page.getByRole('navigation', { name: 'Your images pages' });
      await expect(pages).toContainText('Showing 1–12 of 13');
      await expect(pages.getByRole('button', { name: 'Previous' })).toBeDisabled();
      await pages.getByRole('link', { name: 'Next' }).click();
      await expect(page).toHaveURL('/generate-images?page=2');
      await expect(pages).toContainText('Showing 13–13 of 13');
      await expect(pages.getByRole('button', { name: 'Next' })).toBeDisabled();
      await expect(yours.getByRole('listitem')).toHaveCount(1);
      await expect(yours.getByRole('listitem')).toContainText('study number 0');
      await pages.getByRole('link', { name: 'Previous' }).click();
      await expect(page).toHaveURL('/generate-images');
      await expect(yours.getByRole('listitem')).toHaveCount(12);
    });
  });
}
