/**
 * Small things an owner met in the dashboard (issue 65, point 9): the special hours' fields are
 * as wide as what they hold, and on a phone the sections' row shows that it goes on.
 */
import { expect, test } from './fixtures.ts';

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

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

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
