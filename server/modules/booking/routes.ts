/**
 * Book a call, the visitor's side: the free slots, booking one, and the private link that shows,
 * cancels or moves it. The owner's side (availability, the list) is in the admin routes.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bookingCreatedSchema,
  bookingMoveSchema,
  bookingRequestSchema,
  bookingSlotsSchema,
  bookingStatusSchema,
  bookingViewSchema,
} from '../../../common/schemas/booking.ts';
import { publicCallTypeSchema } from '../../../common/schemas/call-types.ts';
import { type ReadCache, sendJson } from '../../lib/read-cache.ts';
import { publicFormLimit } from '../../plugins/security.ts';
import { BOOKING_CACHE_KEY, type BookingService } from './service.ts';

const tokenParams = z.object({ token: z.string().max(200) });
const manageLimit = { max: 20, timeWindow: '10 minutes' } as const;

export const bookingRoutes: FastifyPluginAsyncZod<{ booking: BookingService; cache: ReadCache }> = async (
  app,
  { booking, cache },
) => {
  // Cached per day in the owner's zone ('from' turns into 'now'); saving the settings drops it.
  app.get(
    '/api/booking/status',
    { schema: { response: { 200: bookingStatusSchema } } },
    async (_request, reply) => {
      const body = await cache.json(
        `${BOOKING_CACHE_KEY}:${await booking.today()}`,
        bookingStatusSchema,
        () => booking.status(),
      );
      return sendJson(reply, body ?? '{}');
    },
  );
  app.get(
    '/api/booking/slots',
    {
      schema: {
        querystring: z.object({ type: z.string().max(40).optional() }),
        response: { 200: bookingSlotsSchema },
      },
    },
    async (request, reply) => {
      // Slots change with every booking and with the time: never kept by a cache.
      reply.header('cache-control', 'no-store');
      return booking.slots(request.query.type);
    },
  );
  app.get(
    '/api/booking/types',
    { schema: { response: { 200: z.array(publicCallTypeSchema) } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return booking.publicTypes();
    },
  );
  app.post(
    '/api/bookings',
    {
      schema: { body: bookingRequestSchema, response: { 201: bookingCreatedSchema } },
      config: { rateLimit: publicFormLimit, goal: 'booking' },
    },
    async (request, reply) => reply.code(201).send(await booking.book(request.body, request.ip)),
  );
  app.get(
    '/api/bookings/:token',
    { schema: { params: tokenParams, response: { 200: bookingViewSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return booking.view(request.params.token);
    },
  );
  app.get(
    '/api/bookings/:token/slots',
    { schema: { params: tokenParams, response: { 200: bookingSlotsSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return booking.moveSlots(request.params.token);
    },
  );
  app.get('/api/bookings/:token/calendar.ics', { schema: { params: tokenParams } }, async (request, reply) =>
    reply
      .header('cache-control', 'private, no-store')
      .header('content-disposition', 'attachment; filename="call.ics"')
      .type('text/calendar; charset=utf-8')
      .send(await booking.calendar(request.params.token)),
  );
  app.post(
    '/api/bookings/:token/cancel',
    {
      schema: { params: tokenParams, response: { 200: bookingViewSchema } },
      config: { rateLimit: manageLimit },
    },
    async (request) => booking.cancel(request.params.token),
  );
  app.post(
    '/api/bookings/:token/move',
    {
      schema: { params: tokenParams, body: bookingMoveSchema, response: { 200: bookingViewSchema } },
      config: { rateLimit: manageLimit },
    },
    async (request) => booking.move(request.params.token, request.body.start),
  );
};
