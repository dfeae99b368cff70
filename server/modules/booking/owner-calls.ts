/**
 * The owner's side of the booked calls (issue 21, point 4): the list, a call cancelled by the owner
 * (the visitor told, with the cancellation for their calendar), and the week's calls for the digest.
 */
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { AdminBooking } from '../../../common/schemas/booking.ts';
import { bookings } from '../../db/schema.ts';
import { notFound } from '../../lib/http-error.ts';
import type { availability } from './availability.ts';
import type { BookingContext } from './context.ts';
import type { bookingEmails } from './emails.ts';

export function ownerCalls(
  { db, options, now }: BookingContext,
  { settings }: Pick<ReturnType<typeof availability>, 'settings'>,
  { notify }: Pick<ReturnType<typeof bookingEmails>, 'notify'>,
) {
  return {
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
