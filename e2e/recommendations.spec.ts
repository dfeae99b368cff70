/** /recommendations (spec section 2): interests as chips, results, copy-link and shared links. */
import type { Page } from '@playwright/test';
import { expect, expectAccessible, expectToast, test } from './fixtures.ts';

const interestsField = (page: Page) => page.getByRole('textbox', { name: 'Interests', exact: true });
const chips = (page: Page) => page.getByRole('list', { name: 'Added interests' }).getByRole('listitem');

test('a visitor adds interests as chips and gets matching projects that scroll into view', async ({
  page,
}) => {
  await page.goto('/recommendations');
  await expect(page.getByRole('heading', { level: 1, name: 'AI Project Recommendations' })).toBeVisible();
  await expect(page.getByText('typically 3-5 projects')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Experience level' })).toHaveValue('intermediate');

  await page.getByRole('button', { name: 'Get Recommendations' }).click();
  await expect(page.getByText('Please enter at least one interest')).toBeVisible();

  // Enter adds a chip, and the rule is checked again on change.
  await interestsField(page).fill('locksmith');
  await expect(page.getByText('Please enter at least one interest')).toBeHidden();
  await interestsField(page).press('Enter');
  await expect(chips(page)).toHaveText(['locksmith']);
  await expect(interestsField(page)).toHaveValue('');
  // Add does too; a duplicate in another case is ignored.
  await interestsField(page).fill('Locksmith');
  await page.getByRole('button', { name: 'Add to interests' }).click();
  await expect(chips(page)).toHaveText(['locksmith']);
  // Text still in the field is sent too, split on commas.
  await interestsField(page).fill('automotive, react');
  await page.getByRole('combobox', { name: 'Purpose (optional)' }).selectOption('hiring');
  await page.getByRole('button', { name: 'Get Recommendations' }).click();

  const results = page.getByRole('heading', { level: 2, name: 'Your Recommendations' });
  await expect(results).toBeInViewport();
  await expectToast(page, 'Recommendations Generated');
  await expect(chips(page)).toHaveText(['locksmith', 'automotive', 'react']);
  await expect(page.getByText(/For your interest in “locksmith”, “automotive” and “react”/)).toBeVisible();

  const cards = page.getByRole('article');
  await expect(cards.first().getByRole('heading', { name: 'Keycode Help' })).toBeVisible();
  const first = cards.first();
  await expect(first.getByText(/^\d{1,3}% match$/)).toBeVisible();
  await expect(first.getByText('Business', { exact: true })).toBeVisible();
  await expect(first.getByText(/Why it matches: .*“locksmith”/)).toBeVisible();
  await expect(first.getByRole('img')).toHaveCount(0); // decorative image: alt=""
  await expect(first.locator('img')).toHaveAttribute('src', '/images/projects/keycode-help.svg');
  await expect(first.getByRole('link', { name: /View Demo/ })).toHaveAttribute(
    'href',
    'https://keycodehelp.com',
  );
  await expect(first.getByRole('link', { name: /GitHub/ })).toHaveAttribute(
    'href',
    'https://github.com/jordanellis-dev/keycode-help',
  );
  // A project without a repository has no GitHub button.
  const business = cards.filter({ has: page.getByRole('heading', { name: 'SSI MET Repairs' }) });
  await expect(business.getByRole('link', { name: /View Demo/ })).toBeVisible();
  await expect(business.getByRole('link', { name: /GitHub/ })).toHaveCount(0);
  await expectAccessible(page, 'recommendation results');

  // Chips are removable.
  await page.getByRole('button', { name: 'Remove react' }).click();
  await expect(chips(page)).toHaveText(['locksmith', 'automotive']);
});

test('the copy-link button copies a link that opens the page with the project highlighted', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/recommendations');
  await interestsField(page).fill('inventory, react');
  await page.getByRole('button', { name: 'Get Recommendations' }).click();
  await page.getByRole('button', { name: 'Copy link to Inventory Management System' }).click();
  await expectToast(page, 'Link copied');
  await expect(
    page.getByRole('button', { name: 'Link to Inventory Management System copied' }),
  ).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(`${baseURL}/recommendations?project=inventory-management`);

  await page.goto(copied);
  const shared = page.getByRole('region', { name: 'A project shared with you' });
  await expect(shared.getByRole('heading', { name: 'Inventory Management System' })).toBeVisible();
  await expect(shared.getByText('Shared with you', { exact: true })).toBeVisible();
  // Among new results the shared project is highlighted too.
  await interestsField(page).fill('inventory');
  await page.getByRole('button', { name: 'Get Recommendations' }).click();
  const results = page.getByRole('region', { name: 'Your Recommendations' });
  await expect(
    results
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: 'Inventory Management System' }) })
      .getByText('Shared with you', { exact: true }),
  ).toBeVisible();
});

test('interests nothing matches give No Matching Projects Found', async ({ page }) => {
  await page.goto('/recommendations');
  await interestsField(page).fill('qwzx blorp');
  await page.getByRole('button', { name: 'Get Recommendations' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'No Matching Projects Found' })).toBeInViewport();
  await expect(page.getByText('None of my projects relates to “qwzx blorp”')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);
});

test("a refused request shows the server's message in an Error toast and keeps the interests", async ({
  page,
}) => {
  // This visitor's address has asked 30 times in 10 minutes: the API, in process behind the page's
  // action, refuses the next (an unsuccessful answer's message: web/routes/form-actions.test.ts).
  for (let asked = 0; asked < 30; asked++) {
    const response = await page.request.post('/api/recommendations', {
      data: { interests: ['web'], experienceLevel: 'intermediate' },
    });
    expect(response.status(), await response.text()).toBe(200);
  }
  await page.goto('/recommendations');
  await interestsField(page).fill('web');
  await page.getByRole('button', { name: 'Get Recommendations' }).click();
  await expectToast(page, 'Error', 'Too many requests. Please try again in');
  await expect(page.getByRole('heading', { name: 'Your Recommendations' })).toHaveCount(0);
  await expect(interestsField(page)).toHaveValue('web');
});
