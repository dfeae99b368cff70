/** /admin/blog/bookings: the calls booked through 'Book a call', and when visitors can book them. */

import { HydrationBoundary } from '@tanstack/react-query';
import { bookingSettingsFormSchema } from '../../common/schemas/booking.ts';
import { adminMeta } from '../features/admin/meta.ts';
import { bookingOwnerPaths } from '../features/booking/api.ts';
import { AVAILABILITY_FORM } from '../features/booking/availability-form.tsx';
import { BookingsAdmin } from '../features/booking/bookings.tsx';
import { dashboardPaths } from '../lib/admin-paths.ts';
import { prefetchOwn } from '../lib/prefetch.ts';
import { formAction, routeForm } from '../lib/route-form.server.ts';
import type { Route } from './+types/admin-bookings';

export async function loader({ context, request }: Route.LoaderArgs) {
  return {
    dehydrated: await prefetchOwn(context, request, [
      bookingOwnerPaths.bookingSettings,
      bookingOwnerPaths.bookings,
      bookingOwnerPaths.calendars,
    ]),
  };
}

/** 'Save availability', with the page's code or without it (ADR 018): the whole settings, checked by the API as ever. */
export const action = formAction({
  [AVAILABILITY_FORM]: routeForm({
    schema: bookingSettingsFormSchema,
    failure: { title: 'Error', fallback: 'The availability could not be saved.' },
    call: (settings) => ({ method: 'PUT', path: bookingOwnerPaths.bookingSettings, body: settings }),
  }),
});

export const meta: Route.MetaFunction = adminMeta('Calls', dashboardPaths.bookings);

export default function AdminBookingsPage({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydrated}>
      <BookingsAdmin />
    </HydrationBoundary>
  );
}
