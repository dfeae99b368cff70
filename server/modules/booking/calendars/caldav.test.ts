/**
 * The owner's CalDAV account (issue 49, point 1) against a real CalDAV server this project did not
 * write: Debian's Radicale, started on 127.0.0.1 by the test, its calendars and events made
 * through CalDAV by the test. The slots blocked are exactly those the busy events touch (a weekly
 * meeting with one occurrence moved, an all-day event, an event in another zone, an event in a
 * second calendar) and a free event blocks none; a booking appears in the calendar, moves with the
 * call and leaves it when cancelled. The owner connects the account on the Calls page: checked
 * first, its password stored sealed, bookings written to the calendar chosen.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CalendarOverview, calendarFeedInputSchema } from '../../../../common/schemas/calendars.ts';
import { appMeta, bookings } from '../../../db/schema.ts';
import { bookCall, bookingSlots, cancelCall } from '../../../testing/booking-kit.ts';
import { FORGED_TOPIC, FORGED_TOPIC_READ, readEvents } from '../../../testing/calendar-files.ts';
import { type Radicale, radicaleInstalled, startRadicale } from '../../../testing/radicale.ts';
import { required } from '../../../testing/required.ts';
import { createTestApp, freshIp, type TestApp } from '../../../testing/test-app.ts';
import { manualClock } from '../../../testing/test-clock.ts';
import { CALENDAR_UNCHECKED } from '../service.ts';

// Monday 23 November 2026, 10:00 in New York (the owner's zone): slots from Tuesday 24 on.
const clock = manualClock('2026-11-23T15:00:00Z');

const NEW_YORK = `BEGIN:VTIMEZONE
TZID:America/New_York
BEGIN:DAYLIGHT
TZOFFSETFROM:-0500
TZOFFSETTO:-0400
TZNAME:EDT
DTSTART:19700308T020000
RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU
END:DAYLIGHT
BEGIN:STANDARD
TZOFFSETFROM:-0400
TZOFFSETTO:-0500
TZNAME:EST
DTSTART:19701101T020000
RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU
END:STANDARD
END:VTIMEZONE`;
const LOS_ANGELES = NEW_YORK.replace('America/New_York', 'America/Los_Angeles')
  .replace(/-0500/g, '-0800')
  .replace(/-0400/g, '-0700')
  .replace('EDT', 'PDT')
  .replace('EST', 'PST');

const calendar = (...parts: string[]) =>
  `${['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Radicale test//EN', ...parts, 'END:VCALENDAR'].join('\r\n')}\r\n`.replace(
    /\r?\n/g,
    '\r\n',
  );
const event = (lines: string[]) =>
  ['BEGIN:VEVENT', 'DTSTAMP:20261101T000000Z', ...lines, 'END:VEVENT'].join('\r\n');

/** Planning every Tuesday 13:00-14:00 in New York; the one of 1 December moved to Wednesday 16:00. */
const WEEKLY = calendar(
  NEW_YORK,
  event([
    'UID:planning@radicale-test',
    'SUMMARY:Weekly planning',
    'DTSTART;TZID=America/New_York:20261103T130000',
    'DTEND;TZID=America/New_York:20261103T140000',
    'RRULE:FREQ=WEEKLY;BYDAY=TU',
  ]),
  event([
    'UID:planning@radicale-test',
    'SUMMARY:Weekly planning (moved)',
    'RECURRENCE-ID;TZID=America/New_York:20261201T130000',
    'DTSTART;TZID=America/New_York:20261202T160000',
    'DTEND;TZID=America/New_York:20261202T170000',
  ]),
);
/** Thursday 3 December, the whole day. */
const ALL_DAY = calendar(
  event([
    'UID:inventory@radicale-test',
    'SUMMARY:Shop inventory',
    'DTSTART;VALUE=DATE:20261203',
    'DTEND;VALUE=DATE:20261204',
  ]),
);
/** Friday 4 December 8:00-9:00 in Los Angeles: 11:00-12:00 in New York. */
const ELSEWHERE = calendar(
  LOS_ANGELES,
  event([
    'UID:supplier@radicale-test',
    'SUMMARY:Supplier call (Pacific time)',
    'DTSTART;TZID=America/Los_Angeles:20261204T080000',
    'DTEND;TZID=America/Los_Angeles:20261204T090000',
  ]),
);
/** Monday 30 November 10:00-12:00, marked free: it blocks nothing. */
const FREE = calendar(
  event([
    'UID:reading@radicale-test',
    'SUMMARY:Reading time',
    'DTSTART:20261130T150000Z',
    'DTEND:20261130T170000Z',
    'TRANSP:TRANSPARENT',
  ]),
);
/** In the second calendar: Wednesday 25 November 15:00-15:30. */
const DENTIST = calendar(
  event([
    'UID:dentist@radicale-test',
    'SUMMARY:Dentist',
    'DTSTART:20261125T200000Z',
    'DTEND:20261125T203000Z',
  ]),
);

