/**
 * Book a call (issue 21, point 4). The owner's availability lives in `app_meta`
 * (`booking:settings`, JSON checked by bookingSettingsSchema; a fresh site has weekdays 9-5 in the
 * owner's time zone). A visitor books a free slot with name, email and topic; the booking is
 * written under a transaction-scoped advisory lock after the slot is checked against the hours
 * and every booked call, with a unique index on a booked call's start behind it, so two visitors
 * racing for one slot get one booking and one clear message. Both sides get an email with an
 * .ics invitation through the outbox; the visitor cancels or moves the call through a private
 * link (only its SHA-256 is stored).
 */
import { and, asc, eq, gt, gte, lte, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type AdminBooking,
  type BookingCreated,
  type BookingSettings,
  type BookingSlots,
  type BookingStatus,
  type BookingView,
  type bookingRequestSchema,
  bookingSettingsSchema,
} from '../../../common/schemas/booking.ts';
import {
  answerField,
  answerSchema,
  type CallQuestion,
  type CallType,
  callTypeSchema,
  type PublicCallType,
  placeOf,
  questionsOf,
  storedCallTypesSchema,
} from '../../../common/schemas/call-types.ts';
import { describeTime, isTimeZone, wallClock } from '../../../common/zoned-time.ts';
import type { Db } from '../../db/client.ts';
import { appMeta, bookingReminders, bookings } from '../../db/schema.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import type { ReadCache } from '../../lib/read-cache.ts';
import type { Sealer } from '../../lib/sealed.ts';
import { randomToken, sha256Hex } from '../../lib/tokens.ts';
import type { ContactService } from '../contact/service.ts';
import { enqueueNotification } from '../notifications/service.ts';
import type { BusyCalendars } from './calendars/feeds.ts';
import type { CalendarWrites } from './calendars/writes.ts';
import { callInvitation } from './ics.ts';
import { type Busy, freeSlots, isClear } from './slots.ts';

type BookingRequest = z.output<typeof bookingRequestSchema>;
type BookingRow = typeof bookings.$inferSelect;

export const BOOKING_CACHE_KEY = 'booking-status';
const SETTINGS_KEY = 'booking:settings';
/** The owner's call types (issue 49, point 2), a JSON list; none: one call as the availability sets it. */
const TYPES_KEY = 'booking:types';
const MAX_CALL_TYPES = 12;
/** The advisory lock every booking write holds (any constant both drivers agree on). */
const BOOKING_LOCK = 7_210_421;
/** Where a visitor manages a call: `${siteUrl}${BOOKING_LINK_PATH}${token}`. */
export const BOOKING_LINK_PATH = '/booking/';

export const SLOT_TAKEN = 'That time was just booked by someone else. Please choose another.';
export const SLOT_UNAVAILABLE = 'That time is not available. Please choose another.';
export const BOOKING_NOT_FOUND = 'This booking link is not valid. Check the link in your email.';
export const BOOKING_CANCELLED = 'This call was cancelled. You can book a new one.';
export const BOOKING_PAST = 'This call has already taken place.';
/** A booking whose time the owner's calendar could not be checked for (issue 49, point 6). */
export const CALENDAR_UNCHECKED =
  "The owner's calendar cannot be checked right now, so no time can be booked. Please try again in a few minutes.";

export const CALL_TYPE_NOT_OFFERED = 'That call type is not offered. Please choose another.';

const DAY_MS = 86_400_000;

/** A booked call's length in minutes. */
const minutesOf = (row: Pick<BookingRow, 'startAt' | 'endAt'>) =>
  Math.round((row.endAt.getTime() - row.startAt.getTime()) / 60_000);

/** The answers as lines, 'question: answer' (the calendar event, the lead's note). */
const answerLines = (answers: BookingRow['answers']) =>
  answers.map(({ question, answer }) => `${question}: ${answer}`);

/**
 * The availability with a call type's length, buffers, notice, horizon, days off and special
 * hours: what its slots follow.
 */
