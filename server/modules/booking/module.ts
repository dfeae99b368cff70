/** Booking a call: free slots, booking, moving and cancelling, the owner's availability. */
import { contactInfo, OWNER_TIME_ZONE, profile } from '../../../content/profile.ts';
import { httpPages } from '../../lib/remote-images.ts';
import { clockOf, type SiteContext, type SiteModule } from '../../lib/site-module.ts';
import { bookingAdminRoutes } from './admin-routes.ts';
import { busyCalendars, FEED_MAX_BYTES, FEED_TIMEOUT_MS, feedLabel } from './calendars/feeds.ts';
import { bookingRoutes } from './routes.ts';
import { createBookingService, defaultBookingSettings } from './service.ts';

export function bookingModule(context: SiteContext) {
  const { db, cache, config } = context;
  const calendars = busyCalendars({
    feeds: (config.BOOKING_ICS_URLS ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((url) => ({ url, label: feedLabel(url) })),
    // Through the importer's guard: no address on this machine or its network, unless a test allows it.
    pages: httpPages({
      timeoutMs: FEED_TIMEOUT_MS,
      maxBytes: FEED_MAX_BYTES,
      ...(config.OUTBOUND_ALLOW_PRIVATE_ADDRESSES ? { allowAddress: () => true } : {}),
    }),
    ...clockOf(context),
  });
  const booking = createBookingService(db, cache, {
    calendars,
    siteUrl: config.publicUrl,
    ownerName: profile.name,
    ownerEmail: config.NOTIFY_EMAIL ?? contactInfo.email,
    defaults: defaultBookingSettings(OWNER_TIME_ZONE),
    ...clockOf(context),
  });
  return {
    name: 'booking',
    booking,
    routes: async (app) => {
      await app.register(bookingRoutes, { booking, cache });
    },
    adminRoutes: async (app) => {
      await app.register(bookingAdminRoutes, { booking, calendars });
    },
  } satisfies SiteModule & Record<string, unknown>;
}
