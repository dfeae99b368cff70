/**
 * A visitor's side of booking, as the tests ask for it: the free times, a call booked (Dana Baker's
 * by default), one cancelled by its link's token. Each from a fresh address, as many visitors.
 */
import type { BookingSlots } from '../../common/schemas/booking.ts';
import { freshIp, type TestApp } from './test-app.ts';

export async function bookingSlots(t: TestApp): Promise<BookingSlots> {
  const answer = await t.app.inject({ url: '/api/booking/slots' });
  if (answer.statusCode !== 200) throw new Error(`slots: ${answer.statusCode} ${answer.body}`);
  return answer.json() as BookingSlots;
}

export const bookCall = (t: TestApp, start: string, changes: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    remoteAddress: freshIp(),
    payload: {
      start,
      name: 'Dana Baker',
      email: 'dana@example.com',
      topic: 'An online shop for the bakery',
      ...changes,
    },
  });

/** The token of a booking's link (`/booking/<token>`), from its answer. */
export const bookingToken = (booked: { json(): unknown }) =>
  (booked.json() as { manageUrl: string }).manageUrl.split('/booking/')[1] ?? '';

export const cancelCall = (t: TestApp, token: string) =>
  t.app.inject({ method: 'POST', url: `/api/bookings/${token}/cancel`, remoteAddress: freshIp() });
