/**
 * Verified testimonials (issue 21): the owner asks a client, the client writes on a phone through
 * the private link, the owner approves it, the home page shows it marked 'Verified client' with
 * schema.org data, and the client withdraws it again through the same link.
 */
import { E2E_PORT } from './constants.ts';
import { expect, expectAccessible, expectToast, test, visitorContext, waitForHydration } from './fixtures.ts';

const unique = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 6);

test('a client writes a testimonial on a phone, the owner approves it, the client withdraws it', async ({
  page,
  browser,
  signInAs,
}) => {
  const client = `Maria ${unique()}`;
  const words = `The pre-order site for ${client}'s bakery paid for itself in a month.`;

  // The owner asks for it and gets the private link.
  await signInAs('admin');
  await page.goto('/admin/blog');
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'Testimonials' })
    .click();
  await expect(page).toHaveURL(/\/admin\/blog\/testimonials$/);
  const ask = page.getByRole('region', { name: 'Ask a client' });
  await ask.getByRole('button', { name: 'Create link' }).click();
  await expect(ask.getByText('Client name must be at least 2 characters')).toBeVisible();
  await ask.getByLabel('Client name').fill(client);
  await ask.getByLabel('Client email (optional)').fill('maria.testimonial@example.com');
  await ask.getByRole('button', { name: 'Create link' }).click();
  const linkBox = ask.getByRole('status');
  await expect(linkBox).toContainText('queued in the outbox to maria.testimonial@example.com');
  const link = (await linkBox.locator('code').textContent()) ?? '';
  expect(link).toMatch(/\/testimonial\/[A-Za-z0-9_-]{43}$/);
  const entry = page.getByRole('article', { name: `Testimonial from ${client}` });
  await expect(entry).toContainText('Asked');
  await expectAccessible(page, 'testimonials dashboard');

  // The client, on a phone, writes it.
  const phone = await visitorContext(browser, {
    baseURL: `http://localhost:${E2E_PORT}`,
    viewport: { width: 390, height: 844 },
  });
  const clientPage = await phone.newPage();
  const path = new URL(link).pathname;
  await clientPage.goto(path);
  await waitForHydration(clientPage);
  const form = clientPage.getByRole('form', { name: 'Your testimonial' });
  await expect(form.getByLabel('Name')).toHaveValue(client);
  await form.getByLabel('Testimonial').fill('Great.');
  await form.getByRole('button', { name: 'Send testimonial' }).click();
  await expect(form.getByText('Testimonial must be at least 20 characters')).toBeVisible();
  await form.getByLabel('Role (optional)').fill('Owner');
  await form.getByLabel('Company (optional)').fill('Sweet Decatur Bakery');
  await form.getByLabel('Testimonial').fill(words);
  // The rating is a radio group: arrow keys move it, as in any radio group.
  await form.getByRole('radio', { name: '1 star', exact: true }).focus();
  await clientPage.keyboard.press('Space');
  for (let i = 0; i < 4; i++) await clientPage.keyboard.press('ArrowRight');
  await expect(form.getByRole('radio', { name: '5 stars' })).toBeChecked();
  expect(await clientPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(clientPage, 'testimonial form on a phone');
  await form.getByRole('button', { name: 'Send testimonial' }).click();
  await expect(clientPage.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await expect(clientPage.getByText('It appears on the site once Jordan Ellis approves it')).toBeVisible();
  // Stored, not only shown: a reload shows what was sent.
  await clientPage.reload();
  await expect(clientPage.getByText(words)).toBeVisible();
  await expect(clientPage.getByRole('img', { name: '5 out of 5 stars' })).toBeVisible();

  // The owner approves it; the home page shows it as a verified client's, with structured data.
  await page.reload();
  await expect(entry).toContainText('Waiting for your approval');
  await expect(entry).toContainText(words);
  await entry.getByRole('button', { name: 'Approve' }).click();
  await expectToast(page, 'Approved', 'It shows on the home page now.');
  await expect(entry).toContainText('On the site');

  await clientPage.goto('/#testimonials');
  const section = clientPage.locator('#testimonials');
  const card = section.getByRole('figure').filter({ hasText: words });
  await expect(card).toContainText('Verified client');
  await expect(card).toContainText('Owner, Sweet Decatur Bakery');
  const reviews = await clientPage.evaluate(() =>
    [...document.querySelectorAll('script[type="application/ld+json"]')].flatMap((script) => {
      const data = JSON.parse(script.textContent ?? '{}') as { '@graph'?: Array<Record<string, unknown>> };
      return (data['@graph'] ?? []).filter((node) => node['@type'] === 'Review');
    }),
  );
  expect(reviews).toContainEqual(
    expect.objectContaining({
      reviewBody: words,
      author: expect.objectContaining({ name: client, jobTitle: 'Owner' }),
      reviewRating: expect.objectContaining({ ratingValue: 5 }),
    }),
  );

  // The client withdraws it through the same link: it leaves the site at once.
  await clientPage.goto(path);
  await waitForHydration(clientPage);
  await expect(clientPage.getByText('Your testimonial is on the site')).toBeVisible();
  await clientPage.getByRole('link', { name: 'Withdraw it' }).click();
  await clientPage.getByRole('button', { name: 'Yes, withdraw it' }).click();
  await expect(clientPage.getByText('You withdrew your testimonial')).toBeVisible();
  await clientPage.goto('/#testimonials');
  await expect(
    clientPage.locator('#testimonials').getByRole('heading', { name: 'What Clients Say' }),
  ).toBeVisible();
  await expect(clientPage.getByText(words)).toHaveCount(0);
  await phone.close();

  // The owner sees it withdrawn and deletes the request.
  await page.reload();
  await expect(entry).toContainText('Withdrawn by the client');
  await entry.getByRole('link', { name: 'Delete' }).click();
  await entry.getByRole('button', { name: 'Yes, delete' }).click();
  // The toast comes from the request's row: the question is gone once it is deleted.
  await expectToast(page, 'Deleted', `The request to ${client} is gone.`);
  await expect(entry).toHaveCount(0);
});
