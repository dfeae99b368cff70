/** Booking a call: free slots, booking, moving and cancelling, the owner's availability and calendars. */
import { contactInfo, OWNER_TIME_ZONE, profile } from '../../../content/profile.ts';
import { queueRunner } from '../../lib/job-queue.ts';
import { outbound } from '../../lib/outbound.ts';
import { createSealer } from '../../lib/sealed.ts';
import { clockOf, type SiteContext, type SiteModule } from '../../lib/site-module.ts';
import type { ContactService } from '../contact/service.ts';
import { enqueueNotification } from '../notifications/service.ts';
import { bookingAdminRoutes } from './admin-routes.ts';
import { ownerCalendars } from './calendars/connections.ts';
import { FEED_MAX_BYTES, FEED_TIMEOUT_MS } from './calendars/feeds.ts';
import { calendarWrites } from './calendars/writes.ts';
import { calendarDownNotice } from './emails.ts';
import { bookingRoutes } from './routes.ts';
import { createBookingService, defaultBookingSettings } from './service.ts';

export function bookingModule(
  context: SiteContext,
  leads?: Pick<ContactService, 'leadFromBooking' | 'callCancelled'>,
) {
  const { db, cache, config, serverSecret, log } = context;
  // Through the outbound module's guard: no address on this machine or its network, unless a test allows it.
  const guard = { timeoutMs: FEED_TIMEOUT_MS, maxBytes: FEED_MAX_BYTES };
  const callOut = outbound(config);
  const siteHost = new URL(config.publicUrl).host;
  const calendars = ownerCalendars({
    db,
    sealer: createSealer(serverSecret, 'booking-calendars'),
    environment: { caldavUrl: config.BOOKING_CALDAV_URL, icsUrls: config.BOOKING_ICS_URLS },
    fetch: callOut.fetch(guard),
    pages: callOut.pages(guard),
    // The site's own bookings in the owner's calendar are counted once, from its own list.
    ownEvent: (uid) => uid.startsWith('booking-') && uid.endsWith(`@${siteHost}`),
    // A calendar with no good read for 5 minutes offers visitors no time: the log and the owner say so.
    onDown: async (calendar) => {
      log.warn(
        { calendar: calendar.label, problem: calendar.problem, goodAt: calendar.goodAt },
        'booking: a calendar has not been read for 5 minutes; visitors are offered no time',
      );
      // Queued before the answer goes (a test, or the owner, reads it next); a failure only logged.
      await enqueueNotification(db, calendarDownNotice(calendar, config.publicUrl)).catch((error) =>
        log.error({ err: error }, 'booking: the calendar notice could not be queued'),
      );
    },
    ...clockOf(context),
  });
  const writes = calendarWrites(db, {
    account: () => calendars.caldav(),
    uidOf: (row) => booking.uidOf(row),
    eventOf: (row) => booking.calendarEvent(row),
    ...clockOf(context),
  });
  const writing = queueRunner({
    round: async () => ((await writes.due()) ? writes.writeDue() : false),
    idleMs: 60_000,
    busyMs: 200,
    onError: (error) => log.warn({ err: error }, 'booking calendar writes'),
  });
  const booking = createBookingService(db, cache, {
    calendars,
    writes,
    changed: () => writing.wake(),
    sealer: createSealer(serverSecret, 'booking-links'),
    ...(leads ? { leads } : {}),
    siteUrl: config.publicUrl,
    ownerName: profile.name,
    ownerEmail: config.NOTIFY_EMAIL ?? contactInfo.email,
    defaults: defaultBookingSettings(OWNER_TIME_ZONE),
    ...clockOf(context),
  });
  // Reminders: looked for every minute (each sent once, whichever process finds it first).
  const reminding = queueRunner({
    round: async () => {
      await booking.sendReminders();
      return false;
    },
    idleMs: 60_000,
    busyMs: 60_000,
    onError: (error) => log.warn({ err: error }, 'booking reminders'),
  });
  return {
    name: 'booking',
    booking,
    /** For tests: the due calendar events written now. */
    calendarWrites: writes,
    jobs: [
      { name: 'booking: reminders', periodic: true, start: reminding.start, stop: reminding.stop },
      // Bookings written to the owner's CalDAV calendar: woken by each change, else every minute.
      { name: 'booking: calendar events', periodic: true, start: writing.start, stop: writing.stop },
    ],
    routes: async (app) => {
      await app.register(bookingRoutes, { booking, cache });
    },
    adminRoutes: async (app) => {
      await app.register(bookingAdminRoutes, {
        booking,
        calendars,
        writes,
        wake: () => writing.wake(),
      });
    },
  } satisfies SiteModule & Record<string, unknown>;
}
