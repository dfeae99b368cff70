/**
 * Funnels (issue 48, point 2) as a visitor walks one and the owner reads and shapes them: a phone
 * reader who reads a project and then sees the contact form moves through the built-in funnel;
 * the owner, without JavaScript, adds a funnel (a wrong step told beside its field, nothing
 * typed lost), downloads its steps as CSV, shows one source's visitors and removes the funnel again.
 */
import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import type { AdminAnalytics } from '../common/schemas/analytics.ts';
import { choose, expect, expectAccessible, test } from './fixtures.ts';

/** A person's phone (headless Chromium's own agent counts as a bot, and bots are not counted). */
const PHONE =
  'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36';

/** The built-in funnel's visitors at each step in the owner's 30-day report. */
async function builtIn(admin: APIRequestContext): Promise<number[]> {
  const report = (await (await admin.get('/api/admin/analytics?days=30')).json()) as AdminAnalytics;
  return report.funnels.find((funnel) => funnel.builtIn)?.steps.map((step) => step.visitors ?? 0) ?? [];
}

test.describe('a visitor with JavaScript', () => {
  test.use({ userAgent: PHONE, viewport: { width: 390, height: 844 } });

  test('reads a project, then sees the contact form: the built-in funnel counts both steps', async ({
    page,
    admin,
  }) => {
    const [, readBefore = 0, formBefore = 0] = await builtIn(admin);
    await page.goto('/projects/keycode-help');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(async () => (await builtIn(admin))[1] ?? 0).toBeGreaterThan(readBefore);
    await page.goto('/');
    await page.getByRole('heading', { name: 'WORK WITH ME' }).scrollIntoViewIfNeeded();
    await page.getByRole('textbox', { name: /^Name/ }).first().scrollIntoViewIfNeeded();
    await expect.poll(async () => (await builtIn(admin))[2] ?? 0).toBeGreaterThan(formBefore);
  });
});

test.describe('the owner without JavaScript', () => {
  test.use({ javaScriptEnabled: false, refusedFormsExpected: true });

  test('adds a funnel (a wrong step told beside it), shows one source, and removes it', async ({
    page,
    signInAs,
  }) => {
    const name = `Readers who ask ${Date.now().toString(36)}`;
    await signInAs('admin');
    await page.goto('/admin/blog/analytics');
    const form = page.getByRole('form', { name: 'Add a funnel' });
    await form.getByRole('textbox', { name: 'Name' }).fill(name);
    await form.getByRole('combobox', { name: 'Step 1' }).fill('/blog/*');
    await form.getByRole('combobox', { name: 'Step 2' }).fill('blog');
    await form.getByRole('button', { name: 'Add funnel' }).click();
    const step2 = form.getByRole('combobox', { name: 'Step 2' });
    await expect(step2).toHaveAccessibleDescription(
      'Step 2 is neither a page address (starting with /) nor a goal from the list.',
    );
    await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
    await expect(form.getByRole('combobox', { name: 'Step 1' })).toHaveValue('/blog/*');
    await step2.fill('Quote sent');
    await form.getByRole('button', { name: 'Add funnel' }).click();
    await expect(page).toHaveURL(/\?done=analytics-funnel$/);
    await expect(page.getByRole('status').filter({ hasText: 'Funnel added' })).toBeVisible();
    const funnel = page.getByRole('region', { name, exact: true });
    await expect(funnel.getByText(/^Counting since /)).toBeVisible();
    const steps = funnel.getByRole('table', { name: `Visitors at each step of ${name}` });
    await expect(steps.getByRole('rowheader', { name: /^1\. \/blog\/\*/ })).toBeVisible();
    await expect(steps.getByRole('rowheader', { name: /^2\. Quote sent/ })).toBeVisible();

    // Its steps as CSV: a plain link, downloaded without the page's code.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      funnel.getByRole('link', { name: `Download the steps of ${name} as CSV` }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^analytics-funnel-\d+-30-days-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(await readFile(await download.path(), 'utf8')).toBe(
      'step,visitors\r\n1. /blog/*,0\r\n2. Quote sent,0\r\n',
    );

    // One source's visitors: a GET of the page, the choice kept in its address.
    await page.goto('/admin/blog/analytics?source=utm_campaign%3Anobody-came');
    await expect(page.getByText('Showing visitors from Campaign: nobody-came.')).toBeVisible();
    const builtInSteps = page.getByRole('table', { name: 'Visitors at each step of From visit to client' });
    await expect(builtInSteps.getByRole('row')).toHaveCount(6);
    for (const cell of await builtInSteps.getByRole('cell').all()) {
      await expect(cell).toHaveText(/^(0|–)$/);
    }
    const choice = page.getByRole('form', { name: 'What the report shows' });
    await choice.getByRole('combobox', { name: 'Report on' }).selectOption({ label: 'All visitors' });
    await choice.getByRole('button', { name: 'Show' }).click();
    await expect(page).toHaveURL(/\?source=$/);
    await expect(page.getByText(/^Showing visitors from/)).toHaveCount(0);

    await page.getByRole('region', { name, exact: true }).getByRole('button', { name: 'Remove' }).click();
    await expect(page).toHaveURL(/\?done=analytics-funnel-remove$/);
    await expect(page.getByRole('region', { name, exact: true })).toHaveCount(0);
  });
});

