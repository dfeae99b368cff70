/**
 * Book a call (issue 21, point 4; issue 49): the booking service, put together from its parts
 * (issue 63): the owner's availability (availability.ts), the call types (call-types.ts), the free
 * times (free-times.ts), the booked calls (bookings.ts, and the owner's side, owner-calls.ts), what a call sends (emails.ts) and the
 * reminders (reminders.ts), over one context (context.ts).
 */
import type { Db } from '../../db/client.ts';
import type { ReadCache } from '../../lib/read-cache.ts';
import { availability } from './availability.ts';
import { bookingsOf } from './bookings.ts';
import { callTypesOf } from './call-types.ts';
import { type BookingOptions, bookingContext } from './context.ts';
import { bookingEmails } from './emails.ts';
import { freeTimes } from './free-times.ts';
import { ownerCalls } from './owner-calls.ts';
import { reminders } from './reminders.ts';

export { CALENDAR_UNCHECKED } from '../../../common/schemas/booking.ts';
export { defaultBookingSettings } from './availability.ts';
export { BOOKING_CANCELLED, BOOKING_NOT_FOUND, BOOKING_PAST } from './bookings.ts';
export { CALL_TYPE_NOT_OFFERED, checkAnswers, planOf } from './call-types.ts';
export { BOOKING_CACHE_KEY, BOOKING_LINK_PATH, type BookingOptions } from './context.ts';
export { SLOT_TAKEN, SLOT_UNAVAILABLE } from './free-times.ts';
export { REMINDER_GRACE_MS } from './reminders.ts';

export function createBookingService(db: Db, cache: ReadCache, options: BookingOptions) {
  const context = bookingContext(db, cache, options);
  const owner = availability(context);
  const types = callTypesOf(context);
  const times = freeTimes(context, owner, types);
  const emails = bookingEmails(context);
  const calls = bookingsOf(context, owner, types, times, emails);
  return {
    ...owner,
    callTypes: types.callTypes,
    publicTypes: types.publicTypes,
    saveCallType: types.saveCallType,
    removeCallType: types.removeCallType,
    readCalendars: times.readCalendars,
    slots: times.slots,
    uidOf: emails.uidOf,
    calendarEvent: emails.calendarEvent,
    ...reminders(context, owner, emails),
    ...calls,
    ...ownerCalls(context, owner, emails),
  };
}

export type BookingService = ReturnType<typeof createBookingService>;
