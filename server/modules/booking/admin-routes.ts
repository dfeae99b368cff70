/**
 * The owner's side of booking a call: availability (weekly hours, call length, buffers, notice,
 * blocked dates, the 'available from' badge) and the calls booked, each of which they can cancel.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminBookingSchema,
  bookingSettingsSchema,
  calendarStateSchema,
} from '../../../common/schemas/booking.ts';
import { idParams } from '../../lib/route-params.ts';
import type { BusyCalendars } from './calendars/feeds.ts';
import type { BookingService } from './service.ts';

export const bookingAdminRoutes: FastifyPluginAsyncZod<{
  booking: BookingService;
  calendars: Pick<BusyCalendars, 'states'>;
}> = async (app, { booking, calendars }) => {
  // The owner's calendars (issue 49): each one's last ask, last good read and what went wrong.
  app.get(
    '/api/admin/booking-calendars',
    { schema: { response: { 200: z.array(calendarStateSchema) } } },
    async () => calendars.states(),
  );
  app.get('/api/admin/booking-settings', { schema: { response: { 200: bookingSettingsSchema } } }, async () =>
    booking.settings(),
  );
  app.put(
    '/api/admin/booking-settings',
    { schema: { body: bookingSettingsSchema, response: { 200: bookingSettingsSchema } } },
    async (request) => booking.saveSettings(request.body),
  );
  app.get('/api/admin/bookings', { schema: { response: { 200: z.array(adminBookingSchema) } } }, async () =>
    booking.list(),
  );
  app.post('/api/admin/bookings/:id/cancel', { schema: { params: idParams } }, async (request, reply) => {
    await booking.cancelById(request.params.id);
    return reply.code(204).send();
  });
};
