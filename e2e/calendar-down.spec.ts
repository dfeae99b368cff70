/**
 * A calendar down for more than 5 minutes (issue 65, point 3): while the owner's private ICS feed
 * (a stand-in on 127.0.0.1) answers, visitors are offered times; once it has failed for over 5
 * minutes (the server's clock moved on: a clocked server of the test's own), 'Book a call' offers
 * no time and says why before any form, with and without the page's code, and the owner reads it
 * on the Calls page and finds the email that says so in the Outbox.
 */
import type { ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures.ts';
import { advanceClock, startOwnServer } from './own-server.ts';

const PORT = Number(process.env.E2E_CALENDAR_DOWN_PORT ?? 4331);
const BASE = `http://localhost:${PORT}`;
const OWNER = { username: 'keeper', password: 'keeper-password-123' };
const EMPTY_CALENDAR = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//stand-in//EN\r\nEND:VCALENDAR\r\n';
const UNCHECKED =
  "The owner's calendar cannot be checked right now, so no time can be booked. Please try again in a few minutes.";

let server: ChildProcess | undefined;
let feed: Server;
let feedDown = false;

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: BASE });

test.beforeAll(async () => {
  feed = createServer((_request, response) => {
    if (feedDown) response.writeHead(503).end();
    else response.writeHead(200, { 'content-type': 'text/calendar' }).end(EMPTY_CALENDAR);
  });
  await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
  const feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/private/basic.ics`;
  server = await startOwnServer(
    PORT,
    OWNER,
    { BOOKING_ICS_URLS: feedUrl, OUTBOUND_ALLOW_PRIVATE_ADDRESSES: '1' },
    { clocked: true },
  );
});

test.afterAll(async () => {
  server?.kill();
  if (feed) await new Promise((resolve) => feed.close(resolve));
});

const offered = (page: Page) => page.getByRole('form', { name: 'Choose a time' });

test('no time is offered once the calendar has been down for 5 minutes, and the visitor and the owner are told', async ({
  browser,
}) => {
  const visitor = await browser.newContext({ baseURL: BASE, viewport: { width: 390, height: 844 } });
  const page = await visitor.newPage();
  await page.goto('/book-a-call');
  await expect(offered(page).getByRole('group', { name: 'Day' }).getByRole('radio').first()).toBeVisible();

  // The feed goes down; two minutes on, the times still come from its last good read.
  feedDown = true;
  await advanceClock(server as ChildProcess, 2 * 60_000);
  await page.goto('/book-a-call');
  await expect(offered(page)).toBeVisible();

  // Four more minutes: its last good read is 6 minutes old.
  await advanceClock(server as ChildProcess, 4 * 60_000);
  await page.goto('/book-a-call');
  const notice = page.getByRole('heading', { name: 'No time can be booked right now' });
  await expect(notice).toBeVisible();
  await expect(page.getByText(UNCHECKED)).toBeVisible();
  await expect(offered(page)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Get In Touch' })).toBeVisible();
  await expectAccessible(page, 'book a call, calendar down, 390 px');

  // Without the page's code, the same.
  const plain = await browser.newContext({ baseURL: BASE, javaScriptEnabled: false });
  const noJs = await plain.newPage();
  await noJs.goto('/book-a-call');
  await expect(noJs.getByRole('heading', { name: 'No time can be booked right now' })).toBeVisible();
  await expect(offered(noJs)).toHaveCount(0);
  await plain.close();

  // The owner: the Calls page says what visitors get now, and the Outbox holds the email.
  const owner = await browser.newContext({ baseURL: BASE, viewport: { width: 1280, height: 900 } });
  const login = await owner.request.post('/api/login', { data: OWNER, headers: { origin: BASE } });
  expect(login.status(), await login.text()).toBe(200);
  const admin = await owner.newPage();
  await admin.goto('/admin/blog/bookings');
  const calendars = admin.getByRole('region', { name: 'Your calendars' });
  await expect(calendars.getByText('What went wrong: it answered 503.')).toBeVisible();
  await expect(
    calendars.getByText(
      'Its last good read is over 5 minutes old: visitors are offered no time until it is read again.',
    ),
  ).toBeVisible();
  await admin.goto('/admin/blog/outbox');
  await expect(
    admin.getByText(/Booking paused: your calendar 127\.0\.0\.1:\d+\/…basic\.ics cannot be read/),
  ).toBeVisible();

  // The feed answers again: times are offered once more.
  feedDown = false;
  await advanceClock(server as ChildProcess, 2 * 60_000);
  await page.goto('/book-a-call');
  await expect(offered(page)).toBeVisible();
  await owner.close();
  await visitor.close();
});
