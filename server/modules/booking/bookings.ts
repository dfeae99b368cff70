/**
 * Booked calls (issue 21, point 4; issue 49): a visitor books a free slot with name, email and
 * topic (and the type's answers); the booking is written under a transaction-scoped advisory lock
 * after the slot is checked against the hours and every booked call, with a unique index on a
 * booked call's start behind it, so two visitors racing for one slot get one booking and one clear
 * message; the same request again within minutes (a double press, a reload) is answered as the
 * first, with the same link, and books nothing more. Both sides get an email with an .ics
 * invitation through the outbox; the visitor cancels or moves the call through a private link
 * (only its SHA-256 is stored, and the link sealed for the reminders). The owner's side is
 * owner-calls.ts.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  BookingCreated,
  BookingSettings,
  BookingSlots,
  BookingView,
  bookingRequestSchema,
} from '../../../common/schemas/booking.ts';
import { placeOf, questionsOf } from '../../../common/schemas/call-types.ts';
import { describeTime, isTimeZone } from '../../../common/zoned-time.ts';
import type { Db } from '../../db/client.ts';
import { bookings } from '../../db/schema.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { IDENTICAL_POST_WINDOW_MS } from '../../lib/identical-posts.ts';
import { randomToken, sha256Hex } from '../../lib/tokens.ts';
import type { availability } from './availability.ts';
import { type callTypesOf, checkAnswers, planOf } from './call-types.ts';
import { answerLines, type BookingContext, type BookingRow, minutesOf } from './context.ts';
import type { bookingEmails } from './emails.ts';
import { type freeTimes, SLOT_TAKEN } from './free-times.ts';

type BookingRequest = z.output<typeof bookingRequestSchema>;

export const BOOKING_NOT_FOUND = 'This booking link is not valid. Check the link in your email.';
export const BOOKING_CANCELLED = 'This call was cancelled. You can book a new one.';
export const BOOKING_PAST = 'This call has already taken place.';

/**
 * The call this very request booked moments ago (a double press, a form sent again by a reload),
 * with its private link: a booked call at the same start with the same name, email, topic, type
 * and answers, written within the while in which identical posts are one (identical-posts.ts).
 */
async function justBooked(
  { now, options }: Pick<BookingContext, 'now' | 'options'>,
  tx: Pick<Db, 'select'>,
  start: Date,
  input: BookingRequest,
  sent: Pick<BookingRow, 'callType' | 'answers'>,
): Promise<{ row: BookingRow; token: string } | null> {
  const since = new Date(now().getTime() - IDENTICAL_POST_WINDOW_MS);
  const [row] = await tx
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.startAt, start),
        eq(bookings.status, 'booked'),
        eq(bookings.email, input.email),
        gt(bookings.createdAt, since),
      ),
    );
  const same =
    row?.name === input.name &&
    row.topic === input.topic &&
    row.callType === sent.callType &&
    row.answers.length === sent.answers.length &&
    row.answers.every(
      ({ question, answer }, at) =>
        question === sent.answers[at]?.question && answer === sent.answers[at]?.answer,
    );
  const token = same && row.manageTokenSealed ? options.sealer?.open(row.manageTokenSealed) : null;
  return row && token ? { row, token } : null;
}

export function bookingsOf(
  context: BookingContext,
  { settings }: Pick<ReturnType<typeof availability>, 'settings'>,
  { typeFor, holdType }: Pick<ReturnType<typeof callTypesOf>, 'typeFor' | 'holdType'>,
  times: ReturnType<typeof freeTimes>,
  { invitation, notify }: Pick<ReturnType<typeof bookingEmails>, 'invitation' | 'notify'>,
) {
  const { db, options, now, manageUrl } = context;
  const { bookingPlan, freeSlotsOf, calendarBusyForBooking, checkSlot, lock } = times;
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

  return {
    /**
     * The free times a booked call can move to: its own type's (its length, buffers, notice,
     * horizon and daily limit), the call itself not counting against them.
     */
    async moveSlots(token: string): Promise<BookingSlots> {
      const row = await byToken(token);
      const { plan, type } = await bookingPlan(row, await settings());
      return freeSlotsOf(plan, type, row.id);
    },

    async book(input: BookingRequest, ipAddress: string): Promise<BookingCreated> {
      const current = await settings();
      const type = await typeFor(input.type);
      const plan = planOf(current, type);
      const answers = type ? checkAnswers(questionsOf(type), input.answers) : [];
      const start = new Date(input.start);
      const token = randomToken();
      const elsewhere = await calendarBusyForBooking(plan);
      const booked = await db.transaction(async (tx) => {
        await lock(tx);
        // The same request again is answered as the first: one call, one email, the same link.
        const earlier = await justBooked(context, tx, start, input, { callType: type?.id ?? null, answers });
        if (earlier) return earlier;
        await holdType(tx, type);
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
        return { row: inserted, token };
      });
      if (booked.token === token) options.changed?.();
      return { booking: view(booked.row, current), manageUrl: manageUrl(booked.token) };
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
          const [other] = await tx
            .select({ id: bookings.id })
            .from(bookings)
            .where(
              and(
                eq(bookings.status, 'booked'),
                sql`lower(${bookings.email}) = ${changed.email.trim().toLowerCase()}`,
                gt(bookings.endAt, now()),
              ),
            )
            .limit(1);
          await options.leads?.callCancelled(tx, {
            email: changed.email,
            note: `Cancelled the call${changed.callTypeName ? ` (${changed.callTypeName})` : ''} booked for ${describeTime(changed.startAt, current.timeZone)}`,
            otherCallBooked: other !== undefined,
          });
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
  };
}
