/**
 * What every part of the booking service shares (service.ts puts the parts together): the
 * database, the read cache, the options, the clock and the private link's address.
 */
import type { BookingSettings } from '../../../common/schemas/booking.ts';
import type { Db } from '../../db/client.ts';
import type { bookings } from '../../db/schema.ts';
import type { ReadCache } from '../../lib/read-cache.ts';
import type { Sealer } from '../../lib/sealed.ts';
import type { ContactService } from '../contact/service.ts';
import type { BusyCalendars } from './calendars/feeds.ts';
import type { CalendarWrites } from './calendars/writes.ts';

export type BookingRow = typeof bookings.$inferSelect;

/** The read cache's key for what the booking page shows (its types and slots). */
export const BOOKING_CACHE_KEY = 'booking-status';
/** Where a visitor manages a call: `${siteUrl}${BOOKING_LINK_PATH}${token}`. */
export const BOOKING_LINK_PATH = '/booking/';
export const DAY_MS = 86_400_000;

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
  /**
   * The pipeline: a booked call joins the visitor's open request or starts a lead (issue 49); a
   * cancelled one is noted there, and closes the lead it started if nobody answered it (issue 65).
   */
  leads?: Pick<ContactService, 'leadFromBooking' | 'callCancelled'>;
}

export interface BookingContext {
  db: Db;
  cache: ReadCache;
  options: BookingOptions;
  now: () => Date;
  /** The private link a call is managed at. */
  manageUrl: (token: string) => string;
}

export function bookingContext(db: Db, cache: ReadCache, options: BookingOptions): BookingContext {
  return {
    db,
    cache,
    options,
    now: options.now ?? (() => new Date()),
    manageUrl: (token) => `${options.siteUrl}${BOOKING_LINK_PATH}${token}`,
  };
}

/** A booked call's length in minutes. */
export const minutesOf = (row: Pick<BookingRow, 'startAt' | 'endAt'>) =>
  Math.round((row.endAt.getTime() - row.startAt.getTime()) / 60_000);

/** The answers as lines, 'question: answer' (the calendar event, the lead's note). */
export const answerLines = (answers: BookingRow['answers']) =>
  answers.map(({ question, answer }) => `${question}: ${answer}`);