export const planOf = (settings: BookingSettings, type: CallType | null): BookingSettings =>
  type
    ? {
        ...settings,
        callMinutes: type.callMinutes,
        bufferBeforeMinutes: type.bufferBeforeMinutes,
        bufferAfterMinutes: type.bufferAfterMinutes,
        noticeHours: type.noticeHours,
        horizonDays: type.horizonDays,
        blockedDates: [...settings.blockedDates, ...type.daysOff],
        // The type's special hours stand over the availability's on their dates.
        specialHours: [
          ...settings.specialHours.filter(({ date }) => !type.specialHours.some((own) => own.date === date)),
          ...type.specialHours,
        ],
      }
    : settings;

/**
 * The visitor's answers checked against the type's questions (each as `answerSchema` reads it,
 * the booking form's own rules): the answers given, as asked, or a 400 naming each field.
 */
export function checkAnswers(
  questions: CallQuestion[],
  answers: Record<string, string> | undefined,
): Array<{ question: string; answer: string }> {
  const errors: Record<string, string> = {};
  const kept: Array<{ question: string; answer: string }> = [];
  for (const question of questions) {
    const checked = answerSchema(question).safeParse(answers?.[question.id] ?? '');
    if (!checked.success)
      errors[answerField(question.id)] = checked.error.issues[0]?.message ?? 'Invalid answer';
    else if (checked.data !== '') kept.push({ question: question.label, answer: checked.data });
  }
  const [first] = Object.values(errors);
  if (first) throw new HttpError(400, first, errors);
  return kept;
}

export interface BookingOptions {
  siteUrl: string;
  ownerName: string;
  /** The organizer's address on the invitations. */
  ownerEmail: string;
  defaults: BookingSettings;
  now?: () => Date;
  /** The owner's calendars, whose busy times block slots (issue 49); none connected by default. */
  calendars?: Pick<BusyCalendars, 'busy'>;
  /** The booking's event in the owner's CalDAV calendar, marked due in each change's transaction. */
  writes?: Pick<CalendarWrites, 'changed'>;
  /** After a change is stored: its event may be written now. */
  changed?: () => void;
  /** Seals the private link's token for the reminders (none: reminders go without the link). */
  sealer?: Sealer;
  /** The pipeline: a booked call joins the visitor's open request or starts a lead (issue 49). */
  leads?: Pick<ContactService, 'leadFromBooking'>;
}

/** How late a reminder may still go (the server was down at its moment): after that, none. */
export const REMINDER_GRACE_MS = 30 * 60_000;

/** 'in 24 hours', 'in 1 hour'. */
const inHours = (hours: number) => `in ${hours} ${hours === 1 ? 'hour' : 'hours'}`;

/** Weekdays 09:00-17:00, 30-minute calls, 15 minutes after each, a day's notice, 30 days ahead. */
export function defaultBookingSettings(timeZone: string): BookingSettings {
  return {
    timeZone,
    weekly: [1, 2, 3, 4, 5].map((day) => ({ day, start: '09:00', end: '17:00' })),
    callMinutes: 30,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 15,
    noticeHours: 24,
    horizonDays: 30,
    specialHours: [],
    blockedDates: [],
    availableFrom: null,
    reminderHours: [24, 1],
  };
}

