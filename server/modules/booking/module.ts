/** Booking a call: free slots, booking, moving and cancelling, the owner's availability. */
import { contactInfo, OWNER_TIME_ZONE, profile } from '../../../content/profile.ts';
import { clockOf, type SiteContext, type SiteModule } from '../../lib/site-module.ts';
import { bookingAdminRoutes } from './admin-routes.ts';
import { bookingRoutes } from './routes.ts';
import { createBookingService, defaultBookingSettings } from './service.ts';

export function bookingModule(context: SiteContext) {
  const { db, cache, config } = context;
  const booking = createBookingService(db, cache, {
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
      await app.register(bookingAdminRoutes, { booking });
    },
  } satisfies SiteModule & Record<string, unknown>;
}
