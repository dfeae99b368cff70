/**
 * The analytics at a glance (issue 65, point 8): a headline of the four figures an owner looks for
 * first, a daily chart whose labels a phone can read, the Sources' pipeline columns with a cue where
 * they are past a phone's edge, and the top pages' whole addresses at 1280 px; both themes.
 */
import { expect, expectAccessible, test } from './fixtures.ts';

/** A person's phone (headless Chromium's own agent counts as a bot, and bots are not counted). */
const PHONE =
  'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36';
const LONG_PATH = '/blog/one-schema-form-to-database';

test.beforeEach(async ({ browser }) => {
  // A visitor's read of a post with a long address, counted.
  const visitor = await browser.newContext({
    userAgent: PHONE,
    extraHTTPHeaders: { 'x-forwarded-for': '10.65.8.1' },
  });
  const page = await visitor.newPage();
  const counted = page.waitForResponse('**/api/analytics/pageview');
  await page.goto(LONG_PATH);
  expect((await counted).status()).toBe(204);
  await visitor.close();
});

for (const [width, height, theme] of [
  [390, 844, 'dark'],
  [1280, 900, 'light'],
] as const) {
  test(`the owner reads the headline first, and every figure fits (${width} px, ${theme})`, async ({
    page,
    signInAs,
  }) => {
    await page.setViewportSize({ width, height });
    await page.emulateMedia({ colorScheme: theme });
    await signInAs('admin');
    await page.goto('/admin/blog/analytics');
    const glance = page.getByRole('region', { name: 'At a glance' });
    await expect(glance).toBeVisible();
    for (const figure of ['Visitors', 'Reached a goal', 'Won value', 'Best source'])
      await expect(glance.getByText(figure, { exact: true })).toBeVisible();
    // Above the long report: the first section of the page.
    const first = await page.getByRole('main').getByRole('region').first().getAttribute('aria-labelledby');
    expect(first).toBe('analytics-headline');

    // The chart's day labels are readable (they were about 4 px tall on a phone).
    const label = page
      .getByRole('img', { name: /^Page views and visitors per day/ })
      .locator('text')
      .last();
    expect((await label.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(8);

    const sources = page.getByRole('region', { name: 'Sources' });
    const cue = sources.getByText('Swipe the table sideways for the requests, deals and won value.').first();
    if (width < 640) await expect(cue).toBeVisible();
    else await expect(cue).toBeHidden();

    // The top pages' addresses are whole, never cut.
    const pages = page.getByRole('table', { name: 'Most viewed pages' });
    const cell = pages.getByRole('rowheader', { name: LONG_PATH });
    await expect(cell).toBeVisible();
    expect(await cell.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectAccessible(page, `analytics at a glance, ${width} px, ${theme}`);
  });
}
