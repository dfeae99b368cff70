/**
 * The owner's calendar settings on the Calls page (issue 49): a CalDAV account (Debian's Radicale,
 * started by the test on 127.0.0.1) refused with its reason, then connected; the calendar bookings
 * go to chosen; a private ICS feed (a stand-in) added and removed; the account disconnected. At
 * 390 px with the page's code and at 1280 px without it, in both themes. The server is shared by
 * the tests: everything connected here is disconnected before the test ends.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext, Page } from '@playwright/test';
import { type Radicale, radicaleInstalled, startRadicale } from '../server/testing/radicale.ts';
import { required } from '../server/testing/required.ts';
import { expect, expectAccessible, expectToast, test } from './fixtures.ts';

// One account and one list of feeds on the shared server: these tests take turns.
test.describe.configure({ mode: 'serial' });

const EMPTY_CALENDAR = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//stand-in//EN\r\nEND:VCALENDAR\r\n';

let radicale: Radicale;
let feeds: Server;
let feedBase = '';
test.beforeAll(async () => {
  test.skip(!required('Radicale', radicaleInstalled()), 'Radicale is not installed here');
  radicale = await startRadicale();
  await radicale.makeCalendar('work', 'Work');
  await radicale.makeCalendar('personal', 'Personal');
  feeds = createServer((_request, response) =>
    response.writeHead(200, { 'content-type': 'text/calendar' }).end(EMPTY_CALENDAR),
  );
  await new Promise<void>((resolve) => feeds.listen(0, '127.0.0.1', resolve));
  feedBase = `http://127.0.0.1:${(feeds.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await radicale?.stop();
  if (feeds) await new Promise((resolve) => feeds.close(resolve));
});

/** Leaves no account or feed connected (the other tests' slots must not depend on this one's). */
async function disconnectAll(admin: APIRequestContext) {
  await admin.delete('/api/admin/booking-calendars/caldav');
  const overview = (await (await admin.get('/api/admin/booking-calendars')).json()) as {
    feeds: { id: string | null }[];
  };
  for (const feed of overview.feeds)
    if (feed.id) await admin.delete(`/api/admin/booking-calendars/feeds/${feed.id}`);
}

const panelOf = (page: Page) => page.getByRole('region', { name: 'Your calendars' });

test.describe('with the page’s code, at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const theme of ['light', 'dark'] as const) {
    test(`the owner connects a calendar account, chooses where bookings go, adds and removes a feed (${theme})`, async ({
      page,
      admin,
      signInAs,
    }) => {
      await page.emulateMedia({ colorScheme: theme });
      try {
        await signInAs('admin');
        await page.goto('/admin/blog/bookings');
        const panel = panelOf(page);
        await expect(
          panel.getByText('No calendar connected. Connect a calendar account or add a feed below.'),
        ).toBeVisible();

        const account = panel.getByRole('form', { name: 'Calendar account' });
        await account.getByLabel('Server address').fill(radicale.url);
        await account.getByLabel('User name').fill(radicale.username);
        await account.getByLabel('App password').fill('not-the-app-password');
        await account.getByRole('button', { name: 'Connect account' }).click();
        await expect(account.getByRole('alert')).toContainText(
          'The calendar account could not be read: it refused (401): check the user name and app password.',
        );
        // What was typed stays, but never the password.
        await expect(account.getByLabel('Server address')).toHaveValue(radicale.url);

        await account.getByLabel('App password').fill(radicale.password);
        await account.getByRole('button', { name: 'Connect account' }).click();
        await expectToast(page, 'Calendar account connected');
        const host = new URL(radicale.url).host;
        await expect(panel.getByRole('list', { name: 'Calendars read' })).toContainText(
          `${host} (CalDAV, owner)`,
        );
        await expect(account.getByLabel('App password')).toHaveValue('');

        const writeTo = panel.getByRole('form', { name: 'Where bookings go' });
        await writeTo.getByLabel('Write bookings to').selectOption({ label: 'Personal' });
        await writeTo.getByRole('button', { name: 'Save' }).click();
        await expectToast(page, 'Calendar chosen');
        await page.reload();
        await expect(panelOf(page).getByLabel('Write bookings to')).toHaveValue(
          `${radicale.url}owner/personal/`,
        );

        const feed = panelOf(page).getByRole('form', { name: 'Add a calendar feed' });
        await feed.getByLabel('Feed address').fill('calendar.example/basic.ics');
        await feed.getByRole('button', { name: 'Add feed' }).click();
        await expect(feed.getByText("Enter the calendar's address, starting with https://")).toBeVisible();
        await feed.getByLabel('Feed address').fill(`${feedBase}/private-${theme}/basic.ics`);
        await feed.getByRole('button', { name: 'Add feed' }).click();
        await expectToast(page, 'Calendar added');
        const listed = panelOf(page).getByRole('list', { name: 'Calendar feeds' });
        await expect(listed).toContainText(`${new URL(feedBase).host}/…basic.ics`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        await panelOf(page).screenshot({ path: `test-results/calendars-390-${theme}.png` });
        if (theme === 'light') await expectAccessible(page, '/admin/blog/bookings with calendars');

        await listed.getByRole('button', { name: 'Remove' }).click();
        await expectToast(page, 'Calendar removed');
        await expect(panelOf(page).getByRole('list', { name: 'Calendar feeds' })).toHaveCount(0);

        await panelOf(page).getByRole('button', { name: 'Disconnect account' }).click();
        await expectToast(page, 'Calendar account disconnected');
        await expect(
          panelOf(page).getByText('No calendar connected. Connect a calendar account or add a feed below.'),
        ).toBeVisible();
      } finally {
        await disconnectAll(admin);
      }
    });
  }
});

test.describe('without JavaScript, at 1280 px', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });

  test('the owner connects the account and adds a feed: each form posts and the page says it is done', async ({
    page,
    admin,
    signInAs,
  }) => {
    try {
      await signInAs('admin');
      await page.goto('/admin/blog/bookings');
      const account = panelOf(page).getByRole('form', { name: 'Calendar account' });
      await account.getByLabel('Server address').fill(radicale.url);
      await account.getByLabel('User name').fill(radicale.username);
      await account.getByLabel('App password').fill(radicale.password);
      await account.getByRole('button', { name: 'Connect account' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Calendar account connected' })).toBeVisible();
      await expect(panelOf(page).getByLabel('Write bookings to')).toBeVisible();

      const feed = panelOf(page).getByRole('form', { name: 'Add a calendar feed' });
      await feed.getByLabel('Feed address').fill(`${feedBase}/no-js/basic.ics`);
      await feed.getByRole('button', { name: 'Add feed' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Calendar added' })).toBeVisible();
      for (const theme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: theme });
        await panelOf(page).screenshot({ path: `test-results/calendars-1280-${theme}.png` });
      }

      await panelOf(page)
        .getByRole('list', { name: 'Calendar feeds' })
        .getByRole('button', { name: 'Remove' })
        .click();
      await expect(page.getByRole('status').filter({ hasText: 'Calendar removed' })).toBeVisible();
      await panelOf(page).getByRole('button', { name: 'Disconnect account' }).click();
      await expect(
        page.getByRole('status').filter({ hasText: 'Calendar account disconnected' }),
      ).toBeVisible();
    } finally {
      await disconnectAll(admin);
    }
  });
});
