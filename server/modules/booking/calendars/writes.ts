/**
 * Bookings as events in the owner's CalDAV calendar (issue 49, point 1). Each booking, moved
 * call and cancellation marks its row in `booking_calendar_events` due, in the booking's own
 * transaction; a queue writes the event (PUT at `<calendar>/<uid>.ics`, the same address for the
 * call's whole life) or removes it, one process at a time per row (a lease taken through the
 * site's job queue, server/lib/job-queue.ts), retried with backoff while the calendar is down. A change made while
 * a write is under way raises the row's generation, so the write that finishes for the older one
 * leaves it due: the calendar always ends with the call as it is. Calls that have ended are no
 * longer written; with no account connected the rows wait, and are written once one is.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { bookingCalendarEvents, bookings } from '../../../db/schema.ts';
import { errorText, lease, retryDelayMs } from '../../../lib/job-queue.ts';
import type { CalDav } from './caldav.ts';

type BookingRow = typeof bookings.$inferSelect;

/** Events a round writes. */
const ROUND = 10;
/** How long a claimed write is held before another process may take it (a crash mid-write). */
export const WRITE_LEASE_MS = 2 * 60_000;

export interface CalendarWriteState {
  /** Calls whose event waits to be written or removed. */
  waiting: number;
  /** What the last failed write said, if one is waiting to be tried again. */
  problem: string | null;
}

export interface CalendarWrites {
  /** In the booking's transaction: its event is due (a call booked, moved or cancelled). */
  changed(tx: Pick<Db, 'insert'>, bookingId: number): Promise<void>;
  /** Writes the due events: true when there may be more at once. */
  writeDue(): Promise<boolean>;
  /** Whether any event is due now (none without an account). */
  due(): Promise<boolean>;
  /** What the owner sees of the writes. */
  state(): Promise<CalendarWriteState>;
}

const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

export function calendarWrites(
  db: Db,
  {
    account,
    uidOf,
    eventOf,
    now = () => new Date(),
  }: {
    /** The connected account, or null. */
    account: () => Promise<CalDav | null>;
    /** The event's UID: the invitation's, so a calendar app sees one event. */
    uidOf: (row: BookingRow) => string;
    /** The event's iCalendar text, as the owner's calendar keeps it. */
    eventOf: (row: BookingRow) => string;
    now?: () => Date;
  },
): CalendarWrites {
  /** The rows due (leased from now), for calls that have not ended by the site's clock. */
  async function claim() {
    return lease<{ bookingId: number; generation: number; href: string | null; attempts: number }>(db, {
      table: bookingCalendarEvents,
      key: bookingCalendarEvents.bookingId,
      until: bookingCalendarEvents.leasedUntil,
      from: sql`${bookingCalendarEvents} join ${bookings} on ${bookings.id} = ${bookingCalendarEvents.bookingId}`,
      due: sql`${bookingCalendarEvents.status} = 'pending' and ${bookingCalendarEvents.nextAttemptAt} <= clock_timestamp()
        and (${bookingCalendarEvents.leasedUntil} is null or ${bookingCalendarEvents.leasedUntil} < clock_timestamp())
        and ${bookings.endAt} > ${now()}`,
      order: sql`${bookingCalendarEvents.nextAttemptAt}, ${bookingCalendarEvents.bookingId}`,
      limit: ROUND,
      leaseMs: WRITE_LEASE_MS,
      returning: sql`booking_id as "bookingId", generation, href, attempts`,
    });
  }

  async function write(
    calendar: CalDav,
    {
      bookingId,
      generation,
      href,
      attempts,
    }: { bookingId: number; generation: number; href: string | null; attempts: number },
  ) {
    try {
      const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
      let at: string | null = null;
      if (booking?.status === 'booked') at = await calendar.put(href, uidOf(booking), eventOf(booking));
      else if (href) await calendar.remove(href);
      // Done, unless the call changed while it was written: then it is due again at once.
      await db.execute(sql`
        update ${bookingCalendarEvents}
        set leased_until = null, href = ${at}, attempts = 0, last_error = null, next_attempt_at = now(),
            status = case when generation = ${generation} then 'done' else 'pending' end
        where booking_id = ${bookingId}`);
    } catch (error) {
      await db.execute(sql`
        update ${bookingCalendarEvents}
        set leased_until = null, attempts = attempts + 1, last_error = ${errorText(error)},
            next_attempt_at = now() + ${`${retryDelayMs(attempts + 1)} milliseconds`}::interval
        where booking_id = ${bookingId}`);
    }
  }

  return {
    async changed(tx, bookingId) {
      await tx
        .insert(bookingCalendarEvents)
        .values({ bookingId })
        .onConflictDoUpdate({
          target: bookingCalendarEvents.bookingId,
          set: {
            generation: sql`${bookingCalendarEvents.generation} + 1`,
            status: 'pending',
            attempts: 0,
            nextAttemptAt: sql`now()`,
            lastError: null,
          },
        });
    },

    async writeDue() {
      const calendar = await account();
      if (!calendar) return false;
      const rows = await claim();
      // One at a time: a calendar server is one account's, and its writes are few.
      for (const row of rows) await write(calendar, row);
      return rows.length === ROUND;
    },

    async due() {
      if (!(await account())) return false;
      const result = await db.execute(sql`
        select 1 from ${bookingCalendarEvents} e join ${bookings} b on b.id = e.booking_id
        where e.status = 'pending' and e.next_attempt_at <= now()
          and (e.leased_until is null or e.leased_until < now()) and b.end_at > ${now()}
        limit 1`);
      return rowsOf(result).length > 0;
    },

    async state() {
      const [row] = rowsOf<{ waiting: number; problem: string | null }>(
        await db.execute(sql`
          select count(*)::int as waiting,
                 (array_agg(e.last_error order by e.next_attempt_at desc) filter (where e.last_error is not null))[1] as problem
          from ${bookingCalendarEvents} e join ${bookings} b on b.id = e.booking_id
          where e.status = 'pending' and b.end_at > ${now()}`),
      );
      return { waiting: row?.waiting ?? 0, problem: row?.problem ?? null };
    },
  };
}
