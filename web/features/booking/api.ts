/** Book a call: the API paths, each written once, and reading times in the visitor's zone. */
import { ADMIN_PREFIX } from '../admin/api.ts';
export const BOOKING_SLOTS_PATH = '/api/booking/slots';
export const BOOKINGS_PATH = '/api/bookings';
export const bookingPath = (token: string) => `${BOOKINGS_PATH}/${encodeURIComponent(token)}`;

/** The browser's time zone (the visitor's), or UTC when it cannot say. */
export function visitorTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

const formats = new Map<string, Intl.DateTimeFormat>();
function format(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let formatter = formats.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, ...options });
    formats.set(key, formatter);
  }
  return formatter;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** '2026-11-24': the calendar day of an instant in a zone (groups the slots by the visitor's day). */
export function dayId(iso: string, timeZone: string): string {
  let formatter = dayFormats.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, formatter);
  }
  return formatter.format(new Date(iso));
}
/** 'Tue, Nov 24'. */
export const shortDay = (iso: string, timeZone: string) =>
  format(timeZone, { weekday: 'short', month: 'short', day: 'numeric' }).format(new Date(iso));
/** '10:00 AM'. */
export const clock = (iso: string, timeZone: string) =>
  format(timeZone, { hour: 'numeric', minute: '2-digit' }).format(new Date(iso));
/** 'Tuesday, November 24, 2026 at 10:00 AM GMT': the same words the server's emails use. */
export { describeTime as fullTime } from '../../../common/zoned-time.ts';

/** The owner's availability and the calls booked. */
export const bookingOwnerPaths = {
  bookingSettings: `${ADMIN_PREFIX}booking-settings`,
  bookings: `${ADMIN_PREFIX}bookings`,
  bookingCancel: (id: number) => `${ADMIN_PREFIX}bookings/${id}/cancel`,
} as const;
