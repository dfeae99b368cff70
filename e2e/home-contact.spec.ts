/** The home page's contact section and quote form: sending, refusals, and the keyboard alone. */
import { expect, expectAccessible, expectToast, sendQuote, test, useUpFormLimit } from './fixtures.ts';

test.describe('contact and quote', () => {
  test('shows the values, contact details and links', async ({ page }) => {
    await page.goto('/');
    const contact = page.locator('#contact');
    await expect(contact.getByRole('heading', { name: 'WORK WITH ME' })).toBeVisible();
    for (const value of ['Expert Craftsmanship', 'On-Time Delivery', 'Ongoing Support']) {
      await expect(contact.getByRole('heading', { name: value })).toBeVisible();
    }
    await expect(contact.getByRole('link', { name: 'hello@jordanellis.dev' })).toBeVisible();
    await expect(contact.getByText('Atlanta, Georgia')).toBeVisible();
    await expect(contact.getByRole('link', { name: '(404) 555-0142' })).toHaveAttribute(
      'href',
      'tel:4045550142',
    );
    await expect(contact.getByRole('heading', { name: 'Connect With Me' })).toBeVisible();
    for (const name of ['GitHub', 'LinkedIn', 'Twitter', 'Email']) {
      await expect(contact.getByRole('link', { name: `${name} (opens in a new tab)` })).toBeVisible();
    }
  });

  test('validates on submit, then on change, with the spec messages', async ({ page }) => {
    await page.goto('/#contact');
    const form = page.getByRole('form', { name: 'Get a Custom Quote' });
    await form.getByRole('button', { name: 'Send Request' }).click();
    for (const message of [
      'Name is required',
      'Invalid email address',
      'Please select a project type',
      'Please select a budget range',
      'Please select a timeframe',
      'Message must be at least 10 characters',
    ]) {
      await expect(form.getByText(message)).toBeVisible();
    }
    await form.getByLabel('Name').fill('Dana');
    await expect(form.getByText('Name is required')).toBeHidden();
    await form.getByLabel('Email').fill('not-an-email');
    await expect(form.getByText('Invalid email address')).toBeVisible();
  });

  test('a quote is stored, thanked for, and the form comes back', async ({ page, browser }) => {
    const email = `quote.${Date.now()}@example.com`;
    await sendQuote(page, { name: 'Dana Smith', email });

    await expectToast(
      page,
      'Quote Request Sent',
      "I'll review your project details and get back to you within 24 hours.",
    );
    await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeFocused();
    await page.getByRole('link', { name: 'Send Another Request' }).click();
    await expect(page.getByRole('form', { name: 'Get a Custom Quote' }).getByLabel('Name')).toHaveValue('');

    // Read back through the admin API.
    const admin = await browser.newContext({ baseURL: page.url().replace(/\/#.*$/, '') });
    const login = await admin.request.post('/api/login', {
      data: { username: 'e2e-owner', password: 'e2e-owner-password-123' },
    });
    expect(login.status()).toBe(200);
    const quotes = await (await admin.request.get('/api/admin/quotes?pageSize=100')).json();
    expect(quotes.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          name: 'Dana Smith',
          email,
          phone: '404-555-0199',
          company: 'Smith Bakery',
          projectType: 'ecommerce',
          budget: '5-10k',
          timeframe: '3months',
          newsletter: true,
          message: 'An online shop for our cakes, with pickup times.',
        }),
      ]),
    );
    await admin.close();
  });

  test('what was typed is still there after a reload', async ({ page }) => {
    await page.goto('/#contact');
    const form = page.getByRole('form', { name: 'Get a Custom Quote' });
    await form.getByLabel('Name').fill('Dana Smith');
    await form.getByLabel('Project details').fill('An online shop for our cakes, with pickup times.');
    // The form's code starts as it is reached for (its first focus); from then on what is typed
    // is kept. (Typed and reloaded before it has started, the typing is the browser's alone.)
    await expect(page.locator('[data-island="quote-form"][data-live]')).toBeAttached();
    await page.reload();
    await expect(form.getByLabel('Name')).toHaveValue('Dana Smith');
    await expect(form.getByLabel('Project details')).toHaveValue(
      'An online shop for our cakes, with pickup times.',
    );
    await expect(form.getByLabel('Email')).toHaveValue('');
  });

  test('a failed send shows the error and keeps what was typed', async ({ page, allowConsole }) => {
    allowConsole(/status of 429/);
    // This visitor has already sent as many forms as the site takes from one address in ten minutes.
    await useUpFormLimit(page);
    await page.goto('/#contact');
    const form = page.getByRole('form', { name: 'Get a Custom Quote' });
    await form.getByLabel('Name').fill('Dana Smith');
    await form.getByLabel('Email').fill('dana@example.com');
    await form.getByLabel('Project type').selectOption('website');
    await form.getByLabel('Budget').selectOption('flexible');
    await form.getByLabel('Timeframe').selectOption('asap');
    await form.getByLabel('Project details').fill('A new site for the bakery.');
    await form.getByRole('button', { name: 'Send Request' }).click();
    await expectToast(page, 'Error', 'Too many requests. Please try again in');
    await expect(form.getByRole('alert')).toContainText(/Too many/);
    await expect(form.getByLabel('Name')).toHaveValue('Dana Smith');
    await expect(form.getByLabel('Project details')).toHaveValue('A new site for the bakery.');
  });
});

test('the home page after a quote is sent passes axe in the light theme, its thanks and toast included', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await sendQuote(page, { name: 'Dana Smith', email: `quote.axe.${Date.now()}@example.com` });
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeFocused();
  await expectToast(page, 'Quote Request Sent');
  expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
  await expectAccessible(page, '/ after a quote, light theme');
});

test('every control of the quote form can be reached and used from the keyboard', async ({ page }) => {
  await page.goto('/#contact');
  const form = page.getByRole('form', { name: 'Get a Custom Quote' });
  await form.getByLabel('Name').focus();
  const order = [];
  for (let i = 0; i < 10; i++) {
    order.push(
      await page.evaluate(
        () => document.activeElement?.getAttribute('name') ?? document.activeElement?.textContent,
      ),
    );
    await page.keyboard.press('Tab');
  }
  expect(order).toEqual([
    'name',
    'email',
    'phone',
    'company',
    'projectType',
    'budget',
    'timeframe',
    'message',
    'newsletter',
    'Send Request',
  ]);
});
