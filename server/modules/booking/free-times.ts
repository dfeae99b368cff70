/**
 * When a call can be booked (issue 21, point 4; issue 49): a plan's free slots (slots.ts does the
 * arithmetic) against the booked calls, the type's daily limit and the owner's calendars' busy
 * times; and, inside the booking lock, the check that a start is still free.
 */
import { and, eq, gte, ne, sql } from 'drizzle-orm';
import {
  type BookingSettings,
  type BookingSlots,
  CALENDAR_UNCHECKED,
} from '../../../common/schemas/booking.ts';
import type { CallType } from '../../../common/schemas/call-types.ts';
import { wallClock } from '../../../common/zoned-time.ts';
import type { Db } from '../../db/client.ts';
import { bookings } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { availability } from './availability.ts';
import { type callTypesOf, planOf } from './call-types.ts';
import { type BookingContext, type BookingRow, DAY_MS, minutesOf } from './context.ts';
import { type Busy, freeSlots, isClear } from './slots.ts';

/** The advisory lock every booking write holds (any constant both drivers agree on). */
const BOOKING_LOCK = 7_210_421;

export const SLOT_TAKEN = 'That time was just booked by someone else. Please choose another.';
export const SLOT_UNAVAILABLE = 'That time is not available. Please choose another.';

export function freeTimes(
  { db, options, now }: BookingContext,
  { settings }: Pick<ReturnType<typeof availability>, 'settings'>,
  { callTypes, typeFor }: Pick<ReturnType<typeof callTypesOf>, 'callTypes' | 'typeFor'>,
) {
  /**
   * What a booked call moves within: its own type's plan, or, its type removed since (or booked
   * before types), the availability's at the call's own length.
   */
  async function bookingPlan(
    row: BookingRow,
    current: BookingSettings,
  ): Promise<{ plan: BookingSettings; type: CallType | null }> {
    const type = (await callTypes()).find((candidate) => candidate.id === row.callType) ?? null;
    return type
      ? { plan: planOf(current, type), type }
      : { plan: { ...current, callMinutes: minutesOf(row) }, type };
  }

  /** The dates (owner's zone) on which the type's daily limit is reached, leaving out one booking. */
  async function fullDates(
    executor: Pick<Db, 'select'>,
    type: CallType | null,
    timeZone: string,
    exceptId?: number,
  ): Promise<Set<string>> {
    if (!type?.dailyLimit) return new Set();
    const rows = await executor
      .select({ start: bookings.startAt })
      .from(bookings)
      .where(
        and(
          eq(bookings.status, 'booked'),
          eq(bookings.callType, type.id),
          gte(bookings.startAt, new Date(now().getTime() - DAY_MS)),
          exceptId === undefined ? undefined : ne(bookings.id, exceptId),
        ),
      );
    const perDay = new Map<string, number>();
    for (const { start } of rows) {
      const date = wallClock(start, timeZone).date;
      perDay.set(date, (perDay.get(date) ?? 0) + 1);
    }
    const limit = type.dailyLimit;
    return new Set([...perDay].filter(([, count]) => count >= limit).map(([date]) => date));
  }

  /** Booked calls from a day before `from` (their buffers reach into it). */
  async function busyFrom(executor: Pick<Db, 'select'>, from: Date, exceptId?: number): Promise<Busy[]> {
    const rows = await executor
      .select({ start: bookings.startAt, end: bookings.endAt })
      .from(bookings)
      .where(
        and(
          eq(bookings.status, 'booked'),
          gte(bookings.endAt, new Date(from.getTime() - 24 * 3_600_000)),
          exceptId === undefined ? undefined : ne(bookings.id, exceptId),
        ),
      );
    return rows;
  }

  /**
   * The owner's calendars' busy times over the days slots are offered (whole UTC days, so the
   * window and its parsed times stay the same all day): none without calendars; null when a
   * calendar has no good read (its hours are unchecked), or, for a booking (`fresh`), none of
   * this moment.
   */
  async function calendarBusy(current: BookingSettings, fresh: boolean): Promise<Busy[] | null> {
    if (!options.calendars) return [];
    const today = Date.parse(`${now().toISOString().slice(0, 10)}T00:00:00.000Z`);
    const from = new Date(today - DAY_MS);
    const to = new Date(today + (current.horizonDays + 2) * DAY_MS);
    return options.calendars.busy(from, to, current.timeZone, fresh);
  }

  /** A plan's free slots (its type's daily limit too), leaving out one booked call (the one moving). */
  async function freeSlotsOf(
    plan: BookingSettings,
    type: CallType | null,
    exceptId?: number,
  ): Promise<BookingSlots> {
    const at = now();
    // A calendar without a good read of the last 5 minutes leaves every hour unchecked: no slot is offered.
    const elsewhere = await calendarBusy(plan, false);
    const slots = elsewhere
      ? freeSlots(
          plan,
          [...(await busyFrom(db, at, exceptId)), ...elsewhere],
          at,
          await fullDates(db, type, plan.timeZone, exceptId),
        )
      : [];
    return {
      timeZone: plan.timeZone,
      callMinutes: plan.callMinutes,
      callType: type?.id ?? null,
      slots: slots.map((s) => s.toISOString()),
      calendarUnchecked: elsewhere === null,
    };
  }

  /** A booking's or a move's calendar check, before its transaction (a calendar may be slow). */
  async function calendarBusyForBooking(current: BookingSettings): Promise<Busy[]> {
    const busy = await calendarBusy(current, true);
    if (!busy) throw new HttpError(409, CALENDAR_UNCHECKED);
    return busy;
  }

  /**
   * Inside the booking lock: refuses a start that is not one of the owner's slots (409
   * SLOT_UNAVAILABLE) or that a booked call or the owner's calendar (`elsewhere`) now blocks
   * (409 SLOT_TAKEN).
   */
  async function checkSlot(
    tx: Pick<Db, 'select'>,
    start: Date,
    plan: BookingSettings,
    type: CallType | null,
    elsewhere: Busy[],
    exceptId?: number,
  ) {
    const grid = freeSlots(plan, [], now());
    if (!grid.some((slot) => slot.getTime() === start.getTime())) throw new HttpError(409, SLOT_UNAVAILABLE);
    const busy = [...(await busyFrom(tx, start, exceptId)), ...elsewhere];
    if (!isClear(start, plan, busy)) throw new HttpError(409, SLOT_TAKEN);
    // The type's daily limit, reached since the page was shown: taken as much as the slot.
    const full = await fullDates(tx, type, plan.timeZone, exceptId);
    if (full.has(wallClock(start, plan.timeZone).date)) throw new HttpError(409, SLOT_TAKEN);
  }

  const lock = (tx: Pick<Db, 'execute'>) => tx.execute(sql`select pg_advisory_xact_lock(${BOOKING_LOCK})`);

  return {
    bookingPlan,
    freeSlotsOf,
    calendarBusyForBooking,
    checkSlot,
    lock,

    /** Reads the owner's calendars as a page of slots would (the owner's page shows how each read went). */
    async readCalendars(): Promise<void> {
      await calendarBusy(await settings(), false);
    },

    /** The free slots of a call type (the first when none is named; the availability's call without types). */
    async slots(typeId?: string): Promise<BookingSlots> {
      const type = await typeFor(typeId);
      return freeSlotsOf(planOf(await settings(), type), type);
    },
  };
}