/** Every slot of a weekday, 9:00 to 16:30 in New York. */
const DAY = Array.from({ length: 16 }, (_, i) => {
  const minutes = 9 * 60 + i * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});
const without = (...taken: string[]) => DAY.filter((time) => !taken.includes(time));
const newYork = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/New_York',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
/** The slots of one date, as New York wall-clock times. */
const onDate = (slots: string[], date: string) =>
  slots
    .map((slot) => newYork.format(new Date(slot)).replace(',', ''))
    .filter((wall) => wall.startsWith(date))
    .map((wall) => wall.slice(-5));

const eqKey = (key: string) => eq(appMeta.key, key);

const installed = radicaleInstalled();

describe.runIf(required('Radicale', installed))("the owner's CalDAV calendars, on Radicale", () => {
  let radicale: Radicale;
  let work: string;
  let personal: string;
  beforeAll(async () => {
    radicale = await startRadicale();
    work = await radicale.makeCalendar('work', 'Work');
    personal = await radicale.makeCalendar('personal', 'Personal');
    await radicale.putEvent(work, 'planning', WEEKLY);
    await radicale.putEvent(work, 'supplier', ELSEWHERE);
    await radicale.putEvent(work, 'reading', FREE);
    await radicale.putEvent(personal, 'inventory', ALL_DAY);
    await radicale.putEvent(personal, 'dentist', DENTIST);
  });
  afterAll(async () => {
    await radicale?.stop();
  });

  const slotsOf = async (t: TestApp) => (await bookingSlots(t)).slots;
  const book = (t: TestApp, start: string) => bookCall(t, start);
  /** The site's events in both calendars: where each is and its start. */
  const written = async () =>
    (await Promise.all([work, personal].map((one) => radicale.events(one))))
      .flat()
      .filter((found) => /UID:booking-/.test(found.text))
      .map((found) => ({
        href: found.href,
        uid: /UID:(\S+)/.exec(found.text)?.[1],
        start: /DTSTART:(\S+)/.exec(found.text)?.[1],
        organizer: /ORGANIZER/.test(found.text),
      }));

  describe('set by BOOKING_CALDAV_URL', () => {
    let t: TestApp;
    beforeAll(async () => {
      const address = new URL(radicale.url);
      address.username = radicale.username;
      address.password = radicale.password;
      t = await createTestApp({
        seed: false,
        clock,
        env: { BOOKING_CALDAV_URL: address.href, OUTBOUND_ALLOW_PRIVATE_ADDRESSES: '1' },
      });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('blocks exactly the slots its busy events touch, in both calendars, with the buffer after calls', async () => {
      const slots = await slotsOf(t);
      // A weekly meeting on Tuesdays 13:00-14:00 (30-minute calls, 15 minutes after each).
      // (Tuesday 24 also starts at 10:00: a day's notice from Monday 10:00.)
      expect(onDate(slots, '2026-11-24')).toEqual(
        without('09:00', '09:30', '12:30', '13:00', '13:30', '14:00'),
      );
      expect(onDate(slots, '2026-12-08')).toEqual(without('12:30', '13:00', '13:30', '14:00'));
      // Its occurrence of 1 December moved to Wednesday 2 December 16:00-17:00.
      expect(onDate(slots, '2026-12-01')).toEqual(DAY);
      expect(onDate(slots, '2026-12-02')).toEqual(without('15:30', '16:00', '16:30'));
      // The second calendar: the dentist on Wednesday 25 at 15:00-15:30, an all-day event on Thursday 3.
      expect(onDate(slots, '2026-11-25')).toEqual(without('14:30', '15:00', '15:30'));
      expect(onDate(slots, '2026-12-03')).toEqual([]);
      // 8:00-9:00 in Los Angeles is 11:00-12:00 in New York.
      expect(onDate(slots, '2026-12-04')).toEqual(without('10:30', '11:00', '11:30', '12:00'));
      // A free event blocks nothing.
      expect(onDate(slots, '2026-11-30')).toEqual(DAY);
    });

    it('writes a booking to the calendar as an event, moves it with the call and removes it when cancelled', async () => {
      const booked = await book(t, '2026-11-30T15:00:00.000Z');
      expect(booked.statusCode).toBe(201);
      const token = (booked.json() as { manageUrl: string }).manageUrl.split('/').at(-1) ?? '';
      const [row] = await t.database.db.select().from(bookings);
      expect(await written()).toEqual([]);
      await t.app.calendarWrites.writeDue();
      const [first, ...more] = await written();
      expect(more).toEqual([]);
      // The invitation's UID; the owner's copy invites nobody (a scheduling server would email the visitor again).
      expect(first).toMatchObject({
        uid: `booking-${row?.id}@localhost:3000`,
        start: '20261130T150000Z',
        organizer: false,
      });
      expect(first?.href.startsWith(new URL(work).pathname)).toBe(true);

      // Moved half an hour on: its own event in the calendar does not block the move.
      const moved = await t.app.inject({
        method: 'POST',
        url: `/api/bookings/${token}/move`,
        remoteAddress: freshIp(),
        payload: { start: '2026-11-30T15:30:00.000Z' },
      });
      expect(moved.statusCode).toBe(200);
      await t.app.calendarWrites.writeDue();
      expect(await written()).toEqual([{ ...first, start: '20261130T153000Z' }]);
      expect(onDate(await slotsOf(t), '2026-11-30')).toEqual(without('10:00', '10:30', '11:00'));

      const cancelled = await cancelCall(t, token);
      expect(cancelled.statusCode).toBe(200);
      await t.app.calendarWrites.writeDue();
      expect(await written()).toEqual([]);
      // Nothing is left to write.
      expect(await t.app.calendarWrites.due()).toBe(false);
    });

    it('keeps what a visitor typed as the event’s text: the calendar stays readable and booking goes on (issue 62)', async () => {
      const booked = await bookCall(t, '2026-12-07T15:00:00.000Z', { topic: FORGED_TOPIC });
      expect(booked.statusCode, booked.body).toBe(201);
      await t.app.calendarWrites.writeDue();
      const stored = (await Promise.all([work, personal].map((one) => radicale.events(one))))
        .flat()
        .filter((found) => found.text.includes('UID:booking-'));
      expect(stored).toHaveLength(1);
      expect(readEvents(stored[0]?.text ?? '')).toEqual([
        {
          attendees: [],
          rules: 0,
          summary: 'Call: Dana Baker',
          description: expect.stringContaining(`Topic: ${FORGED_TOPIC_READ}`),
        },
      ]);
      // Read back as the owner's calendar: the call's own time taken once, every other day as before.
      const slots = await slotsOf(t);
      expect(onDate(slots, '2026-12-07')).toEqual(without('09:30', '10:00', '10:30'));
      expect(onDate(slots, '2026-12-08')).toEqual(without('12:30', '13:00', '13:30', '14:00'));
      const token = (booked.json() as { manageUrl: string }).manageUrl.split('/').at(-1) ?? '';
      const cancelled = await cancelCall(t, token);
      expect(cancelled.statusCode).toBe(200);
      await t.app.calendarWrites.writeDue();
      expect(await written()).toEqual([]);
    });

    it('refuses a booking over a busy event read afresh: one the owner adds after the slots were shown', async () => {
      const slots = await slotsOf(t);
      expect(onDate(slots, '2026-11-26')).toContain('09:00');
      await radicale.putEvent(
        work,
        'breakfast',
        calendar(
          event(['UID:breakfast@radicale-test', 'DTSTART:20261126T140000Z', 'DTEND:20261126T150000Z']),
        ),
      );
      const over = await book(t, '2026-11-26T14:00:00.000Z');
      expect(over.statusCode).toBe(409);
      expect(over.json().message).toBe('That time was just booked by someone else. Please choose another.');
    });
  });

  it('an account that refuses (its app password changed) offers no slot, refuses a booking, and tells the owner', async () => {
    const address = new URL(radicale.url);
    address.username = radicale.username;
    address.password = 'an-old-password';
    const t = await createTestApp({
      seed: false,
      clock,
      env: { BOOKING_CALDAV_URL: address.href, OUTBOUND_ALLOW_PRIVATE_ADDRESSES: '1' },
    });
    try {
      expect(await slotsOf(t)).toEqual([]);
      const refused = await book(t, '2026-11-30T15:00:00.000Z');
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(CALENDAR_UNCHECKED);
      const admin = await t.signIn('admin');
      const seen = (
        await t.app.inject({ url: '/api/admin/booking-calendars', headers: { cookie: admin } })
      ).json() as CalendarOverview;
      expect(seen.calendars).toMatchObject([
        { goodAt: null, problem: 'it refused (401): check the user name and app password' },
      ]);
      expect(seen.caldav).toMatchObject({ fromEnvironment: true, username: 'owner', calendars: null });
      expect(JSON.stringify(seen)).not.toContain('an-old-password');
    } finally {
      await t.close();
    }
  });

  describe('connected by the owner on the Calls page', () => {
    let t: TestApp;
    let admin: string;
    beforeAll(async () => {
      t = await createTestApp({ seed: false, clock, env: { OUTBOUND_ALLOW_PRIVATE_ADDRESSES: '1' } });
      admin = await t.signIn('admin');
      await t.database.db.delete(bookings);
    });
    afterAll(async () => {
      await t?.close();
    });
    const owner = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { cookie: admin }, ...(payload ? { payload } : {}) });
    const overview = async () =>
      (await owner('GET', '/api/admin/booking-calendars')).json() as CalendarOverview;

    it('checks the account before keeping it, keeps its password sealed, and writes bookings to the calendar chosen', async () => {
      expect(await overview()).toMatchObject({ caldav: null, feeds: [], calendars: [] });
      const wrong = await owner('PUT', '/api/admin/booking-calendars/caldav', {
        url: radicale.url,
        username: radicale.username,
        password: 'not-the-password',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe(
        'The calendar account could not be read: it refused (401): check the user name and app password.',
      );
      expect((await overview()).caldav).toBeNull();

      const right = await owner('PUT', '/api/admin/booking-calendars/caldav', {
        url: radicale.url,
        username: radicale.username,
        password: radicale.password,
      });
      expect(right.statusCode).toBe(204);
      const [stored] = await t.database.db.select().from(appMeta).where(eqKey('booking:calendars'));
      expect(stored?.value).not.toContain(radicale.password);
      const connected = await overview();
      const host = new URL(radicale.url).host;
      expect(connected.caldav).toMatchObject({
        label: `${host} (CalDAV, owner)`,
        fromEnvironment: false,
        writeTo: null,
      });
      expect(connected.caldav?.calendars?.map((one) => one.name).sort()).toEqual(['Personal', 'Work']);
      // The owner's page reads it at once: how the read went shows without a visitor asking for slots.
      expect(connected.calendars).toMatchObject([{ problem: null, goodAt: expect.any(String) }]);
      expect(connected.calendars[0]?.busy).toBeGreaterThan(5);
      expect(JSON.stringify(connected)).not.toContain(radicale.password);
      expect(onDate(await slotsOf(t), '2026-12-03')).toEqual([]);
      expect((await overview()).calendars).toMatchObject([
        { label: `${host} (CalDAV, owner)`, problem: null },
      ]);

      expect(
        (
          await owner('PUT', '/api/admin/booking-calendars/write-to', {
            calendar: `${radicale.url}nobody/x/`,
          })
        ).statusCode,
      ).toBe(400);
      expect(
        (await owner('PUT', '/api/admin/booking-calendars/write-to', { calendar: personal })).statusCode,
      ).toBe(204);
      expect((await overview()).caldav?.writeTo).toBe(personal);
      expect((await book(t, '2026-11-27T15:00:00.000Z')).statusCode).toBe(201);
      await t.app.calendarWrites.writeDue();
      const [event] = await written();
      expect(event?.href.startsWith(new URL(personal).pathname)).toBe(true);

      // Sent again without the password (the form never shows it): the stored one is kept.
      const again = await owner('PUT', '/api/admin/booking-calendars/caldav', {
        url: radicale.url,
        username: radicale.username,
        password: '',
      });
      expect(again.statusCode).toBe(204);
      expect((await overview()).caldav?.writeTo).toBe(personal);

      // Disconnected: its busy times no longer count.
      expect((await owner('DELETE', '/api/admin/booking-calendars/caldav')).statusCode).toBe(204);
      expect((await overview()).caldav).toBeNull();
      expect(onDate(await slotsOf(t), '2026-12-03')).toEqual(DAY);
    });

    it('adds a private ICS feed once it reads as a calendar, and removes it', async () => {
      let answer = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';
      const feed = createServer((_request, response) => response.writeHead(200).end(answer));
      await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
      const { port } = feed.address() as AddressInfo;
      try {
        const refused = await owner('POST', '/api/admin/booking-calendars/feeds', {
          url: 'ftp://example.com/x.ics',
        });
        expect(refused.statusCode).toBe(400);
        // Apple's and Google's webcal:// addresses are their https:// ones.
        expect(
          calendarFeedInputSchema.parse({ url: 'webcal://p01-calendars.example/published/2/x' }).url,
        ).toBe('https://p01-calendars.example/published/2/x');
        answer = '<html>Sign in</html>';
        const page = await owner('POST', '/api/admin/booking-calendars/feeds', {
          url: `http://127.0.0.1:${port}/secret/basic.ics`,
        });
        expect(page.statusCode).toBe(400);
        expect(page.json().message).toBe('The calendar could not be read: what it sent is not a calendar.');
        answer = DENTIST;
        const added = await owner('POST', '/api/admin/booking-calendars/feeds', {
          url: `http://127.0.0.1:${port}/secret/basic.ics`,
        });
        expect(added.statusCode).toBe(201);
        const twice = await owner('POST', '/api/admin/booking-calendars/feeds', {
          url: `http://127.0.0.1:${port}/secret/basic.ics`,
        });
        expect(twice.statusCode).toBe(409);
        const { feeds } = await overview();
        expect(feeds).toEqual([
          { id: expect.any(String), label: `127.0.0.1:${port}/…basic.ics`, fromEnvironment: false },
        ]);
        const [stored] = await t.database.db.select().from(appMeta).where(eqKey('booking:calendars'));
        expect(stored?.value).not.toContain('/secret/basic.ics');
        expect(onDate(await slotsOf(t), '2026-11-25')).toEqual(without('14:30', '15:00', '15:30'));
        expect((await owner('DELETE', `/api/admin/booking-calendars/feeds/${feeds[0]?.id}`)).statusCode).toBe(
          204,
        );
        expect((await owner('DELETE', `/api/admin/booking-calendars/feeds/${feeds[0]?.id}`)).statusCode).toBe(
          404,
        );
        expect(onDate(await slotsOf(t), '2026-11-25')).toEqual(DAY);

        // Two added at the same moment: both kept (each change is made under the row's lock).
        const both = await Promise.all(
          ['first', 'second'].map((name) =>
            owner('POST', '/api/admin/booking-calendars/feeds', {
              url: `http://127.0.0.1:${port}/${name}/basic.ics`,
            }),
          ),
        );
        expect(both.map((answer) => answer.statusCode)).toEqual([201, 201]);
        const kept = (await overview()).feeds;
        expect(kept).toHaveLength(2);
        for (const one of kept) await owner('DELETE', `/api/admin/booking-calendars/feeds/${one.id}`);
      } finally {
        await new Promise((resolve) => feed.close(resolve));
      }
    });
  });
});
