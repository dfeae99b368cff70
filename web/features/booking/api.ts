/** Book a call: the API paths, each written once, and reading times in the visitor's zone. */

import { useQuery } from '@tanstack/react-query';
import type {
  AdminBooking,
  BookingSlots,
  BookingView,
  OwnerBookingSettings,
} from '../../../common/schemas/booking.ts';
import type { CalendarOverview } from '../../../common/schemas/calendars.ts';
import type { OwnerCallType } from '../../../common/schemas/call-types.ts';
import { zonedFormat } from '../../../common/zoned-time.ts';
import { ADMIN_PREFIX } from '../../lib/api.ts';
export const BOOKING_SLOTS_PATH = '/api/booking/slots';
export const CALL_TYPES_PATH = '/api/booking/types';
export const BOOKINGS_PATH = '/api/bookings';
export const bookingPath = (token: string) => `${BOOKINGS_PATH}/${encodeURIComponent(token)}`;
/** A call type's free slots (issue 49); none named: the first type's, or the one call's. */
export const slotsPath = (type?: string | null) =>
  type ? `${BOOKING_SLOTS_PATH}?type=${encodeURIComponent(type)}` : BOOKING_SLOTS_PATH;
/** The free times a booked call can move to (its own type's). */
export const moveSlotsPath = (token: string) => `${bookingPath(token)}/slots`;
/** The address's word for the call type chosen on /book-a-call (a plain link, no code needed). */
export const TYPE_PARAM = 'type';
/** The type asked for, or the first; null when the owner has none. */
export const chosenType = <T extends { id: string }>(types: T[], asked: string | null): T | null =>
  types.find((type) => type.id === asked) ?? types[0] ?? null;
/** Whether a query holds free times (any type's, or a call's to move to): read again after any change. */
export const isSlotsQuery = (query: { queryKey: readonly unknown[] }) => {
  const key = String(query.queryKey[0]);
  return (
    key.startsWith(BOOKING_SLOTS_PATH) || (key.startsWith(`${BOOKINGS_PATH}/`) && key.endsWith('/slots'))
  );
};

/** The browser's time zone (the visitor's), or null when it cannot say. */
export function visitorTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/** The zone times are shown in, and whether it is known to be the visitor's own. */
export interface ShownZone {
  timeZone: string;
  visitors: boolean;
}

/** 'Eastern Time': a zone's everyday name, in words (its IANA name when there is none). */
export function zoneName(timeZone: string): string {
  try {
    return (
      new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longGeneric' })
        .formatToParts(new Date())
        .find((part) => part.type === 'timeZoneName')?.value ?? timeZone
    );
  } catch {
    return timeZone;
  }
}

/**
 * What the times are in, said honestly (issue 49, point 7): the visitor's zone once the browser
 * has said it, else the owner's by name, never "your time zone" for a zone that is not theirs.
 */
export const zoneSentence = ({ timeZone, visitors }: ShownZone) =>
  visitors
    ? `Times are in your time zone (${timeZone}).`
    : `Times are in ${zoneName(timeZone)} (${timeZone}), my time zone.`;

/** '2026-11-24': the calendar day of an instant in a zone (groups the slots by the visitor's day). */
export const dayId = (iso: string, timeZone: string) =>
  zonedFormat(timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }, 'en-CA').format(new Date(iso));
/** 'Tue, Nov 24'. */
export const shortDay = (iso: string, timeZone: string) =>
  zonedFormat(timeZone, { weekday: 'short', month: 'short', day: 'numeric' }).format(new Date(iso));
/** '10:00 AM'. */
export const clock = (iso: string, timeZone: string) =>
  zonedFormat(timeZone, { hour: 'numeric', minute: '2-digit' }).format(new Date(iso));
/** 'Tuesday, November 24, 2026 at 10:00 AM GMT': the same words the server's emails use. */
export { describeTime as fullTime } from '../../../common/zoned-time.ts';

/** The owner's availability and the calls booked. */
export const bookingOwnerPaths = {
  bookingSettings: `${ADMIN_PREFIX}booking-settings`,
  bookings: `${ADMIN_PREFIX}bookings`,
  bookingCancel: (id: number) => `${ADMIN_PREFIX}bookings/${id}/cancel`,
  calendars: `${ADMIN_PREFIX}booking-calendars`,
  calendarAccount: `${ADMIN_PREFIX}booking-calendars/caldav`,
  calendarWriteTo: `${ADMIN_PREFIX}booking-calendars/write-to`,
  calendarFeeds: `${ADMIN_PREFIX}booking-calendars/feeds`,
  calendarFeed: (id: string) => `${ADMIN_PREFIX}booking-calendars/feeds/${encodeURIComponent(id)}`,
  callTypes: `${ADMIN_PREFIX}call-types`,
  callType: (id: string) => `${ADMIN_PREFIX}call-types/${encodeURIComponent(id)}`,
} as const;

/** The owner's cancel of a booked call in the Calls page's action, asked for by `?cancel=<id>`. */
export const CALL_FORMS = { cancel: 'call-cancel' } as const;
export const CANCEL_PARAM = 'cancel';

/** The call type forms' names in the Calls page's action (issue 49). */
export const CALL_TYPE_FORMS = {
  add: 'call-type-add',
  save: 'call-type',
  remove: 'call-type-remove',
} as const;

/** The calendar forms' names in the Calls page's action (issue 49). */
export const CALENDAR_FORMS = {
  account: 'calendar-account',
  disconnect: 'calendar-disconnect',
  writeTo: 'calendar-write-to',
  addFeed: 'calendar-feed',
  removeFeed: 'calendar-feed-remove',
} as const;

/** The free slots, fetched fresh (they change with every booking); `initialData` is the server's list for the HTML. */
export const useSlots = (enabled = true, initialData?: BookingSlots | null, path = BOOKING_SLOTS_PATH) =>
  useQuery<BookingSlots>({
    queryKey: [path],
    staleTime: 0,
    refetchOnWindowFocus: true,
    enabled,
    // The server's list (the page's HTML holds it), fetched afresh once the page is live.
    ...(initialData ? { initialData } : {}),
  });
/** A booked call by its private link (read on the server as the visitor, so the page is whole in its HTML). */
export const useBooking = (token: string, enabled: boolean, initial?: BookingView | null) =>
  useQuery<BookingView>({
    queryKey: [bookingPath(token)],
    enabled,
    retry: false,
    ...(initial ? { initialData: initial } : {}),
  });
/** The forms' names in their pages' actions: a call booked (/book-a-call); moved or cancelled (its private page). */
export const BOOK_FORM = 'book';
export const MANAGE_FORMS = { move: 'move', cancel: 'cancel' } as const;

export const useBookingSettings = () =>
  useQuery<OwnerBookingSettings>({ queryKey: [bookingOwnerPaths.bookingSettings] });
/** The owner's calendars: what is connected and how each one's last read went. */
export const useCalendars = () => useQuery<CalendarOverview>({ queryKey: [bookingOwnerPaths.calendars] });
export const useCallTypes = () => useQuery<OwnerCallType[]>({ queryKey: [bookingOwnerPaths.callTypes] });
export const useBookedCalls = () => useQuery<AdminBooking[]>({ queryKey: [bookingOwnerPaths.bookings] });