export function createBookingService(db: Db, cache: ReadCache, options: BookingOptions) {
  const now = options.now ?? (() => new Date());
  const manageUrl = (token: string) => `${options.siteUrl}${BOOKING_LINK_PATH}${token}`;

  async function settings(): Promise<BookingSettings> {
    const [row] = await db
      .select({ value: appMeta.value })
      .from(appMeta)
      .where(eq(appMeta.key, SETTINGS_KEY));
    if (!row) return options.defaults;
    try {
      // Settings stored before reminders and special hours have the default ones.
      return bookingSettingsSchema.parse({
        reminderHours: options.defaults.reminderHours,
        specialHours: [],
        ...JSON.parse(row.value),
      });
    } catch {
      // Never expected (every save is checked); the defaults keep booking working.
      return options.defaults;
    }
  }

  /** The owner's call types, in the owner's order (none stored, or unreadable: none). */
  async function callTypes(): Promise<CallType[]> {
    const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, TYPES_KEY));
    if (!row) return [];
    try {
      return storedCallTypesSchema.parse(JSON.parse(row.value));
    } catch {
      return [];
    }
  }

  /**
   * Changes the call types under the row's lock (two saves at once both count), then has the
   * booking page's HTML (its types and slots) rendered again. The list as written.
   */
  async function changeTypes(change: (stored: CallType[]) => CallType[]): Promise<CallType[]> {
    const changed = await db.transaction(async (tx) => {
      await tx.insert(appMeta).values({ key: TYPES_KEY, value: '[]' }).onConflictDoNothing();
      const [row] = await tx
        .select({ value: appMeta.value })
        .from(appMeta)
        .where(eq(appMeta.key, TYPES_KEY))
        .for('update');
      const next = change(storedCallTypesSchema.catch([]).parse(JSON.parse(row?.value ?? '[]')));
      await tx
        .update(appMeta)
        .set({ value: JSON.stringify(next), updatedAt: sql`now()` })
        .where(eq(appMeta.key, TYPES_KEY));
      return next;
    });
    cache.invalidate(BOOKING_CACHE_KEY);
    return changed;
  }

  /**
   * The call type a visitor asks for: the one of that id, or the first when none is named; null
   * when the owner has none (one call as the availability sets it). 404 for a type not offered.
   */
  async function typeFor(id: string | undefined): Promise<CallType | null> {
    const types = await callTypes();
    if (types.length === 0) return null;
    if (id === undefined || id === '') return types[0] ?? null;
    const type = types.find((candidate) => candidate.id === id);
    if (!type) throw notFound(CALL_TYPE_NOT_OFFERED);
    return type;
  }

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

  function view(row: BookingRow, current: BookingSettings): BookingView {
    return {
      start: row.startAt.toISOString(),
      end: row.endAt.toISOString(),
      name: row.name,
      topic: row.topic,
      status: row.status,
      ownerName: options.ownerName,
      ownerTimeZone: current.timeZone,
      callMinutes: minutesOf(row),
      callType: row.callTypeName,
      location: row.location,
      answers: row.answers,
    };
  }

  async function byToken(token: string): Promise<BookingRow> {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw notFound(BOOKING_NOT_FOUND);
    const [row] = await db
      .select()
      .from(bookings)
      .where(eq(bookings.tokenHash, sha256Hex(token)));
    if (!row) throw notFound(BOOKING_NOT_FOUND);
    return row;
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
    // A calendar never read well leaves every hour unchecked: no slot is offered.
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

  /** The call's UID, the same for its whole life, in the invitations and the owner's calendar. */
  const uidOf = (row: Pick<BookingRow, 'id'>) => `booking-${row.id}@${new URL(options.siteUrl).host}`;

  /** The call as an iCalendar event: one UID for its whole life, cancelled once it is. */
  function invitation(row: BookingRow, link: string | undefined): string {
    return callInvitation({
      uid: uidOf(row),
      sequence: row.sequence,
      method: row.status === 'cancelled' ? 'CANCEL' : 'REQUEST',
      start: row.startAt,
      end: row.endAt,
      stamp: now(),
      summary: `${row.callTypeName ?? 'Call'}: ${row.name} and ${options.ownerName}`,
      description: `Topic: ${row.topic}${row.location ? `\nWhere: ${row.location}` : ''}${link ? `\n\nCancel or move: ${link}` : ''}`,
      url: link ?? options.siteUrl,
      organizer: { name: options.ownerName, email: options.ownerEmail },
      attendee: { name: row.name, email: row.email },
    });
  }

  const visitorZoneOf = (row: BookingRow, ownerTimeZone: string) =>
    row.timeZone && isTimeZone(row.timeZone) ? row.timeZone : ownerTimeZone;
  const lengthOf = (row: BookingRow) => `${minutesOf(row)} minutes`;

  /** The visitor's answers as email fields, each under its question. */
  const answerFields = (row: BookingRow) =>
    Object.fromEntries(row.answers.map(({ question, answer }) => [question, answer]));

  /** What the owner's emails of a call say of it. */
  const ownerFields = (row: BookingRow, ownerTimeZone: string) => ({
    Name: row.name,
    Email: row.email,
    When: describeTime(row.startAt, ownerTimeZone),
    'Their time': row.timeZone ? describeTime(row.startAt, visitorZoneOf(row, ownerTimeZone)) : undefined,
    Length: lengthOf(row),
    'Call type': row.callTypeName ?? undefined,
    Where: row.location ?? undefined,
    Topic: row.topic,
    ...answerFields(row),
    Bookings: `${options.siteUrl}/admin/blog/bookings`,
  });

  /** The .ics invitation and the two emails of a booking (or its move or cancellation). */
  async function notify(
    tx: Parameters<typeof enqueueNotification>[0],
    row: BookingRow,
    kind: 'booked' | 'moved' | 'cancelled',
    token: string | null,
    ownerTimeZone: string,
  ) {
    const visitorZone = visitorZoneOf(row, ownerTimeZone);
    const link = token ? manageUrl(token) : undefined;
    const ics = invitation(row, link);
    const attachment = {
      filename: kind === 'cancelled' ? 'cancelled-call.ics' : 'call.ics',
      contentType: 'text/calendar',
      content: ics,
      method: kind === 'cancelled' ? ('CANCEL' as const) : ('REQUEST' as const),
    };
    const verb = { booked: 'booked', moved: 'moved', cancelled: 'cancelled' }[kind];
    await enqueueNotification(tx, {
      kind: 'booking',
      sourceId: row.id,
      recipient: row.email,
      subject:
        kind === 'cancelled'
          ? `Cancelled: your call with ${options.ownerName}`
          : `Your call with ${options.ownerName}: ${describeTime(row.startAt, visitorZone)}`,
      fields: {
        Hello: row.name,
        Call:
          kind === 'cancelled' ? `cancelled (it was ${describeTime(row.startAt, visitorZone)})` : `${verb}`,
        When: kind === 'cancelled' ? undefined : describeTime(row.startAt, visitorZone),
        Length: lengthOf(row),
        'Call type': row.callTypeName ?? undefined,
        Where: kind === 'cancelled' ? undefined : (row.location ?? undefined),
        Topic: row.topic,
        'Cancel or move': kind === 'cancelled' ? undefined : link,
        'Book another': kind === 'cancelled' ? `${options.siteUrl}/book-a-call` : undefined,
      },
      attachment,
    });
    await enqueueNotification(tx, {
      kind: 'booking',
      sourceId: row.id,
      subject: `Call ${verb}: ${row.name}, ${describeTime(row.startAt, ownerTimeZone)}`,
      fields: ownerFields(row, ownerTimeZone),
      attachment,
    });
  }

  /** The reminder's two emails: the visitor's with the private link, and the owner's. */
  async function remind(
    tx: Parameters<typeof enqueueNotification>[0],
    row: BookingRow,
    hours: number,
    ownerTimeZone: string,
  ) {
    const visitorZone = visitorZoneOf(row, ownerTimeZone);
    const token = row.manageTokenSealed ? options.sealer?.open(row.manageTokenSealed) : null;
    await enqueueNotification(tx, {
      kind: 'booking',
      sourceId: row.id,
      recipient: row.email,
      subject: `Reminder: your call with ${options.ownerName}, ${describeTime(row.startAt, visitorZone)}`,
      fields: {
        Hello: row.name,
        Call: inHours(hours),
        When: describeTime(row.startAt, visitorZone),
        Length: lengthOf(row),
        'Call type': row.callTypeName ?? undefined,
        Where: row.location ?? undefined,
        Topic: row.topic,
        'Cancel or move': token ? manageUrl(token) : undefined,
      },
    });
    await enqueueNotification(tx, {
      kind: 'booking',
      sourceId: row.id,
      subject: `Reminder: call with ${row.name}, ${describeTime(row.startAt, ownerTimeZone)}`,
      fields: { Call: inHours(hours), ...ownerFields(row, ownerTimeZone) },
    });
  }

  return {
    settings,
    uidOf,

    /**
     * Sends the reminders due (issue 49, point 4): for each call still booked, at each of the
     * owner's reminder hours before its start, once (a row per call, hours and start, claimed in
     * the emails' transaction, so two processes send it once). A moved call is reminded for its new
     * start; a cancelled one not at all; a reminder whose moment came before the call was booked,
     * or more than REMINDER_GRACE_MS ago, is not sent. The number sent.
     */
    async sendReminders(): Promise<number> {
      const current = await settings();
      if (current.reminderHours.length === 0) return 0;
      const at = now();
      const furthest = Math.max(...current.reminderHours) * 3_600_000;
      const coming = await db
        .select()
        .from(bookings)
        .where(
          and(
            eq(bookings.status, 'booked'),
            gt(bookings.startAt, at),
            lte(bookings.startAt, new Date(at.getTime() + furthest)),
          ),
        );
      let sent = 0;
      for (const row of coming) {
        for (const hours of current.reminderHours) {
          const due = row.startAt.getTime() - hours * 3_600_000;
          if (due > at.getTime() || at.getTime() - due > REMINDER_GRACE_MS || due < row.createdAt.getTime())
            continue;
          const reminded = await db.transaction(async (tx) => {
            // Still booked at that start (a move or a cancellation since the list was read: none).
            const [still] = await tx
              .select()
              .from(bookings)
              .where(
                and(
                  eq(bookings.id, row.id),
                  eq(bookings.status, 'booked'),
                  eq(bookings.startAt, row.startAt),
                ),
              );
            if (!still) return false;
            const [claimed] = await tx
              .insert(bookingReminders)
              .values({ bookingId: row.id, hoursBefore: hours, startAt: row.startAt })
              .onConflictDoNothing()
              .returning();
            if (!claimed) return false;
            await remind(tx, still, hours, current.timeZone);
            return true;
          });
          if (reminded) sent++;
        }
      }
      return sent;
    },

    /**
     * The call as the owner's calendar keeps it (CalDAV): no method, organizer or attendee (a
     * server that schedules would invite the visitor again), who and why in its description.
     */
    calendarEvent(row: BookingRow): string {
      return callInvitation({
        uid: uidOf(row),
        sequence: row.sequence,
        method: null,
        start: row.startAt,
        end: row.endAt,
        stamp: now(),
        summary: `${row.callTypeName ?? 'Call'}: ${row.name}`,
        description: [
          `With: ${row.name} <${row.email}>`,
          ...(row.location ? [`Where: ${row.location}`] : []),
          `Topic: ${row.topic}`,
          ...answerLines(row.answers),
          '',
          `Bookings: ${options.siteUrl}/admin/blog/bookings`,
        ].join('\n'),
        url: `${options.siteUrl}/admin/blog/bookings`,
        organizer: { name: options.ownerName, email: options.ownerEmail },
        attendee: { name: row.name, email: row.email },
      });
    },

    async saveSettings(input: BookingSettings): Promise<BookingSettings> {
      const checked = bookingSettingsSchema.parse(input);
      const value = JSON.stringify({ ...checked, blockedDates: [...new Set(checked.blockedDates)].sort() });
      await db
        .insert(appMeta)
        .values({ key: SETTINGS_KEY, value })
        .onConflictDoUpdate({ target: appMeta.key, set: { value, updatedAt: sql`now()` } });
      cache.invalidate(BOOKING_CACHE_KEY);
      return settings();
    },

    /** The badge ('from' a date, or 'now' once it has come, in the owner's zone) and whether booking is open. */
    async status(): Promise<BookingStatus> {
      const current = await settings();
      const today = wallClock(now(), current.timeZone).date;
      return {
        availableFrom: current.availableFrom,
        availableNow: current.availableFrom !== null && current.availableFrom <= today,
        open: current.weekly.length > 0,
      };
    },

    /** Reads the owner's calendars as a page of slots would (the owner's page shows how each read went). */
    async readCalendars(): Promise<void> {
      await calendarBusy(await settings(), false);
    },

    /** Today's date in the owner's time zone. */
    async today(): Promise<string> {
      return wallClock(now(), (await settings()).timeZone).date;
    },

    /** The free slots of a call type (the first when none is named; the availability's call without types). */
    async slots(typeId?: string): Promise<BookingSlots> {
      const type = await typeFor(typeId);
      return freeSlotsOf(planOf(await settings(), type), type);
    },

    /**
     * The free times a booked call can move to: its own type's (its length, buffers, notice,
     * horizon and daily limit), the call itself not counting against them.
     */
    async moveSlots(token: string): Promise<BookingSlots> {
      const row = await byToken(token);
      const { plan, type } = await bookingPlan(row, await settings());
      return freeSlotsOf(plan, type, row.id);
    },

    /** The call types a visitor chooses from (none: one call as the availability sets it). */
    async publicTypes(): Promise<PublicCallType[]> {
      return (await callTypes()).map((type) => ({
        id: type.id,
        name: type.name,
        callMinutes: type.callMinutes,
        description: type.description,
        place: type.place,
        placeLabel: type.place === 'video' ? 'Video call' : placeOf(type),
        questions: questionsOf(type),
      }));
    },

    /** The owner's call types, whole. */
    callTypes,

    /**
     * Saves a call type (issue 49, point 2): replaces the one of `replacing`'s id (its id may
     * change to the new one's), or adds it; two types never share an id.
     */
    async saveCallType(input: CallType, replacing?: string): Promise<CallType[]> {
      const type = callTypeSchema.parse(input);
      return changeTypes((stored) => {
        const at = replacing === undefined ? -1 : stored.findIndex((t) => t.id === replacing);
        if (replacing !== undefined && at < 0) throw notFound(CALL_TYPE_NOT_OFFERED);
        if (stored.some((t, index) => t.id === type.id && index !== at))
          throw new HttpError(409, `A call type named "${type.id}" exists already. Choose another name.`, {
            name: 'A call type of that name exists already',
          });
        if (at < 0 && stored.length >= MAX_CALL_TYPES)
          throw new HttpError(400, `At most ${MAX_CALL_TYPES} call types`);
        return at < 0 ? [...stored, type] : stored.map((t, index) => (index === at ? type : t));
      });
    },

    /** Removes a call type: calls already booked keep its name, place and answers. */
    async removeCallType(id: string): Promise<CallType[]> {
      return changeTypes((stored) => {
        if (!stored.some((t) => t.id === id)) throw notFound(CALL_TYPE_NOT_OFFERED);
        return stored.filter((t) => t.id !== id);
      });
    },

    async book(input: BookingRequest, ipAddress: string): Promise<BookingCreated> {
      const current = await settings();
      const type = await typeFor(input.type);
      const plan = planOf(current, type);
      const answers = type ? checkAnswers(questionsOf(type), input.answers) : [];
      const start = new Date(input.start);
      const token = randomToken();
      const elsewhere = await calendarBusyForBooking(plan);
      const row = await db.transaction(async (tx) => {
        await lock(tx);
        await checkSlot(tx, start, plan, type, elsewhere);
        const [inserted] = await tx
          .insert(bookings)
          .values({
            startAt: start,
            endAt: new Date(start.getTime() + plan.callMinutes * 60_000),
            name: input.name,
            email: input.email,
            topic: input.topic,
            callType: type?.id ?? null,
            callTypeName: type?.name ?? null,
            location: type ? placeOf(type) : null,
            answers,
            timeZone: input.timeZone && isTimeZone(input.timeZone) ? input.timeZone : null,
            tokenHash: sha256Hex(token),
            manageTokenSealed: options.sealer?.seal(token) ?? null,
            ipAddress,
            createdAt: now(),
          })
          .onConflictDoNothing()
          .returning();
        // The unique index behind the lock: a start already booked is taken.
        if (!inserted) throw new HttpError(409, SLOT_TAKEN);
        await notify(tx, inserted, 'booked', token, current.timeZone);
        await options.writes?.changed(tx, inserted.id);
        await options.leads?.leadFromBooking(
          tx,
          {
            name: inserted.name,
            email: inserted.email,
            // The call's answers reach the lead, as a quote request's message does.
            note: [
              `Booked a call${type ? ` (${type.name})` : ''} for ${describeTime(inserted.startAt, current.timeZone)}: ${inserted.topic}`,
              ...answerLines(answers),
            ].join('\n'),
          },
          input.source,
          ipAddress,
        );
        return inserted;
      });
      options.changed?.();
      return { booking: view(row, current), manageUrl: manageUrl(token) };
    },

    /** The call's calendar file, for the link holder's 'Add to calendar'. */
    async calendar(token: string): Promise<string> {
      return invitation(await byToken(token), manageUrl(token));
    },

    async view(token: string): Promise<BookingView> {
      return view(await byToken(token), await settings());
    },

    /** The visitor cancels: the slot is free again; a second click changes nothing. */
    async cancel(token: string): Promise<BookingView> {
      const row = await byToken(token);
      const current = await settings();
      if (row.status === 'cancelled') return view(row, current);
      if (row.endAt.getTime() <= now().getTime()) throw new HttpError(409, BOOKING_PAST);
      const updated = await db.transaction(async (tx) => {
        const [changed] = await tx
          .update(bookings)
          .set({ status: 'cancelled', cancelledAt: now(), sequence: sql`${bookings.sequence} + 1` })
          .where(and(eq(bookings.id, row.id), eq(bookings.status, 'booked')))
          .returning();
        if (changed) {
          await notify(tx, changed, 'cancelled', null, current.timeZone);
          await options.writes?.changed(tx, changed.id);
        }
        return changed ?? row;
      });
      options.changed?.();
      return view(updated, current);
    },

    /** The visitor moves the call to another free slot: the same invitation, updated. */
    async move(token: string, startIso: string): Promise<BookingView> {
      const row = await byToken(token);
      const current = await settings();
      if (row.status === 'cancelled') throw new HttpError(409, BOOKING_CANCELLED);
      if (row.endAt.getTime() <= now().getTime()) throw new HttpError(409, BOOKING_PAST);
      const start = new Date(startIso);
      if (start.getTime() === row.startAt.getTime()) return view(row, current);
      const { plan, type } = await bookingPlan(row, current);
      const elsewhere = await calendarBusyForBooking(plan);
      const updated = await db.transaction(async (tx) => {
        await lock(tx);
        await checkSlot(tx, start, plan, type, elsewhere, row.id);
        const [changed] = await tx
          .update(bookings)
          .set({
            startAt: start,
            endAt: new Date(start.getTime() + plan.callMinutes * 60_000),
            sequence: sql`${bookings.sequence} + 1`,
          })
          .where(and(eq(bookings.id, row.id), eq(bookings.status, 'booked')))
          .returning();
        if (!changed) throw new HttpError(409, BOOKING_CANCELLED);
        await notify(tx, changed, 'moved', token, current.timeZone);
        await options.writes?.changed(tx, changed.id);
        return changed;
      });
      options.changed?.();
      return view(updated, current);
    },

    /** The owner's list: calls from a week ago on, soonest first. */
    async list(): Promise<AdminBooking[]> {
      const rows = await db
        .select()
        .from(bookings)
        .where(gte(bookings.startAt, new Date(now().getTime() - 7 * 24 * 3_600_000)))
        .orderBy(asc(bookings.startAt), asc(bookings.id))
        .limit(500);
      return rows.map((row) => ({
        id: row.id,
        start: row.startAt.toISOString(),
        end: row.endAt.toISOString(),
        name: row.name,
        email: row.email,
        topic: row.topic,
        timeZone: row.timeZone,
        status: row.status,
        callType: row.callTypeName,
        location: row.location,
        answers: row.answers,
        createdAt: row.createdAt.toISOString(),
        cancelledAt: row.cancelledAt?.toISOString() ?? null,
      }));
    },

    /** The owner cancels a call: the visitor is told, with the cancellation for their calendar. */
    async cancelById(id: number): Promise<void> {
      const current = await settings();
      await db.transaction(async (tx) => {
        const [changed] = await tx
          .update(bookings)
          .set({ status: 'cancelled', cancelledAt: now(), sequence: sql`${bookings.sequence} + 1` })
          .where(and(eq(bookings.id, id), eq(bookings.status, 'booked')))
          .returning();
        if (!changed) {
          const [exists] = await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, id));
          if (!exists) throw notFound('Booking not found');
          return;
        }
        await notify(tx, changed, 'cancelled', null, current.timeZone);
        await options.writes?.changed(tx, changed.id);
      });
      options.changed?.();
    },

    /** Calls booked from `since` to now and still on, for the weekly digest. */
    async bookedSince(since: Date): Promise<Array<{ name: string; start: Date }>> {
      return db
        .select({ name: bookings.name, start: bookings.startAt })
        .from(bookings)
        .where(
          and(gte(bookings.createdAt, since), lte(bookings.createdAt, now()), eq(bookings.status, 'booked')),
        )
        .orderBy(asc(bookings.startAt));
    },
  };
}

export type BookingService = ReturnType<typeof createBookingService>;
