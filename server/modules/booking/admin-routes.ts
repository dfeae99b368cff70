/**
 * The owner's side of booking a call: availability (weekly hours, call length, buffers, notice,
 * blocked dates, special hours, the 'available from' badge), the call types and their questions,
 * and the calls booked, each of which they can cancel.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminBookingSchema,
  bookingSettingsEditSchema,
  ownerBookingSettingsSchema,
} from '../../../common/schemas/booking.ts';
import {
  caldavAccountInputSchema,
  calendarChoiceSchema,
  calendarFeedInputSchema,
  calendarOverviewSchema,
} from '../../../common/schemas/calendars.ts';
import {
  callTypeEditInputSchema,
  callTypeIdSchema,
  callTypeInputSchema,
  ownerCallTypeSchema,
} from '../../../common/schemas/call-types.ts';
import { notFound } from '../../lib/http-error.ts';
import { idParams } from '../../lib/route-params.ts';
import type { OwnerCalendars } from './calendars/connections.ts';
import type { CalendarWrites } from './calendars/writes.ts';
import type { BookingService } from './service.ts';

export const bookingAdminRoutes: FastifyPluginAsyncZod<{
  booking: BookingService;
  calendars: OwnerCalendars;
  writes: Pick<CalendarWrites, 'state'>;
  /** A calendar account was connected or changed: the events waiting for one may be written now. */
  wake: () => void;
}> = async (app, { booking, calendars, writes, wake }) => {
  // The owner's calendars (issue 49): what is connected, each one's last ask, last good read and
  // what went wrong, and the bookings waiting to be written to the account.
  app.get(
    '/api/admin/booking-calendars',
    { schema: { response: { 200: calendarOverviewSchema } } },
    async () => {
      // Read as a page of slots would (waiting at most 1.5 s): a calendar just connected shows how it read.
      await booking.readCalendars();
      return calendars.overview(await writes.state());
    },
  );
  app.put(
    '/api/admin/booking-calendars/caldav',
    { schema: { body: caldavAccountInputSchema } },
    async (request, reply) => {
      await calendars.connectCalDav(request.body);
      wake();
      return reply.code(204).send();
    },
  );
  app.delete('/api/admin/booking-calendars/caldav', async (_request, reply) => {
    await calendars.disconnectCalDav();
    return reply.code(204).send();
  });
  app.put(
    '/api/admin/booking-calendars/write-to',
    { schema: { body: calendarChoiceSchema } },
    async (request, reply) => {
      await calendars.writeTo(request.body.calendar);
      return reply.code(204).send();
    },
  );
  app.post(
    '/api/admin/booking-calendars/feeds',
    { schema: { body: calendarFeedInputSchema } },
    async (request, reply) => {
      await calendars.addFeed(request.body.url);
      return reply.code(201).send();
    },
  );
  app.delete(
    '/api/admin/booking-calendars/feeds/:id',
    { schema: { params: z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,20}$/) }) } },
    async (request, reply) => {
      if (!(await calendars.removeFeed(request.params.id))) throw notFound('Calendar not found');
      return reply.code(204).send();
    },
  );
  // The availability with its version: a save based on one saved over since is a 409 (edit-versions.ts).
  const settingsReply = { 200: ownerBookingSettingsSchema };
  app.get('/api/admin/booking-settings', { schema: { response: settingsReply } }, async () =>
    booking.ownerSettings(),
  );
  app.put(
    '/api/admin/booking-settings',
    { schema: { body: bookingSettingsEditSchema, response: settingsReply } },
    async (request) => {
      const { basedOn, ...settings } = request.body;
      return booking.saveSettings(settings, basedOn);
    },
  );
  // Call types (issue 49, point 2): the list, one added (POST), one replaced (PUT, its id may
  // change with its name; never over a version saved since the one it is `basedOn`) or removed.
  const typeParams = z.object({ id: callTypeIdSchema });
  const typesReply = { 200: z.array(ownerCallTypeSchema) };
  app.get('/api/admin/call-types', { schema: { response: typesReply } }, async () => booking.callTypes());
  app.post(
    '/api/admin/call-types',
    { schema: { body: callTypeInputSchema, response: { 201: z.array(ownerCallTypeSchema) } } },
    async (request, reply) => reply.code(201).send(await booking.saveCallType(request.body)),
  );
  app.put(
    '/api/admin/call-types/:id',
    { schema: { params: typeParams, body: callTypeEditInputSchema, response: typesReply } },
    async (request) => {
      const { basedOn, ...type } = request.body;
      return booking.saveCallType(type, request.params.id, basedOn);
    },
  );
  app.delete(
    '/api/admin/call-types/:id',
    { schema: { params: typeParams, response: typesReply } },
    async (request) => booking.removeCallType(request.params.id),
  );
  app.get('/api/admin/bookings', { schema: { response: { 200: z.array(adminBookingSchema) } } }, async () =>
    booking.list(),
  );
  app.post('/api/admin/bookings/:id/cancel', { schema: { params: idParams } }, async (request, reply) => {
    await booking.cancelById(request.params.id);
    return reply.code(204).send();
  });
};
