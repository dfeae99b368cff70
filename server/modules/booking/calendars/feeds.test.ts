/**
 * The owner's ICS feed blocks slots (issue 49, points 1 and 6), served by a stand-in on
 * 127.0.0.1 as Google's or Outlook's secret address would be: the slots a busy event touches
 * (with the buffer) and no others are gone, a booking over it is refused, and a feed that is
 * down, refuses, is slow, sends no calendar or too much keeps its last good read for 5 minutes,
 * then (or never read well) offers no slot at all, the visitor told why, the owner told what went
 * wrong on the page and, once per outage, by email and in the log; never a 5xx.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BookingSlots } from '../../../../common/schemas/booking.ts';
import type { CalendarOverview } from '../../../../common/schemas/calendars.ts';
import { bookings, notificationOutbox } from '../../../db/schema.ts';
import { bookCall } from '../../../testing/booking-kit.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { manualClock } from '../../../testing/test-clock.ts';
import { CALENDAR_UNCHECKED, SLOT_TAKEN } from '../service.ts';
import { FEED_MAX_BYTES } from './feeds.ts';

// Monday 23 November 2026, 10:00 in New York (the owner's zone): Thursday 26 is bookable.
const clock = manualClock('2026-11-23T15:00:00Z');
const BUSY_THURSDAY = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//stand-in//EN',
  'BEGIN:VEVENT',
  'UID:dentist@stand-in',
  'SUMMARY:Dentist',
  'DTSTART;TZID=America/New_York:20261126T100000',
  'DTEND;TZID=America/New_York:20261126T110000',
  'END:VEVENT',
  'END:VCALENDAR',
].join('\r\n');

/** What the stand-in does next: answer the calendar, refuse, fail, send a page, send too much, or hold the request. */
let mode: 'calendar' | '401' | '500' | 'page' | 'huge' | 'hold' = 'calendar';
const held: ServerResponse[] = [];
let asked = 0;
const standIn = createServer((_request: IncomingMessage, response: ServerResponse) => {
  asked++;
  if (mode === 'hold') {
    held.push(response);
    return;
  }
  if (mode === '401' || mode === '500') {
    response.writeHead(Number(mode)).end();
    return;
  }
  response.writeHead(200, { 'content-type': mode === 'page' ? 'text/html' : 'text/calendar' });
  if (mode === 'page') response.end('<html><body>Sign in to see this calendar</body></html>');
  else if (mode === 'huge')
    response.end(`${BUSY_THURSDAY}\r\n${'X-PAD:'.padEnd(FEED_MAX_BYTES + 1024, 'x')}`);
  else response.end(BUSY_THURSDAY);
});

let t: TestApp;
let admin: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  const { port } = standIn.address() as AddressInfo;
  t = await createTestApp({
    seed: false,
    clock,
    env: {
      BOOKING_ICS_URLS: `http://127.0.0.1:${port}/private/secret-feed.ics`,
      OUTBOUND_ALLOW_PRIVATE_ADDRESSES: '1',
    },
  });
  admin = await t.signIn('admin');
});
afterAll(async () => {
  for (const response of held) response.end();
  await t.close();
  await new Promise((resolve) => standIn.close(resolve));
});
beforeEach(async () => {
  await t.database.db.delete(bookings);
});

const slots = async () => {
  const answer = await t.app.inject({ url: '/api/booking/slots' });
  expect(answer.statusCode).toBe(200);
  return (answer.json() as BookingSlots).slots;
};
const thursday = (all: string[]) => all.filter((slot) => slot.startsWith('2026-11-26'));
const book = (start: string) => bookCall(t, start);
const calendars = async () =>
  (
    (
      await t.app.inject({ url: '/api/admin/booking-calendars', headers: { cookie: admin } })
    ).json() as CalendarOverview
  ).calendars;
/** Minutes on (six by default: the last read is older than a page of slots may use). */
const later = (minutes = 6) => clock.set(new Date(clock.now().getTime() + minutes * 60_000).toISOString());
const slotsAnswer = async () => (await t.app.inject({ url: '/api/booking/slots' })).json() as BookingSlots;
/** The owner's emails that a calendar cannot be read. */
const downNotices = async () =>
  (await t.database.db.select().from(notificationOutbox)).filter((row) =>
    row.subject.startsWith('Booking paused: your calendar'),
  );

