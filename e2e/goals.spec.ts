/**
 * Goals (issue 48, point 1) as a visitor reaches them and the owner reads them: a link out to
 * GitHub counted through its redirect with and without the page's code, a quote request sent
 * without it, and the Goals, Funnels and Sources of the analytics section at 390 and 1280 px in both themes,
 * the whole report of one goal's visitors and the won value credited to the last touch.
 * Nothing leaves the machine: the pages the links lead to are answered by the test.
 */
import type { APIRequestContext, BrowserContext } from '@playwright/test';
import type { AdminAnalytics } from '../common/schemas/analytics.ts';
import { E2E_ADMIN } from './constants.ts';
import { expect, expectAccessible, expectToast, sendQuote, test } from './fixtures.ts';

/** A person's phone (headless Chromium's own agent counts as a bot, and bots are not counted). */
const PHONE =
  'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36';

/** How often a goal was reached in the owner's 30-day report. */
async function completions(admin: APIRequestContext, goal: string): Promise<number> {
  const report = (await (await admin.get('/api/admin/analytics?days=30')).json()) as AdminAnalytics;
  return report.goals.find((row) => row.goal === goal)?.completions ?? 0;
}

/** The outside sites the links lead to, answered here. */
async function answerOutside(context: BrowserContext) {
  await context.route(/^https:\/\/(github\.com|www\.linkedin\.com)\//, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Elsewhere</title><h1>Elsewhere</h1>' }),
  );
}

// One network each, so the two (run side by side) count apart.
for (const [javaScriptEnabled, name, goal, address] of [
  [false, 'GitHub', 'github', 'https://github.com/jordanellis-dev'],
  [true, 'LinkedIn', 'linkedin', 'https://www.linkedin.com/in/jordanellis-dev'],
] as const) {
  test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled, userAgent: PHONE });

    test(`the footer link to ${name} opens it in a new tab and is counted once`, async ({
      page,
      context,
      admin,
    }) => {
      await answerOutside(context);
      const before = await completions(admin, goal);
      await page.goto('/blog');
      const link = page
        .getByRole('list', { name: 'Social links' })
        .getByRole('link', { name: `${name} (opens in a new tab)` });
      await expect(link).toHaveAttribute('href', `/go/${goal}`);
      const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
      await expect(tab).toHaveURL(address);
      await expect(tab.getByRole('heading', { name: 'Elsewhere' })).toBeVisible();
      await expect.poll(() => completions(admin, goal)).toBe(before + 1);
    });
  });
}

/** Visitors of a channel in the owner's 30-day Sources report. */
async function channelVisitors(admin: APIRequestContext, channel: string): Promise<number> {
  const report = (await (await admin.get('/api/admin/analytics?days=30')).json()) as AdminAnalytics;
  const table = report.sources.find((source) => source.dimension === 'channel');
  return table?.rows.find((row) => row.value === channel)?.visitors ?? 0;
}

test.describe('a campaign’s visit', () => {
  test.use({ userAgent: PHONE });

  test('from an ad with no sending site counts under the channel its words name (issue 65)', async ({
    page,
    admin,
  }) => {
    const before = await channelVisitors(admin, 'social');
    // A social ad's link, opened in an app that sends no referrer.
    await page.goto('/blog?utm_source=facebook&utm_medium=paid_social&utm_campaign=spring');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(() => channelVisitors(admin, 'social')).toBe(before + 1);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, userAgent: PHONE });

  test('a quote request sent from the page itself counts as a quote', async ({ page, admin }) => {
    const before = await completions(admin, 'quote');
    await sendQuote(page, { name: 'Goal Counter', email: `goal.${Date.now()}@example.com` });
    await expect.poll(() => completions(admin, 'quote')).toBe(before + 1);
  });
});

