/**
 * Booking a call through the API, on PGlite and (TEST_DATABASE_URL) PostgreSQL: the race for one
 * slot, the emails with their invitations, cancelling and moving through the private link, and
 * the owner's settings.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  AdminBooking,
  BookingCreated,
  BookingSettings,
  BookingSlots,
  BookingStatus,
} from '../../../common/schemas/booking.ts';
import {
  appMeta,
  bookings,
  callTypes,
  notificationOutbox,
  quoteEvents,
  quoteRequests,
} from '../../db/schema.ts';
import { IDENTICAL_POST_WINDOW_MS } from '../../lib/identical-posts.ts';
import { ReadCache } from '../../lib/read-cache.ts';
import { bookCall, bookingSlots, bookingToken, cancelCall } from '../../testing/booking-kit.ts';
import { FORGED_TOPIC, FORGED_TOPIC_READ, readEvents } from '../../testing/calendar-files.ts';
import { sampleCallType } from '../../testing/samples.ts';
import { createTestApp, freshIp, type TestApp } from '../../testing/test-app.ts';
import { manualClock } from '../../testing/test-clock.ts';
import {
  BOOKING_NOT_FOUND,
  BOOKING_PAST,
  CALL_TYPE_NOT_OFFERED,
  createBookingService,
  SLOT_TAKEN,
  SLOT_UNAVAILABLE,
} from './service.ts';

// Monday 23 November 2026, 10:00 in New York.
const clock = manualClock('2026-11-23T15:00:00Z');

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ seed: false, clock });
  admin = await t.signIn('admin');
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(bookings);
  await t.database.db.delete(notificationOutbox);
  await t.database.db.delete(appMeta).where(eq(appMeta.key, 'booking:settings'));
  clock.set('2026-11-23T15:00:00Z');
});

const slots = () => bookingSlots(t);
const book = (start: string, changes: object = {}) =>
  bookCall(t, start, { timeZone: 'Europe/London', ...changes });
const tokenOf = (created: BookingCreated) => created.manageUrl.split('/booking/')[1] ?? '';
const manage = (token: string, action?: 'cancel' | 'move', payload?: object) =>
  t.app.inject({
    method: action ? 'POST' : 'GET',
    url: `/api/bookings/${token}${action ? `/${action}` : ''}`,
    remoteAddress: freshIp(),
    ...(payload ? { payload } : {}),
  });
const outbox = () => t.database.db.select().from(notificationOutbox).orderBy(notificationOutbox.id);
const putSettings = (payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/booking-settings', headers: { cookie: admin }, payload });
const defaults = async () =>
  (
    await t.app.inject({ url: '/api/admin/booking-settings', headers: { cookie: admin } })
  ).json() as BookingSettings;

describe('a fresh site', () => {
  it('offers weekdays 9 to 5 in New York from a day ahead, so booking works out of the box', async () => {
    const answer = await t.app.inject({ url: '/api/booking/slots' });
    expect(answer.headers['cache-control']).toBe('no-store');
    const free = answer.json() as BookingSlots;
    expect(free).toMatchObject({ timeZone: 'America/New_York', callMinutes: 30 });
    // 24 hours' notice: the first is Tuesday 10:00 (15:00Z), 30 days ahead at most.
    expect(free.slots[0]).toBe('2026-11-24T15:00:00.000Z');
    expect(free.slots.at(-1)).toBe('2026-12-23T21:30:00.000Z');
    expect((await t.app.inject({ url: '/api/booking/status' })).json()).toEqual({
      availableFrom: null,
      availableNow: false,
      open: true,
    });
  });
});

describe('booking a slot', () => {
  it('books it, gives a private link, and emails both sides an invitation through the outbox', async () => {
    const [first] = (await slots()).slots;
    const res = await book(first as string);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as BookingCreated;
    expect(created.booking).toMatchObject({
      start: '2026-11-24T15:00:00.000Z',
      end: '2026-11-24T15:30:00.000Z',
      status: 'booked',
      callMinutes: 30,
    });
    expect(created.manageUrl).toMatch(/\/booking\/[A-Za-z0-9_-]{43}$/);
    const [row] = await t.database.db.select().from(bookings);
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(tokenOf(created));
    // The slot is gone for the next visitor.
    expect((await slots()).slots).not.toContain(first);

    const [visitor, owner] = await outbox();
    expect(visitor).toMatchObject({ kind: 'booking', recipient: 'dana@example.com' });
    // The visitor's email speaks their time (London), the owner's New York time.
    expect(visitor?.subject).toBe('Your call with Jordan Ellis: Tuesday, November 24, 2026 at 3:00 PM GMT');
    expect(visitor?.body).toContain(`Cancel or move: ${created.manageUrl}`);
    // Greeted on a line of its own, not as a field ("Hello: Dana Baker").
    expect(visitor?.body).toMatch(/^Hello Dana Baker,\n\nCall: booked\n/);
    expect(owner).toMatchObject({ kind: 'booking', recipient: null });
    expect(owner?.subject).toBe('Call booked: Dana Baker, Tuesday, November 24, 2026 at 10:00 AM EST');
    expect(owner?.body).toContain('Email: dana@example.com');
    for (const mail of [visitor, owner]) {
      expect(mail?.attachment).toMatchObject({
        filename: 'call.ics',
        method: 'REQUEST',
        contentType: 'text/calendar',
      });
      const ics = (mail?.attachment?.content ?? '').replace(/\r\n /g, '');
      expect(ics).toContain(`UID:booking-${row?.id}@localhost`);
      expect(ics).toContain('DTSTART:20261124T150000Z');
      expect(ics).toContain('DTEND:20261124T153000Z');
      expect(ics).toContain('SEQUENCE:0');
      expect(ics).toContain('mailto:dana@example.com');
    }
  });

  it('gives one of two visitors racing for the same slot the booking and the other a clear message', async () => {
    const [slot] = (await slots()).slots;
    const answers = await Promise.all([
      book(slot as string, { name: 'First Racer', email: 'first@example.com' }),
      book(slot as string, { name: 'Second Racer', email: 'second@example.com' }),
      book(slot as string, { name: 'Third Racer', email: 'third@example.com' }),
    ]);
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([201, 409, 409]);
    for (const answer of answers.filter((a) => a.statusCode === 409))
      expect(answer.json().message).toBe(SLOT_TAKEN);
    expect(await t.database.db.select().from(bookings)).toHaveLength(1);
    // Only the winner's two emails.
    expect(await outbox()).toHaveLength(2);
  });

  it('books once when the same visitor sends the same call again (a double press, a reload): the same link', async () => {
    // Not the first slot: the clock moves on below, and that one would fall within the notice.
    const slot = (await slots()).slots[4];
    const first = await book(slot as string);
    expect(first.statusCode, first.body).toBe(201);
    const link = (first.json() as BookingCreated).manageUrl;
    // Twice more, the two at the same moment.
    for (const again of await Promise.all([book(slot as string), book(slot as string)])) {
      expect(again.statusCode, again.body).toBe(201);
      expect((again.json() as BookingCreated).manageUrl).toBe(link);
    }
    expect(await t.database.db.select().from(bookings)).toHaveLength(1);
    // The first's two emails, and no more.
    expect(await outbox()).toHaveLength(2);
    // Another topic, another visitor, or the same request once its while has passed: the slot is taken.
    for (const changes of [{ topic: 'Something else entirely' }, { email: 'someone@example.com' }]) {
      const other = await book(slot as string, changes);
      expect(other.statusCode, JSON.stringify(changes)).toBe(409);
      expect(other.json().message).toBe(SLOT_TAKEN);
    }
    clock.set(new Date(Date.parse('2026-11-23T15:00:00Z') + IDENTICAL_POST_WINDOW_MS + 1000).toISOString());
    const later = await book(slot as string);
    expect(later.statusCode).toBe(409);
    expect(later.json().message).toBe(SLOT_TAKEN);
    expect(await t.database.db.select().from(bookings)).toHaveLength(1);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'holds across two processes on one PostgreSQL: of visitors pressing the same slot at once, one gets it',
    async () => {
      const b = await createTestApp({ seed: false, clock, databaseUrl: t.database.url });
      try {
        const [slot] = (await slots()).slots;
        const press = (app: TestApp, who: string) =>
          app.app.inject({
            method: 'POST',
            url: '/api/bookings',
            remoteAddress: freshIp(),
            payload: {
              start: slot,
              name: who,
              email: `${who.toLowerCase()}@example.com`,
              topic: 'The same slot',
            },
          });
        const answers = await Promise.all([
          press(t, 'Avery'),
          press(b, 'Blake'),
          press(t, 'Casey'),
          press(b, 'Devon'),
        ]);
        expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409]);
        for (const answer of answers.filter((a) => a.statusCode === 409))
          expect(answer.json().message).toBe(SLOT_TAKEN);
        expect(await t.database.db.select().from(bookings)).toHaveLength(1);
        // The slot is gone from both processes' lists.
        const [bFirst] = ((await b.app.inject({ url: '/api/booking/slots' })).json() as { slots: string[] })
          .slots;
        expect(bFirst).not.toBe(slot);
      } finally {
        await b.close();
      }
    },
  );

  it('refuses a start the owner does not offer, and one within the buffer of a booked call', async () => {
    const cases = [
      '2026-11-24T15:10:00.000Z', // off the half-hour grid
      '2026-11-28T15:00:00.000Z', // a Saturday
      '2026-11-23T17:00:00.000Z', // today, inside the notice period
      '2027-03-01T15:00:00.000Z', // past the horizon
      '2026-11-24T22:00:00.000Z', // 5 PM: the day's end
    ];
    for (const start of cases) {
      const res = await book(start);
      expect(res.statusCode, start).toBe(409);
      expect(res.json().message).toBe(SLOT_UNAVAILABLE);
    }
    expect((await book('2026-11-24T15:00:00.000Z')).statusCode).toBe(201);
    // 10:30 would start right at the end of the 10:00 call: inside its 15-minute buffer.
    const next = await book('2026-11-24T15:30:00.000Z', { email: 'other@example.com' });
    expect(next.statusCode).toBe(409);
    expect(next.json().message).toBe(SLOT_TAKEN);
    expect((await book('2026-11-24T16:00:00.000Z', { email: 'other@example.com' })).statusCode).toBe(201);
  });

  it('validates what the visitor sends and stores nothing for bad input', async () => {
    const [slot] = (await slots()).slots;
    const cases: Array<[object, string]> = [
      [{ name: '' }, 'Name is required'],
      [{ email: 'dana' }, 'Invalid email address'],
      [{ topic: 'Hi' }, 'Topic must be at least 5 characters'],
      [{ start: 'tomorrow' }, 'Choose a time'],
    ];
    for (const [changes, message] of cases) {
      const res = await book(slot as string, changes);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    // A time zone the runtime does not know is ignored, not fatal.
    expect((await book(slot as string, { timeZone: 'Mars/Olympus' })).statusCode).toBe(201);
    expect(await t.database.db.select().from(bookings)).toHaveLength(1);
  });
});

describe('what a visitor types in the calendar files (issue 62, point 1)', () => {
  it('stays text of the one event in the download and both emails: no line of the visitor’s making', async () => {
    // A CR alone, a LF and a CRLF, each trying to start a line of its own.
    const [slot] = (await slots()).slots;
    const res = await book(slot as string, { topic: FORGED_TOPIC });
    expect(res.statusCode, res.body).toBe(201);
    const token = tokenOf(res.json() as BookingCreated);
    const download = await t.app.inject({ url: `/api/bookings/${token}/calendar.ics` });
    expect(download.statusCode).toBe(200);
    const files = [download.body, ...(await outbox()).map((mail) => mail.attachment?.content ?? '')];
    expect(files).toHaveLength(3);
    for (const ics of files) {
      expect(
        ics.split('\r\n').filter((line) => /^(ATTENDEE|RRULE|END:VEVENT|BEGIN:VEVENT)/.test(line)),
      ).toEqual(['BEGIN:VEVENT', expect.stringMatching(/^ATTENDEE;/), 'END:VEVENT']);
      expect(readEvents(ics)).toEqual([
        {
          attendees: ['mailto:dana@example.com'],
          rules: 0,
          summary: 'Call: Dana Baker and Jordan Ellis',
          // The topic is the description's text, its line breaks kept as line breaks.
          description: expect.stringContaining(`Topic: ${FORGED_TOPIC_READ}`),
        },
      ]);
    }
  });
});

describe('the private link', () => {
  it('shows the call, moves it to another free slot and cancels it; the slot comes back', async () => {
    const created = (await book('2026-11-24T15:00:00.000Z')).json() as BookingCreated;
    const token = tokenOf(created);
    const shown = await manage(token);
    expect(shown.headers['cache-control']).toBe('private, no-store');
    expect(shown.json()).toMatchObject({
      start: '2026-11-24T15:00:00.000Z',
      status: 'booked',
      name: 'Dana Baker',
    });

    const moved = await manage(token, 'move', { start: '2026-11-25T19:00:00.000Z' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      start: '2026-11-25T19:00:00.000Z',
      end: '2026-11-25T19:30:00.000Z',
    });
    expect((await slots()).slots).toContain('2026-11-24T15:00:00.000Z');
    expect((await slots()).slots).not.toContain('2026-11-25T19:00:00.000Z');
    const movedMail = (await outbox()).at(-1);
    expect(movedMail?.subject).toBe('Call moved: Dana Baker, Wednesday, November 25, 2026 at 2:00 PM EST');
    // The visitor's email says it moved, not what the booking's said.
    expect((await outbox()).at(-2)?.subject).toBe(
      'Moved: your call with Jordan Ellis, now Wednesday, November 25, 2026 at 7:00 PM GMT',
    );
    // The same event, updated: same UID, the next SEQUENCE.
    expect(movedMail?.attachment?.content.replace(/\r\n /g, '')).toContain('SEQUENCE:1');

    const cancelled = await manage(token, 'cancel');
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    expect((await slots()).slots).toContain('2026-11-25T19:00:00.000Z');
    const mails = await outbox();
    const cancelMail = mails.at(-2);
    expect(cancelMail?.subject).toBe('Cancelled: your call with Jordan Ellis');
    expect(cancelMail?.attachment).toMatchObject({ method: 'CANCEL', filename: 'cancelled-call.ics' });
    expect(cancelMail?.attachment?.content).toContain('STATUS:CANCELLED');
    // A second click changes nothing and sends nothing.
    expect((await manage(token, 'cancel')).json()).toMatchObject({ status: 'cancelled' });
    expect(await outbox()).toHaveLength(mails.length);
    expect((await manage(token, 'move', { start: '2026-11-26T15:00:00.000Z' })).statusCode).toBe(409);
  });

  it('refuses a move onto a taken slot, keeps the call, and answers an unknown link with 404', async () => {
    const mine = (await book('2026-11-24T15:00:00.000Z')).json() as BookingCreated;
    await book('2026-11-25T15:00:00.000Z', { email: 'other@example.com' });
    const res = await manage(tokenOf(mine), 'move', { start: '2026-11-25T15:00:00.000Z' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(SLOT_TAKEN);
    expect((await manage(tokenOf(mine))).json()).toMatchObject({ start: '2026-11-24T15:00:00.000Z' });
    // Moving within its own buffer is fine: the call does not block itself.
    expect((await manage(tokenOf(mine), 'move', { start: '2026-11-24T15:30:00.000Z' })).statusCode).toBe(200);
    for (const bad of ['x'.repeat(43), 'nope']) {
      const missing = await manage(bad);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(BOOKING_NOT_FOUND);
    }
  });

  it('cannot cancel a call that already took place', async () => {
    const created = (await book('2026-11-24T15:00:00.000Z')).json() as BookingCreated;
    clock.set('2026-11-25T12:00:00Z');
    const res = await manage(tokenOf(created), 'cancel');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(BOOKING_PAST);
  });
});

describe('the owner', () => {
  it('sets hours, call length, buffers, notice, blocked dates and the badge; slots follow', async () => {
    const settings = await defaults();
    expect(settings.weekly).toHaveLength(5);
    const res = await putSettings({
      ...settings,
      weekly: [{ day: 2, start: '13:00', end: '15:00' }],
      callMinutes: 60,
      bufferAfterMinutes: 0,
      noticeHours: 0,
      horizonDays: 15,
      blockedDates: ['2026-12-01', '2026-12-01'],
      availableFrom: '2027-01-04',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ blockedDates: ['2026-12-01'], availableFrom: '2027-01-04' });
    const free = (await slots()).slots;
    // Tuesdays 1-3 PM New York, hour-long calls, 1 December blocked, to 15 days ahead (8 December).
    expect(free).toEqual([
      '2026-11-24T18:00:00.000Z',
      '2026-11-24T19:00:00.000Z',
      '2026-12-08T18:00:00.000Z',
      '2026-12-08T19:00:00.000Z',
    ]);
    expect(((await t.app.inject({ url: '/api/booking/status' })).json() as BookingStatus).availableFrom).toBe(
      '2027-01-04',
    );
    clock.set('2027-01-04T12:00:00Z');
    expect(((await t.app.inject({ url: '/api/booking/status' })).json() as BookingStatus).availableNow).toBe(
      true,
    );
  });

  it('has bad settings refused with a reason, keeping the stored ones', async () => {
    const settings = await defaults();
    const cases: Array<[object, string]> = [
      [{ weekly: [{ day: 1, start: '17:00', end: '09:00' }] }, 'The end of a day must be after its start'],
      [{ weekly: [{ day: 1, start: '9am', end: '17:00' }] }, 'Use a time like 09:00'],
      [{ callMinutes: 25 }, 'A call lasts 15, 20, 30, 45, 60, 90 minutes'],
      [{ timeZone: 'Mars/Olympus' }, 'Unknown time zone'],
      [{ horizonDays: 0 }, 'Calls can be booked at least 1 day ahead'],
      [{ blockedDates: ['24/12/2026'] }, 'Use a date like 2026-12-24'],
    ];
    for (const [changes, message] of cases) {
      const res = await putSettings({ ...settings, ...changes });
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await defaults()).toEqual(settings);
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/admin/booking-settings', payload: settings }))
        .statusCode,
    ).toBe(401);
  });

  it('sees the calls and cancels one; the visitor is told with the cancellation for their calendar', async () => {
    await book('2026-11-24T15:00:00.000Z');
    const list = (
      await t.app.inject({ url: '/api/admin/bookings', headers: { cookie: admin } })
    ).json() as AdminBooking[];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      name: 'Dana Baker',
      email: 'dana@example.com',
      timeZone: 'Europe/London',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${list[0]?.id}/cancel`,
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(204);
    const mails = await outbox();
    expect(mails.at(-2)).toMatchObject({
      recipient: 'dana@example.com',
      subject: 'Cancelled: your call with Jordan Ellis',
    });
    expect((await slots()).slots).toContain('2026-11-24T15:00:00.000Z');
  });
});

describe('reminders (issue 49, point 4), on a controlled clock', () => {
  const at = (iso: string) => clock.set(iso);
  const reminders = async () =>
    (await outbox()).filter((mail) => mail.subject.startsWith('Reminder:')).map((mail) => mail.subject);

  it('reminds the visitor (with the private link) and the owner 24 hours and 1 hour before, each once', async () => {
    // Thursday 26 November, 10:00 in New York (15:00 UTC); the visitor is in London.
    const created = (await book('2026-11-26T15:00:00.000Z')).json() as BookingCreated;
    at('2026-11-25T14:59:00Z');
    expect(await t.app.bookingReminders.sendDue()).toBe(0);
    at('2026-11-25T15:00:30Z');
    expect(await t.app.bookingReminders.sendDue()).toBe(1);
    expect(await t.app.bookingReminders.sendDue()).toBe(0);
    const [visitor, owner] = (await outbox()).filter((mail) => mail.subject.startsWith('Reminder:'));
    expect(visitor).toMatchObject({
      recipient: 'dana@example.com',
      subject: 'Reminder: your call with Jordan Ellis, Thursday, November 26, 2026 at 3:00 PM GMT',
    });
    expect(visitor?.body).toContain('Call: in 24 hours');
    expect(visitor?.body).toContain(`Cancel or move: ${created.manageUrl}`);
    expect(owner).toMatchObject({
      recipient: null,
      subject: 'Reminder: call with Dana Baker, Thursday, November 26, 2026 at 10:00 AM EST',
    });
    at('2026-11-26T14:05:00Z');
    expect(await t.app.bookingReminders.sendDue()).toBe(1);
    expect(await reminders()).toHaveLength(4);
    expect((await outbox()).at(-2)?.body).toContain('Call: in 1 hour');
    at('2026-11-26T14:50:00Z');
    expect(await t.app.bookingReminders.sendDue()).toBe(0);
  });

  it('sends none for a cancelled call; a moved one gets its own, for its new time only', async () => {
    const cancelled = (await book('2026-11-26T15:00:00.000Z')).json() as BookingCreated;
    const moved = (
      await book('2026-11-26T17:00:00.000Z', { email: 'moved@example.com' })
    ).json() as BookingCreated;
    expect((await manage(tokenOf(cancelled), 'cancel')).statusCode).toBe(200);
    expect((await manage(tokenOf(moved), 'move', { start: '2026-11-27T17:00:00.000Z' })).statusCode).toBe(
      200,
    );
    // The moments of the old times: nothing.
    for (const moment of ['2026-11-25T15:00:30Z', '2026-11-25T17:00:30Z', '2026-11-26T16:00:30Z']) {
      at(moment);
      expect(await t.app.bookingReminders.sendDue()).toBe(0);
    }
    // The new time's: its own reminders.
    at('2026-11-26T17:00:30Z');
    expect(await t.app.bookingReminders.sendDue()).toBe(1);
    expect(await reminders()).toEqual([
      'Reminder: your call with Jordan Ellis, Friday, November 27, 2026 at 5:00 PM GMT',
      'Reminder: call with Dana Baker, Friday, November 27, 2026 at 12:00 PM EST',
    ]);
  });

  it('follows the hours the owner chose, none for a moment before the call was booked, and none at all when cleared', async () => {
    expect((await putSettings({ ...(await defaults()), reminderHours: [48, 2] })).statusCode).toBe(200);
    const refused = await putSettings({ ...(await defaults()), reminderHours: [0] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/Reminders are whole hours before the call/);
    // Booked 30 hours ahead: its 48-hour moment had passed when it was booked.
    await book('2026-11-24T21:00:00.000Z');
    at('2026-11-24T19:00:30Z');
    expect(await t.app.bookingReminders.sendDue()).toBe(1);
    expect((await outbox()).at(-2)?.body).toContain('Call: in 2 hours');
    expect(await reminders()).toHaveLength(2);

    expect((await putSettings({ ...(await defaults()), reminderHours: [] })).statusCode).toBe(200);
    await book('2026-11-27T15:00:00.000Z', { email: 'none@example.com' });
    at('2026-11-26T15:00:30Z');
    expect(await t.app.bookingReminders.sendDue()).toBe(0);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'with two processes on one PostgreSQL, each reminder goes once',
    async () => {
      const b = await createTestApp({ seed: false, clock, databaseUrl: t.database.url });
      try {
        expect((await putSettings({ ...(await defaults()), reminderHours: [3, 2, 1] })).statusCode).toBe(200);
        // Three calls an hour apart: at 18:05 each has one reminder due (3, 2 and 1 hours before).
        for (const hour of [19, 20, 21])
          await book(`2026-11-26T${hour}:00:00.000Z`, { email: `p${hour}@example.com` });
        at('2026-11-26T18:05:00Z');
        const sent = await Promise.all([
          t.app.bookingReminders.sendDue(),
          b.app.bookingReminders.sendDue(),
          t.app.bookingReminders.sendDue(),
          b.app.bookingReminders.sendDue(),
        ]);
        expect(sent.reduce((sum, one) => sum + one, 0)).toBe(3);
        expect(await reminders()).toHaveLength(6);
        expect(new Set(await reminders()).size).toBe(6);
      } finally {
        await b.close();
      }
    },
  );
});

describe('the pipeline (issue 49, point 3)', () => {
  beforeEach(async () => {
    await t.database.db.delete(quoteRequests);
  });
  const source = {
    landingPage: '/blog/keys',
    referrer: 'news.example',
    utmSource: 'newsletter',
    startedAt: '2026-11-23T14:50:00.000Z',
  };

  it('a booked call starts a lead with its source; a second call of the same visitor joins it', async () => {
    expect((await book('2026-11-26T15:00:00.000Z', { email: 'Dana@Example.com', source })).statusCode).toBe(
      201,
    );
    const [lead, ...more] = await t.database.db.select().from(quoteRequests);
    expect(more).toEqual([]);
    expect(lead).toMatchObject({
      name: 'Dana Baker',
      email: 'Dana@Example.com',
      stage: 'new',
      projectType: 'other',
      message: 'Booked a call for Thursday, November 26, 2026 at 10:00 AM EST: An online shop for the bakery',
      leadSource: expect.objectContaining({ landingPage: '/blog/keys', utmSource: 'newsletter' }),
    });
    // The owner's pipeline shows it as a lead from its source.
    const board = (await t.app.inject({ url: '/api/admin/pipeline', headers: { cookie: admin } })).json();
    expect(JSON.stringify(board)).toContain('Dana Baker');

    expect(
      (await book('2026-11-27T15:00:00.000Z', { email: 'dana@example.com', topic: 'The shop, part two' }))
        .statusCode,
    ).toBe(201);
    expect(await t.database.db.select().from(quoteRequests)).toHaveLength(1);
    const notes = await t.database.db
      .select()
      .from(quoteEvents)
      .where(eq(quoteEvents.quoteId, lead?.id ?? 0));
    expect(notes.map((note) => note.note)).toEqual([
      'Booked a call for Friday, November 27, 2026 at 10:00 AM EST: The shop, part two',
    ]);
  });

  it('a call joins the open quote request of the same email, and a won or lost one is left alone', async () => {
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: freshIp(),
      payload: {
        name: 'Dana Baker',
        email: 'dana@example.com',
        projectType: 'ecommerce',
        budget: '5-10k',
        timeframe: '1month',
        message: 'An online shop for the bakery, with pickup times.',
      },
    });
    expect(quote.statusCode, quote.body).toBe(201);
    expect((await book('2026-11-26T15:00:00.000Z')).statusCode).toBe(201);
    const [request] = await t.database.db.select().from(quoteRequests);
    expect(request?.projectType).toBe('ecommerce');
    expect(
      await t.database.db
        .select()
        .from(quoteEvents)
        .where(eq(quoteEvents.quoteId, request?.id ?? 0)),
    ).toHaveLength(1);

    await t.database.db.update(quoteRequests).set({ stage: 'lost' });
    expect((await book('2026-11-27T15:00:00.000Z')).statusCode).toBe(201);
    // A new lead: the lost one stays as it was.
    expect(await t.database.db.select().from(quoteRequests)).toHaveLength(2);
  });

  it('a call the visitor cancels is noted on its lead, which is Lost once no call of theirs is left (issue 65)', async () => {
    const cancel = (created: Awaited<ReturnType<typeof book>>) => cancelCall(t, bookingToken(created));
    const first = await book('2026-11-26T15:00:00.000Z');
    const second = await book('2026-11-27T15:00:00.000Z');
    expect((await cancel(first)).statusCode).toBe(200);
    // Another call of theirs is still booked: the lead still waits for the owner.
    let [lead] = await t.database.db.select().from(quoteRequests);
    expect(lead).toMatchObject({ stage: 'new', decidedAt: null });
    expect((await cancel(second)).statusCode).toBe(200);
    // A second click changes nothing.
    expect((await cancel(second)).statusCode).toBe(200);
    [lead] = await t.database.db.select().from(quoteRequests);
    expect(lead?.stage).toBe('lost');
    expect(lead?.decidedAt).not.toBeNull();
    expect(lead?.firstReplyAt).toBeNull();
    const history = await t.database.db
      .select()
      .from(quoteEvents)
      .where(eq(quoteEvents.quoteId, lead?.id ?? 0))
      .orderBy(quoteEvents.id);
    expect(history.map((event) => event.note ?? `moved to ${event.stage}`)).toEqual([
      'Booked a call for Friday, November 27, 2026 at 10:00 AM EST: An online shop for the bakery',
      'Cancelled the call booked for Thursday, November 26, 2026 at 10:00 AM EST',
      'Cancelled the call booked for Friday, November 27, 2026 at 10:00 AM EST',
      'moved to lost',
    ]);
  });

  it('a cancelled call leaves a lead the owner has answered where the owner put it', async () => {
    const created = await book('2026-11-26T15:00:00.000Z');
    await t.database.db.update(quoteRequests).set({ stage: 'replied' });
    await cancelCall(t, bookingToken(created));
    const [lead] = await t.database.db.select().from(quoteRequests);
    expect(lead?.stage).toBe('replied');
  });
});

describe('call types and their questions (issue 49, points 2 and 3)', () => {
  beforeEach(async () => {
    await t.database.db.delete(callTypes);
    await t.database.db.delete(quoteRequests);
  });
  const repair = sampleCallType;
  const intro = {
    ...repair,
    id: 'intro',
    name: 'Intro call',
    callMinutes: 15,
    description: '',
    place: 'phone',
    placeDetail: '',
    horizonDays: 30,
    dailyLimit: null,
    questions: [],
  };
  const addType = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/admin/call-types', headers: { cookie: admin }, payload });
  const putType = (id: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/admin/call-types/${id}`, headers: { cookie: admin }, payload });
  const typeSlots = async (type: string) =>
    (await t.app.inject({ url: `/api/booking/slots?type=${type}` })).json() as BookingSlots;

  it('each type has its own length, notice, horizon, daily limit and place; the first is the default', async () => {
    expect((await addType(repair)).statusCode).toBe(201);
    expect((await addType(intro)).statusCode).toBe(201);
    const types = (await t.app.inject({ url: '/api/booking/types' })).json();
    expect(types.map((type: { id: string }) => type.id)).toEqual(['key-repair', 'intro']);
    expect(types[0]).toMatchObject({ placeLabel: 'At the shop: 12 Peachtree St, Atlanta', callMinutes: 60 });
    // A phone call asks for the number first.
    expect(types[1].questions[0]).toMatchObject({ id: 'phone', label: 'Phone number', required: true });

    const first = await typeSlots('key-repair');
    expect(first).toMatchObject({ callType: 'key-repair', callMinutes: 60 });
    // No notice: from now, 10:00 in New York (15:00Z), hourly; three days ahead at most.
    expect(first.slots[0]).toBe('2026-11-23T15:00:00.000Z');
    expect(first.slots.at(-1)).toBe('2026-11-26T21:00:00.000Z');
    expect((await slots()).callType).toBe('key-repair');
    expect((await typeSlots('intro')).slots.slice(0, 2)).toEqual([
      '2026-11-23T15:00:00.000Z',
      '2026-11-23T15:15:00.000Z',
    ]);
    expect((await t.app.inject({ url: '/api/booking/slots?type=nope' })).statusCode).toBe(404);

    // One key repair a day: once Monday has one, Monday offers no more of them; other types still can.
    const res = await book('2026-11-23T16:00:00.000Z', {
      type: 'key-repair',
      answers: { q1: 'Honda Civic 2012', q2: 'One' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const monday = (iso: string) => iso < '2026-11-24T05:00:00.000Z';
    expect((await typeSlots('key-repair')).slots.filter(monday)).toEqual([]);
    expect((await typeSlots('intro')).slots.filter(monday).length).toBeGreaterThan(0);
    expect(
      (await book('2026-11-23T19:00:00.000Z', { type: 'key-repair', answers: { q1: 'Ford' } })).json(),
    ).toMatchObject({ message: SLOT_TAKEN });
    // The call blocks the intro calls that would overlap it.
    expect((await typeSlots('intro')).slots).not.toContain('2026-11-23T16:30:00.000Z');
    // It moves within its own type's times, itself not counting against Monday's limit.
    const moving = (
      await t.app.inject({ url: `/api/bookings/${tokenOf(res.json() as BookingCreated)}/slots` })
    ).json() as BookingSlots;
    expect(moving).toMatchObject({ callType: 'key-repair', callMinutes: 60 });
    expect(moving.slots.filter(monday)).toContain('2026-11-23T19:00:00.000Z');
    expect(moving.slots.at(-1)).toBe('2026-11-26T21:00:00.000Z');
  });

  it('answers reach the call, its emails, its page, the owner’s list and the pipeline; bad ones are refused', async () => {
    await addType(repair);
    const refusals: Array<[object, string, string]> = [
      [{}, 'answer-q1', 'Car make and year is required'],
      [{ q1: 'Ford', q2: 'Three' }, 'answer-q2', 'Choose one of the answers to "Keys left"'],
      [{ q1: 'Ford\nFocus' }, 'answer-q1', 'Car make and year must be a single line'],
      [{ q1: 'x'.repeat(201) }, 'answer-q1', 'Car make and year cannot exceed 200 characters'],
    ];
    for (const [answers, field, message] of refusals) {
      const res = await book('2026-11-23T16:00:00.000Z', { type: 'key-repair', answers });
      expect(res.statusCode, JSON.stringify(answers)).toBe(400);
      expect(res.json()).toMatchObject({ message, errors: { [field]: message } });
    }
    expect(await t.database.db.select().from(bookings)).toEqual([]);

    const res = await book('2026-11-23T16:00:00.000Z', {
      type: 'key-repair',
      answers: { q1: 'Honda Civic 2012', q2: 'One', unknown: 'ignored' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as BookingCreated;
    // Pressed again with the same answers: the same call.
    const again = await book('2026-11-23T16:00:00.000Z', {
      type: 'key-repair',
      answers: { q1: 'Honda Civic 2012', q2: 'One', unknown: 'ignored' },
    });
    expect(again.statusCode, again.body).toBe(201);
    expect((again.json() as BookingCreated).manageUrl).toBe(created.manageUrl);
    const answers = [
      { question: 'Car make and year', answer: 'Honda Civic 2012' },
      { question: 'Keys left', answer: 'One' },
    ];
    expect(created.booking).toMatchObject({
      callType: 'Key repair consult',
      location: 'At the shop: 12 Peachtree St, Atlanta',
      callMinutes: 60,
      answers,
    });
    expect((await manage(tokenOf(created))).json()).toMatchObject({ answers });
    const [visitor, owner] = await outbox();
    expect(visitor?.body).toContain('Where: At the shop: 12 Peachtree St, Atlanta');
    // Calendar apps show where the call is from the event's LOCATION.
    for (const mail of [visitor, owner]) {
      expect(mail?.attachment?.content.replace(/\r\n /g, '')).toContain(
        'LOCATION:At the shop: 12 Peachtree St\\, Atlanta',
      );
    }
    expect(owner?.body).toContain('Car make and year: Honda Civic 2012');
    expect(owner?.body).toContain('Keys left: One');
    const [listed] = (
      await t.app.inject({ url: '/api/admin/bookings', headers: { cookie: admin } })
    ).json() as AdminBooking[];
    expect(listed).toMatchObject({ callType: 'Key repair consult', answers });

    // The pipeline: a lead of its own, marked as a call, with the answers.
    const [lead] = await t.database.db.select().from(quoteRequests);
    expect(lead).toMatchObject({ origin: 'call', email: 'dana@example.com' });
    expect(lead?.message).toBe(
      'Booked a call (Key repair consult) for Monday, November 23, 2026 at 11:00 AM EST: An online shop for the bakery\nCar make and year: Honda Civic 2012\nKeys left: One',
    );
  });

  it('the owner edits, renames and removes a type; a booked call keeps what it was booked as', async () => {
    await addType(repair);
    const duplicate = await addType({ ...intro, id: 'key-repair' });
    expect(duplicate.statusCode).toBe(409);
    const bad = await addType({ ...intro, id: 'x', place: 'address', placeDetail: '' });
    expect(bad.json()).toMatchObject({ errors: { placeDetail: "Enter the shop's address" } });
    const created = (
      await book('2026-11-23T16:00:00.000Z', { type: 'key-repair', answers: { q1: 'Ford' } })
    ).json() as BookingCreated;

    const renamed = await putType('key-repair', {
      ...repair,
      id: 'keys',
      name: 'Keys',
      callMinutes: 30,
      dailyLimit: null,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().map((type: { id: string }) => type.id)).toEqual(['keys']);
    expect((await typeSlots('keys')).callMinutes).toBe(30);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/admin/call-types/keys',
      headers: { cookie: admin },
    });
    expect(removed.json()).toEqual([]);
    // Without types: the availability's one call again.
    expect((await slots()).callMinutes).toBe(30);
    expect((await slots()).callType).toBeNull();
    // The booked call keeps its name, length and answers, and moves within its own length.
    const view = (await manage(tokenOf(created))).json();
    expect(view).toMatchObject({ callType: 'Key repair consult', callMinutes: 60 });
    const moved = await manage(tokenOf(created), 'move', { start: '2026-11-25T16:00:00.000Z' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ end: '2026-11-25T17:00:00.000Z', answers: [{ answer: 'Ford' }] });
  });

  it('a booked call follows its type when the owner renames it: its moves and the daily limit', async () => {
    await addType(repair);
    const created = (
      await book('2026-11-23T16:00:00.000Z', { type: 'key-repair', answers: { q1: 'Ford' } })
    ).json() as BookingCreated;
    const renamed = await putType('key-repair', { ...repair, id: 'key-consult', name: 'Key consult' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // Monday has its one key call still, under the new name.
    const monday = (iso: string) => iso < '2026-11-24T05:00:00.000Z';
    expect((await typeSlots('key-consult')).slots.filter(monday)).toEqual([]);
    expect(
      (await book('2026-11-23T19:00:00.000Z', { type: 'key-consult', answers: { q1: 'Audi' } })).json(),
    ).toMatchObject({ message: SLOT_TAKEN });
    // It moves within the renamed type's times, and is listed with the name it was booked as.
    const moving = (
      await t.app.inject({ url: `/api/bookings/${tokenOf(created)}/slots` })
    ).json() as BookingSlots;
    expect(moving).toMatchObject({ callType: 'key-consult', callMinutes: 60 });
    expect((await manage(tokenOf(created))).json()).toMatchObject({ callType: 'Key repair consult' });
  });

  it('a type removed while a visitor books it is not offered, and nothing is booked', async () => {
    await addType(repair);
    // The owner removes the type while the booking waits on the owner's calendars.
    const service = createBookingService(t.database.db, new ReadCache(), {
      siteUrl: 'http://localhost',
      ownerName: 'Owner',
      ownerEmail: 'owner@example.com',
      defaults: await defaults(),
      now: () => clock.now(),
      calendars: {
        busy: async () => {
          await t.database.db.delete(callTypes);
          return [];
        },
      },
    });
    const booking = service.book(
      {
        start: '2026-11-23T16:00:00.000Z',
        name: 'Dana Baker',
        email: 'dana@example.com',
        topic: 'Keys',
        type: 'key-repair',
        answers: { q1: 'Ford' },
      },
      '203.0.113.9',
    );
    await expect(booking).rejects.toMatchObject({ statusCode: 404, message: CALL_TYPE_NOT_OFFERED });
    expect(await t.database.db.select().from(bookings)).toEqual([]);
  });

  it('a type has days off and special hours of its own; one stored before them has none', async () => {
    // As a type saved before them: the table's defaults, no days off or special hours of its own.
    await t.database.db
      .insert(callTypes)
      .values(
        [intro, repair].map((type, position) => ({ ...(type as typeof callTypes.$inferInsert), position })),
      );
    expect((await typeSlots('intro')).slots.filter((iso) => iso.startsWith('2026-11-24')).length).toBe(32);
    const saved = await putType('intro', {
      ...intro,
      daysOff: ['2026-11-24'],
      specialHours: [{ date: '2026-11-28', start: '10:00', end: '10:30' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const own = (await typeSlots('intro')).slots;
    expect(own.filter((iso) => iso.startsWith('2026-11-24'))).toEqual([]);
    // Saturday has no weekday hours: the type's special hours are its only times.
    expect(own.filter((iso) => iso.startsWith('2026-11-28'))).toEqual([
      '2026-11-28T15:00:00.000Z',
      '2026-11-28T15:15:00.000Z',
    ]);
    // The other type keeps its Tuesday and has no Saturday.
    const other = (await typeSlots('key-repair')).slots;
    expect(other.filter((iso) => iso.startsWith('2026-11-24')).length).toBe(8);
    expect(other.filter((iso) => iso.startsWith('2026-11-28'))).toEqual([]);
    // A booking on the type's day off is refused.
    const refused = await book('2026-11-24T15:00:00.000Z', {
      type: 'intro',
      answers: { phone: '404-555-0199' },
    });
    expect(refused.json()).toMatchObject({ message: SLOT_UNAVAILABLE });
  });

  it('special hours replace a weekday’s; days off have none', async () => {
    const settings = await defaults();
    const saved = await putSettings({
      ...settings,
      noticeHours: 0,
      specialHours: [{ date: '2026-11-28', start: '10:00', end: '11:00' }],
      blockedDates: ['2026-11-24'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const all = (await slots()).slots;
    // Saturday the 28th has 10:00 and 10:30 in New York; Tuesday the 24th none.
    expect(all.filter((iso) => iso.startsWith('2026-11-28'))).toEqual([
      '2026-11-28T15:00:00.000Z',
      '2026-11-28T15:30:00.000Z',
    ]);
    expect(all.filter((iso) => iso.startsWith('2026-11-24'))).toEqual([]);
    const refused = await putSettings({
      ...settings,
      specialHours: [{ date: '2026-11-28', start: '11:00', end: '10:00' }],
    });
    expect(refused.statusCode).toBe(400);
  });

  it('the digest and the inbox count quote requests only; a call lead is on the board', async () => {
    await book('2026-11-24T15:00:00.000Z');
    const inbox = (await t.app.inject({ url: '/api/admin/inbox', headers: { cookie: admin } })).json();
    expect(JSON.stringify(inbox)).not.toContain('Dana Baker');
    const board = (await t.app.inject({ url: '/api/admin/pipeline', headers: { cookie: admin } })).json();
    expect(JSON.stringify(board)).toContain('"origin":"call"');
    expect(board).toMatchObject({ firstReply: expect.objectContaining({ waiting: 0 }) });
  });
});
