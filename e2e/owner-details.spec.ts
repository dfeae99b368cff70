/**
 * Small things an owner met in the dashboard (issue 65, point 9): the special hours' fields are
 * as wide as what they hold, on a phone the sections' row shows that it goes on, a request
 * marked Won straight from New says no first reply, and "Login" does not outshine "View My Work".
 */
import { expect, expectToast, sendQuote, test } from './fixtures.ts';

test('“Login” is quieter than the page’s own call to action', async ({ page }) => {
  await page.goto('/');
  const filled = async (name: string) =>
    page
      .getByRole('link', { name, exact: true })
      .first()
      .evaluate((element) => {
        const background = getComputedStyle(element).backgroundColor;
        return (
          background !== getComputedStyle(document.body).backgroundColor && background !== 'rgba(0, 0, 0, 0)'
        );
      });
  expect(await filled('View My Work')).toBe(true);
  expect(await filled('Login')).toBe(false);
});

test('a request marked Won straight from New shows no first reply', async ({ page, signInAs }) => {
  const name = `Quinn ${Date.now().toString(36)}`;
  await sendQuote(page, { name, email: 'quinn.won@example.com' });
  await expectToast(page, 'Quote Request Sent');
  await signInAs('admin');
  await page.goto('/admin/blog/pipeline');
  const card = page.getByRole('article', { name: `Quote request from ${name}` });
  await card.getByLabel(`Stage of the request from ${name}`).selectOption('won');
  await expectToast(page, 'Moved to Won');
  await page.reload();
  const won = page
    .getByRole('list', { name: 'Won' })
    .getByRole('article', { name: `Quote request from ${name}` });
  await expect(won).toBeVisible();
  await expect(won).not.toContainText('First reply');
});

test.describe('signed in', () => {
  test.use({ signedIn: 'admin' });

  test('the special hours’ date and times are as wide as what they hold', async ({ page }) => {
    await page.goto('/admin/blog/bookings');
    const date = page.getByLabel('Date with special hours');
    const from = page.getByLabel('Special hours from');
    const form = page.getByRole('group', { name: 'Special hours' });
    const width = async (locator: typeof date) => (await locator.boundingBox())?.width ?? 0;
    expect(await width(date)).toBeLessThan(200);
    expect(await width(from)).toBeLessThan(150);
    expect(await width(date)).toBeLessThan((await width(form)) / 2);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, signedIn: 'admin' });

  test('the sections’ row fades at its edge where more sections lie past it, and the open one is in view', async ({
    page,
  }) => {
    await page.goto('/admin/blog/security');
    const nav = page.getByRole('navigation', { name: 'Admin sections' });
    expect(await nav.evaluate((element) => getComputedStyle(element).maskImage)).toContain('linear-gradient');
    await expect(nav.getByRole('link', { name: 'Security' })).toBeInViewport();
    // Scrolled to its end, the last section stands clear of the fade.
    await nav.evaluate((element) => {
      element.scrollLeft = element.scrollWidth;
    });
    const [bar, last] = [
      await nav.boundingBox(),
      await nav.getByRole('link', { name: 'Security' }).boundingBox(),
    ];
    expect((last?.x ?? 0) + (last?.width ?? 0)).toBeLessThanOrEqual((bar?.x ?? 0) + (bar?.width ?? 0) - 40);
  });
});