for (const [width, height, theme] of [
  [390, 844, 'light'],
  [1280, 900, 'dark'],
  [390, 844, 'dark'],
  [1280, 900, 'light'],
] as const) {
  test(`the owner reads the goals with their conversion (${width} px, ${theme})`, async ({
    page,
    request,
    signInAs,
  }) => {
    await page.setViewportSize({ width, height });
    await page.emulateMedia({ colorScheme: theme });
    await signInAs('admin');
    // The owner's own pages carry no view counter; a visitor's do.
    expect(await (await page.request.get('/blog')).text()).not.toContain('/insights.js');
    expect(await (await request.get('/blog')).text()).toContain('/insights.js');
    await page.goto('/admin/blog/analytics');
    const goals = page.getByRole('region', { name: 'Goals' });
    const table = goals.getByRole('table', { name: 'Goals reached' });
    await expect(table).toBeVisible();
    for (const header of ['Goal', 'Reached', 'Visitors', 'Rate']) {
      await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
    }
    for (const goal of ['Quote sent', 'Call booked', 'Resume downloaded', 'GitHub opened', 'Demo opened']) {
      await expect(table.getByRole('rowheader', { name: goal })).toBeVisible();
    }
    await goals.scrollIntoViewIfNeeded();
    // The Sources tables: the channel's open, the others a press away.
    const sources = page.getByRole('region', { name: 'Sources' });
    await expect(
      sources.getByRole('table', { name: 'Visitors, goals and clients by channel' }),
    ).toBeVisible();
    await sources.getByText(/^Landing page \(\d+\)$/).click();
    await expect(
      sources.getByRole('table', { name: 'Visitors, goals and clients by landing page' }),
    ).toBeVisible();
    // The funnels: the built-in one's steps, and the form that adds one.
    const funnels = page.getByRole('region', { name: 'Funnels' });
    const builtIn = funnels.getByRole('table', { name: 'Visitors at each step of From visit to client' });
    for (const step of ['1. Visited the site', '2. Read a post or a project', '5. Won (pipeline)']) {
      await expect(builtIn.getByRole('rowheader', { name: step })).toBeVisible();
    }
    await expect(funnels.getByRole('form', { name: 'Add a funnel' })).toBeVisible();
    await expectAccessible(page, `analytics goals, funnels and sources at ${width} px, ${theme}`);

    // Every report of those who sent a quote (point 5), the won value credited to the last touch (point 4).
    const filter = page.getByRole('form', { name: 'What the report shows' });
    await filter.getByRole('combobox', { name: 'Report on' }).selectOption({ label: 'Goal: Quote sent' });
    await filter.getByRole('button', { name: 'Show' }).click();
    await expect(page).toHaveURL(/\?source=goal%3Aquote$/);
    await expect(
      page.getByRole('status').filter({ hasText: 'Showing visitors who reached Quote sent' }),
    ).toBeVisible();
    await expect(funnels.getByText(/^Funnels follow each visit from its source/)).toBeVisible();
    const credit = sources.getByRole('form', { name: 'Credit for won value' });
    await credit.getByRole('combobox', { name: 'Credit won value to' }).selectOption('last');
    await credit.getByRole('button', { name: 'Show' }).click();
    await expect(page).toHaveURL(/\?source=goal%3Aquote&credit=last$/);
    await expect(
      sources.getByText(/credited to the visit that sent the request \(last touch\)/),
    ).toBeVisible();
    await expect(sources.getByText(/^Country \(\d+\)$/)).toBeVisible();
    await expect(
      sources.getByText(/^(From first visit to won|No deal won in the last 30 days)/),
    ).toBeVisible();
    await expectAccessible(page, `analytics of one goal at ${width} px, ${theme}`);
  });
}

test.describe('Global Privacy Control', () => {
  test.use({ javaScriptEnabled: false });

  test('the owner chooses to honour it without JavaScript; the privacy page says so, and a browser sending it is not counted', async ({
    page,
    browser,
    baseURL,
    admin,
    signInAs,
  }) => {
    await signInAs('admin');
    await page.goto('/admin/blog/analytics');
    const settings = page.getByRole('form', { name: 'Analytics settings' });
    const honour = settings.getByRole('checkbox', { name: /^Honour Global Privacy Control/ });
    await honour.check();
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\?done=analytics-settings$/);
    await expect(page.getByRole('status').filter({ hasText: 'Settings saved' })).toBeVisible();
    await expect(honour).toBeChecked();
    try {
      await page.goto('/privacy');
      await expect(
        page.getByText('If your browser sends Global Privacy Control, none of your page views or actions'),
      ).toBeVisible();

      // Two visitors follow a live demo's link: one browser sends the signal, the other does not.
      const before = await completions(admin, 'demo');
      for (const headers of [{ 'sec-gpc': '1' }, {}] as Record<string, string>[]) {
        const visitor = await browser.newContext({
          baseURL: baseURL ?? '',
          javaScriptEnabled: false,
          userAgent: PHONE,
          extraHTTPHeaders: headers,
        });
        const answer = await visitor.request.get('/go/demo/keycode-help', { maxRedirects: 0 });
        expect(answer.status()).toBe(302);
        await visitor.close();
      }
      await expect.poll(() => completions(admin, 'demo')).toBe(before + 1);
    } finally {
      await page.goto('/admin/blog/analytics');
      await honour.uncheck();
      await settings.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Settings saved' })).toBeVisible();
    }
    await page.goto('/privacy');
    await expect(
      page.getByText('This site does not act on Global Privacy Control at the moment'),
    ).toBeVisible();
  });
});

test.describe('with JavaScript', () => {
  test.use({ userAgent: PHONE });

  test('a visit from a newsletter campaign shows under its campaign, with its quote request', async ({
    page,
    browser,
    baseURL,
  }) => {
    const campaign = `fall-${Date.now().toString(36)}`;
    const counted = page.waitForResponse('**/api/analytics/pageview');
    await page.goto(`/?utm_source=newsletter&utm_medium=email&utm_campaign=${campaign}`);
    expect((await counted).status()).toBe(204);
    await sendQuote(page, { name: 'Campaign Reader', email: `${campaign}@example.com` });
    await expectToast(page, 'Quote Request Sent');

    const owner = await browser.newContext({ baseURL: baseURL ?? '' });
    const ownerPage = await owner.newPage();
    await ownerPage.request.post('/api/login', { data: E2E_ADMIN });
    await ownerPage.goto('/admin/blog/analytics');
    const sources = ownerPage.getByRole('region', { name: 'Sources' });
    await sources.getByText(/^Campaign \(\d+\)$/).click();
    const table = sources.getByRole('table', { name: 'Visitors, goals and clients by campaign' });
    // Two goals: the contact form seen (the counter's beacon), then the quote sent.
    await expect(
      table.getByRole('row', { name: new RegExp(`^${campaign} 1 2 100 % 1 0 \\$0$`) }),
    ).toBeVisible();
    await owner.close();
  });
});
