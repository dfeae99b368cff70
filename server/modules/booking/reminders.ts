/**
 * Reminders of a call (issue 49, point 4), at each of the owner's reminder hours before it.
 */
import { and, eq, gt, lte } from 'drizzle-orm';
import { bookingReminders, bookings } from '../../db/schema.ts';
import type { availability } from './availability.ts';
import type { BookingContext } from './context.ts';
import type { bookingEmails } from './emails.ts';

/** How late a reminder may still go (the server was down at its moment): after that, none. */
export const REMINDER_GRACE_MS = 30 * 60_000;

export function reminders(
  { db, now }: BookingContext,
  { settings }: Pick<ReturnType<typeof availability>, 'settings'>,
  { remind }: Pick<ReturnType<typeof bookingEmails>, 'remind'>,
) {
  return {
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
  };
}
