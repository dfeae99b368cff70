/**
 * Bookings written to the owner's CalDAV calendar (issue 49, point 1), the queue's side: a
 * calendar that fails is tried again later and the owner sees why; a call changed while its
 * event is being written ends written as it is; with two processes on one PostgreSQL each
 * change is written once. The calendar here records what it is asked (caldav.test.ts writes to
 * a real CalDAV server).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookingCalendarEvents, bookings } from '../../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { manualClock } from '../../../testing/test-clock.ts';
import type { CalDav } from './caldav.ts';
import { calendarWrites } from './writes.ts';

const clock = manualClock('2026-11-23T15:00:00Z');

/** A calendar that keeps its events by address, fails while told to, and may hold a write until released. */
function recordingCalendar() {
  const events = new Map<string, string>();
  const asked: string[] = [];
  let failing: Error | null = null;
  let hold: Promise<void> | null = null;
  const calendar: CalDav = {
    label: 'stand-in',
    source: { label: 'stand-in', read: async () => [] },
    calendars: async () => [{ url: 'http://127.0.0.1/owner/work/', name: 'Work' }],
    async put(href, uid, ics) {
      asked.push(`put ${uid}`);
      await hold;
      if (failing) throw failing;
      const at = href ?? `http://127.0.0.1/owner/work/${uid}.ics`;
      events.set(at, ics);
      return at;
    },
    async remove(href) {
      asked.push(`remove ${href}`);
      if (failing) throw failing;
      events.delete(href);
    },
  };
  return {
    calendar,
    events,
    asked,
    fail: (error: Error | null) => {
      failing = error;
    },
    holdWrites: () => {
      let release = () => {};
      hold = new Promise<void>((resolve) => {
        release = resolve;
      });
      return () => {
        hold = null;
        release();
      };
    },
  };
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false, clock });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.database.db.delete(bookings);
});

const startOf = (ics: string) => /DTSTART:(\S+)/.exec(ics)?.[1];
const writesFor = (db: TestApp['database']['db'], calendar: CalDav) =>
  calendarWrites(db, {
    account: async () => calendar,
    uidOf: (row) => `booking-${row.id}@test`,
    eventOf: (row) => `BEGIN:VCALENDAR\r\nDTSTART:${row.startAt.toISOString()}\r\nEND:VCALENDAR\r\n`,
    now: clock.now,
  });
async function bookCall(db: TestApp['database']['db'], start: string) {
  const [row] = await db
    .insert(bookings)
    .values({
      startAt: new Date(start),
      endAt: new Date(Date.parse(start) + 30 * 60_000),
      name: 'Dana Baker',
      email: 'dana@example.com',
      topic: 'A shop',
      tokenHash: `hash-${start}`,
    })
    .returning();
  if (!row) throw new Error('not booked');
  return row;
}

describe('bookings written to the CalDAV calendar', () => {
  it('a calendar that fails is tried again later, and the owner sees why until it is written', async () => {
    const stand = recordingCalendar();
    const writes = writesFor(t.database.db, stand.calendar);
    const row = await bookCall(t.database.db, '2026-11-26T15:00:00.000Z');
    await writes.changed(t.database.db, row.id);
    stand.fail(new Error('it answered 503'));
    await writes.writeDue();
    expect(stand.events.size).toBe(0);
    expect(await writes.state()).toEqual({ waiting: 1, problem: 'it answered 503' });
    // Not due again yet.
    expect(await writes.due()).toBe(false);
    await writes.writeDue();
    expect(stand.asked).toHaveLength(1);

    stand.fail(null);
    await t.database.db
      .update(bookingCalendarEvents)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(bookingCalendarEvents.bookingId, row.id));
    await writes.writeDue();
    expect([...stand.events.values()].map(startOf)).toEqual(['2026-11-26T15:00:00.000Z']);
    expect(await writes.state()).toEqual({ waiting: 0, problem: null });
  });

  it('a call moved while its event is being written ends written at its new time', async () => {
    const stand = recordingCalendar();
    const writes = writesFor(t.database.db, stand.calendar);
    const row = await bookCall(t.database.db, '2026-11-26T16:00:00.000Z');
    await writes.changed(t.database.db, row.id);
    const release = stand.holdWrites();
    const writing = writes.writeDue();
    await expect.poll(() => stand.asked.length).toBe(1);
    // Moved while the first write is under way (it read the call at its old time).
    await t.database.db
      .update(bookings)
      .set({ startAt: new Date('2026-11-26T17:00:00.000Z'), endAt: new Date('2026-11-26T17:30:00.000Z') })
      .where(eq(bookings.id, row.id));
    await writes.changed(t.database.db, row.id);
    // The write under way holds its lease: no second write of the same event at once.
    expect(await writes.due()).toBe(false);
    release();
    await writing;
    await writes.writeDue();
    expect([...stand.events.values()].map(startOf)).toEqual(['2026-11-26T17:00:00.000Z']);
    expect(await writes.due()).toBe(false);

    // Cancelled: removed from where it was written.
    await t.database.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, row.id));
    await writes.changed(t.database.db, row.id);
    await writes.writeDue();
    expect(stand.events.size).toBe(0);
  });

  it('a call that has ended is not written any more', async () => {
    const stand = recordingCalendar();
    const writes = writesFor(t.database.db, stand.calendar);
    const row = await bookCall(t.database.db, '2026-11-20T15:00:00.000Z');
    await writes.changed(t.database.db, row.id);
    expect(await writes.due()).toBe(false);
    await writes.writeDue();
    expect(stand.asked).toEqual([]);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'with two processes on one PostgreSQL, each change is written once',
    async () => {
      const b = await createTestApp({ seed: false, clock, databaseUrl: t.database.url });
      try {
        const stand = recordingCalendar();
        const one = writesFor(t.database.db, stand.calendar);
        const two = writesFor(b.database.db, stand.calendar);
        for (let hour = 14; hour < 20; hour++) {
          const row = await bookCall(t.database.db, `2026-11-27T${hour}:00:00.000Z`);
          await one.changed(t.database.db, row.id);
        }
        await Promise.all([one.writeDue(), two.writeDue(), one.writeDue(), two.writeDue()]);
        expect(stand.asked).toHaveLength(6);
        expect(new Set(stand.asked).size).toBe(6);
        expect(stand.events.size).toBe(6);
      } finally {
        await b.close();
      }
    },
  );
});