test.describe('a read-only link, made and revoked without JavaScript', () => {
  test.use({ javaScriptEnabled: false, refusedFormsExpected: true });

  test('shows its reader only the chosen parts, and nothing once revoked', async ({
    page,
    browser,
    baseURL,
    signInAs,
  }) => {
    const label = `Alex ${Date.now().toString(36)}`;
    await signInAs('admin');
    await page.goto('/admin/blog/analytics');
    const form = page.getByRole('form', { name: 'Make a read-only link' });
    await form.getByRole('button', { name: 'Make link' }).click();
    await expect(form.getByRole('textbox', { name: 'Who it is for' })).toHaveAccessibleDescription(
      'Say who the link is for.',
    );
    await form.getByRole('textbox', { name: 'Who it is for' }).fill(label);
    await expect(form.getByRole('checkbox', { name: 'Goals' })).toBeChecked();
    await form.getByRole('checkbox', { name: 'Funnels' }).check();
    await form.getByRole('button', { name: 'Make link' }).click();
    const made = form.getByRole('status').filter({ hasText: `The link for ${label}` });
    await expect(made).toContainText('Copy it now: it is shown only this once.');
    const address = /https?:\/\/\S+\/shared\/analytics\/[\w-]+/.exec((await made.textContent()) ?? '')?.[0];
    expect(address).toBeTruthy();
    const link = new URL(address ?? '');

    // Its reader: another browser, no session, with JavaScript (said outright: a context made in a
    // test takes the describe's options, and axe cannot run in a page without it).
    const reader = await browser.newContext({ baseURL: baseURL ?? '', javaScriptEnabled: true });
    const readerPage = await reader.newPage();
    await readerPage.setViewportSize({ width: 390, height: 844 });
    await readerPage.goto(link.pathname);
    await expect(readerPage.getByRole('heading', { level: 1, name: `Analytics for ${label}` })).toBeVisible();
    await expect(readerPage.getByRole('table', { name: 'Goals reached' })).toBeVisible();
    await expect(
      readerPage.getByRole('table', { name: 'Visitors at each step of From visit to client' }),
    ).toBeVisible();
    await expect(readerPage.getByRole('region', { name: 'Sources' })).toHaveCount(0);
    await expect(readerPage.getByRole('region', { name: 'Top pages' })).toHaveCount(0);
    await expect(readerPage.getByRole('form')).toHaveCount(0);
    await expect(readerPage.getByRole('link', { name: /as CSV$/ })).toHaveCount(0);
    await expectAccessible(readerPage, 'a read-only link at 390 px');

    await page
      .getByRole('form', { name: `Link for ${label}` })
      .getByRole('button', { name: 'Revoke' })
      .click();
    await expect(page).toHaveURL(/\?done=analytics-share-revoke$/);
    await expect(page.getByRole('form', { name: `Link for ${label}` })).toHaveCount(0);
    const gone = await readerPage.goto(link.pathname);
    expect(gone?.status()).toBe(404);
    await expect(readerPage.getByText('This link no longer works. Ask for a new one.')).toBeVisible();
    await reader.close();
  });
});

test.describe('a campaign whose client came by a call', () => {
  test.use({ userAgent: PHONE, javaScriptEnabled: false });

  test('Won after Quote sent says neither dropped nor went on, and why (issue 65)', async ({
    page,
    admin,
    signInAs,
  }) => {
    const campaign = `calls-${Date.now().toString(36)}`;
    const email = `${campaign}@example.com`;
    // The visit starts on the campaign's link and books a call: a lead of that campaign, no quote.
    await page.goto(`/book-a-call?utm_source=partner&utm_campaign=${campaign}`);
    const form = page.getByRole('form', { name: 'Choose a time' });
    await choose(form.getByRole('group', { name: 'Day' }).getByRole('radio').nth(5));
    await choose(form.getByRole('group', { name: 'Time' }).getByRole('radio').nth(2));
    await form.getByLabel('Name').fill('Casey Calls');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('What would you like to talk about?').fill('A booking system for the shop');
    await form.getByRole('button', { name: 'Book the call' }).click();
    await expect(page.getByRole('heading', { name: 'Your call is booked' })).toBeVisible();
    // The owner wins it.
    const quotes = (await (await admin.get('/api/admin/quotes?pageSize=100')).json()) as {
      items: { id: number; email: string }[];
    };
    const lead = quotes.items.find((item) => item.email === email);
    expect(lead).toBeDefined();
    expect((await admin.patch(`/api/admin/quotes/${lead?.id}`, { data: { stage: 'won' } })).status()).toBe(
      200,
    );

    await signInAs('admin');
    await page.goto(`/admin/blog/analytics?source=${encodeURIComponent(`utm_campaign:${campaign}`)}`);
    const steps = page.getByRole('table', { name: 'Visitors at each step of From visit to client' });
    const won = steps.getByRole('row', { name: /^5\. Won \(pipeline\)/ });
    await expect(won).toContainText(
      'More than the step before: the pipeline counts every deal won in these days, from calls and earlier requests too.',
    );
    await expect(won.getByRole('cell')).toHaveText(['1', '–', '–']);
  });
});