describe('a private ICS feed', () => {
  it('never read well: no slot is offered, a booking is refused, and the owner sees why', async () => {
    mode = '401';
    expect(await slots()).toEqual([]);
    const refused = await book('2026-11-26T19:00:00.000Z');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CALENDAR_UNCHECKED);
    const [state] = await calendars();
    expect(state).toMatchObject({ goodAt: null, problem: 'it refused (401): check the address' });
    // The owner sees the host and a hint of the address, never its secret in full.
    expect(state?.label).toBe(`127.0.0.1:${(standIn.address() as AddressInfo).port}/…ret-feed.ics`);
    // Still unread 5 minutes on: the owner is emailed (once) and the visitor's page says why.
    expect(await downNotices()).toHaveLength(0);
    later(6);
    expect(await slotsAnswer()).toMatchObject({ slots: [], calendarUnchecked: true });
    later(1);
    await slots();
    const notices = await downNotices();
    expect(notices).toHaveLength(1);
    expect(notices[0]?.subject).toBe(`Booking paused: your calendar ${state?.label} cannot be read`);
    expect(notices[0]?.body).toContain('What went wrong: it refused (401): check the address');
    expect(notices[0]?.body).toContain('Last good read: never');
  });

  it('blocks exactly the slots its busy event touches, with the buffer after calls, and refuses a booking over it', async () => {
    mode = 'calendar';
    later();
    const free = thursday(await slots());
    // 9:00-17:00 in New York, 30-minute calls, 15 minutes after each: the dentist at 10:00-11:00
    // takes 9:30, 10:00, 10:30 and 11:00 (14:30-16:00 UTC), nothing else.
    const all = Array.from(
      { length: 16 },
      (_, i) => new Date(Date.parse('2026-11-26T14:00:00Z') + i * 30 * 60_000),
    ).map((at) => at.toISOString());
    expect(free).toEqual(
      all.filter((slot) => !['14:30', '15:00', '15:30', '16:00'].includes(slot.slice(11, 16))),
    );
    const over = await book('2026-11-26T15:00:00.000Z');
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(SLOT_TAKEN);
    expect((await book('2026-11-26T17:00:00.000Z')).statusCode).toBe(201);
    expect((await calendars())[0]).toMatchObject({ problem: null, busy: 1 });
  });

  for (const [failure, problem] of [
    ['500', 'it answered 500'],
    ['page', 'what it sent is not a calendar'],
    ['huge', /larger than|too large|exceeds/i],
  ] as const) {
    it(`keeps its last good read for 5 minutes when it ${failure === 'page' ? 'sends a sign-in page' : failure === 'huge' ? 'sends more than 10 MB' : 'fails'}, then offers no time, and tells the owner`, async () => {
      mode = 'calendar';
      later();
      await slots();
      const noticed = (await downNotices()).length;
      mode = failure;
      // Two minutes on, the page reads it again (a read over a minute old): that read fails.
      later(2);
      const asking = asked;
      const free = thursday(await slots());
      expect(asked).toBe(asking + 1);
      expect(free).not.toContain('2026-11-26T15:00:00.000Z');
      expect(free).toContain('2026-11-26T17:30:00.000Z');
      const [state] = await calendars();
      expect(state?.problem).toMatch(problem);
      expect(state).toMatchObject({ current: true });
      expect(state?.goodAt).not.toBeNull();
      expect(await downNotices()).toHaveLength(noticed);
      // Past 5 minutes without a good read: no time is offered, and the page is told why.
      later(4);
      expect(await slotsAnswer()).toMatchObject({ slots: [], calendarUnchecked: true });
      expect((await calendars())[0]).toMatchObject({ current: false });
      const refused = await book('2026-11-26T18:00:00.000Z');
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(CALENDAR_UNCHECKED);
      // The owner is emailed once for the outage, however many pages ask meanwhile.
      later(1);
      await slots();
      const notices = await downNotices();
      expect(notices).toHaveLength(noticed + 1);
      expect(notices.at(-1)?.body).toContain('Last good read: ');
      expect(notices.at(-1)?.body).toContain(
        'Visitors are offered no time to book until it can be read again.',
      );
      // Read again: times are offered once more.
      mode = 'calendar';
      later(1);
      expect(await slotsAnswer()).toMatchObject({ calendarUnchecked: false });
      expect(thursday(await slots())).toContain('2026-11-26T17:30:00.000Z');
    });
  }

  it('emails the owner once per outage: again when it is down again after a good read', async () => {
    mode = 'calendar';
    later();
    await slots();
    const before = (await downNotices()).length;
    mode = '500';
    later(7);
    await slots();
    later(2);
    await slots();
    expect(await downNotices()).toHaveLength(before + 1);
    mode = 'calendar';
    later(2);
    await slots();
    mode = '500';
    later(7);
    await slots();
    expect(await downNotices()).toHaveLength(before + 2);
  });

  it('answers slots from the last good read while a slow calendar still holds the request', async () => {
    mode = 'calendar';
    later();
    await slots();
    mode = 'hold';
    later(2);
    // The stand-in answers nothing until released: the slots come without it.
    const free = thursday(await slots());
    expect(held.length).toBeGreaterThan(0);
    expect(free).not.toContain('2026-11-26T15:00:00.000Z');
    expect(free).toContain('2026-11-26T18:00:00.000Z');
    mode = 'calendar';
    for (const response of held.splice(0))
      response.writeHead(200, { 'content-type': 'text/calendar' }).end(BUSY_THURSDAY);
  });
});
