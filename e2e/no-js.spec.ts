/**
 * Every public form with JavaScript switched off (issue 30, ADR 013): the browser's own post goes
 * to the page, the page's action sends it through the same API as the script would, and the page
 * that comes back says what the spec's toast or panel says. Nothing typed goes into an address,
 * and a refusal keeps what was typed (passwords aside).
 */
import type { Page, Request } from '@playwright/test';
import { E2E_ADMIN } from './constants.ts';
import { adminApi, expect, test } from './fixtures.ts';

test.use({ javaScriptEnabled: false });

/** Every address the page asked for, so a test can check that none carries a typed value. */
function watchAddresses(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request: Request) => {
    if (request.isNavigationRequest()) seen.push(request.url());
  });
  return seen;
}

/** None of `values` appears in any address the page went to (raw or form-encoded). */
function expectNoneIn(addresses: string[], values: string[]) {
  for (const address of addresses) {
    const decoded = decodeURIComponent(address.replaceAll('+', ' '));
    for (const value of values) expect(decoded, `${value} in ${address}`).not.toContain(value);
  }
}

test.describe('signing in and registering without JavaScript', () => {
  test('a wrong password is refused beside the form, the username kept and the password not', async ({
    page,
    allowConsole,
  }) => {
    allowConsole(/status of 401/);
    const addresses = watchAddresses(page);
    await page.goto('/auth');
    await page.getByLabel('Username').fill(E2E_ADMIN.username);
    await page.getByLabel('Password').fill('not-the-password-2026');
    await page.getByLabel('Password').press('Enter');
    await expect(page.getByRole('alert')).toContainText('Login failed');
    await expect(page.getByLabel('Username')).toHaveValue(E2E_ADMIN.username);
    await expect(page.getByLabel('Password')).toHaveValue('');
    expectNoneIn(addresses, [E2E_ADMIN.username, 'not-the-password-2026']);
  });

  test('the right password signs in: the session cookie is set and the home page welcomes', async ({
    page,
  }) => {
    const addresses = watchAddresses(page);
    await page.goto('/auth');
    await page.getByLabel('Username').fill(E2E_ADMIN.username);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(/\/\?done=login$/);
    await expect(page.getByRole('status').filter({ hasText: 'Login successful' })).toContainText(
      `Welcome back, ${E2E_ADMIN.username}!`,
    );
    const user = await page.request.get('/api/user');
    expect((await user.json()).username).toBe(E2E_ADMIN.username);
    // A reload asks for the page again, not the post.
    await page.reload();
    await expect(page).toHaveURL(/\/\?done=login$/);
    expectNoneIn(addresses, [E2E_ADMIN.password]);
  });

  test('the Register tab is a link; a mismatched confirmation is refused, then the account is made', async ({
    page,
    allowConsole,
  }) => {
    allowConsole(/status of 400/);
    const username = `nojs${Date.now().toString(36)}`;
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    await expect(page).toHaveURL(/\?tab=register$/);
    await page.getByLabel('Username').fill(username);
    await page.getByRole('textbox', { name: 'Email' }).fill(`${username}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('a-long-password-1');
    await page.getByLabel('Confirm Password').fill('a-different-one-2');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Passwords do not match').first()).toBeVisible();
    await expect(page.getByLabel('Username')).toHaveValue(username);
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(`${username}@example.com`);
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
    await page.getByLabel('Password', { exact: true }).fill('a-long-password-1');
    await page.getByLabel('Confirm Password').fill('a-long-password-1');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Registration successful' })).toBeVisible();
    expect((await (await page.request.get('/api/user')).json()).username).toBe(username);
  });
});

test.describe('the quote form without JavaScript', () => {
  test('is in the page, refuses with the spec messages keeping the input, then is stored and thanked for', async ({
    page,
    browser,
    baseURL,
    allowConsole,
  }) => {
    allowConsole(/status of 400/);
    const addresses = watchAddresses(page);
    const email = `nojs.quote.${Date.now()}@example.com`;
    await page.goto('/#contact');
    await expect(page.getByText('Loading the quote form...')).toHaveCount(0);
    const form = page.getByRole('form', { name: 'Get a Custom Quote' });
    await form.getByLabel('Name').fill('Avery Slow');
    await form.getByLabel('Email').fill('avery-at-example');
    await form.getByLabel('Project details').fill('A booking page for the shop, with reminders.');
    await form.getByLabel('Send me occasional updates and articles').check();
    await form.getByRole('button', { name: 'Send Request' }).click();
    const again = page.getByRole('form', { name: 'Get a Custom Quote' });
    await expect(again.getByText('Invalid email address').first()).toBeVisible();
    await expect(again.getByText('Please select a project type')).toBeVisible();
    await expect(again.getByLabel('Name')).toHaveValue('Avery Slow');
    await expect(again.getByLabel('Project details')).toHaveValue('A booking page for the shop, with reminders.');
    await expect(again.getByLabel('Send me occasional updates and articles')).toBeChecked();

    await again.getByLabel('Email').fill(email);
    await again.getByLabel('Project type').selectOption('website');
    await again.getByLabel('Budget').selectOption('2-5k');
    await again.getByLabel('Timeframe').selectOption('1month');
    await again.getByRole('button', { name: 'Send Request' }).click();
    await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
    await expect(page).toHaveURL(/\/\?done=quote#contact$/);
    expectNoneIn(addresses, ['Avery', email, 'booking page']);

    const admin = await adminApi(browser, baseURL as string);
    const quotes = await (await admin.get('/api/admin/quotes?pageSize=100')).json();
    const stored = quotes.items.filter((item: { email: string }) => item.email === email);
    expect(stored).toEqual([
      expect.objectContaining({
        name: 'Avery Slow',
        projectType: 'website',
        budget: '2-5k',
        timeframe: '1month',
        newsletter: true,
        message: 'A booking page for the shop, with reminders.',
      }),
    ]);
    // A reload shows the thanks again and sends nothing more.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
    const after = await (await admin.get('/api/admin/quotes?pageSize=100')).json();
    expect(after.items.filter((item: { email: string }) => item.email === email)).toHaveLength(1);
  });
});
