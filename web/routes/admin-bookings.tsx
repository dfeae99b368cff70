/** /admin/blog/bookings: the calls booked through 'Book a call', and when visitors can book them. */

import { HydrationBoundary } from '@tanstack/react-query';
import { bookingSettingsFormSchema } from '../../common/schemas/booking.ts';
import {
  caldavAccountInputSchema,
  calendarChoiceSchema,
  calendarFeedInputSchema,
} from '../../common/schemas/calendars.ts';
import { callTypeFormSchema, callTypeIdSchema } from '../../common/schemas/call-types.ts';
import { z } from '../../common/schemas/zod.ts';
import { adminMeta } from '../features/admin/meta.ts';
import {
  bookingOwnerPaths,
  CALENDAR_FORMS,
  CALL_FORMS,
  CALL_TYPE_FORMS,
  CANCEL_PARAM,
} from '../features/booking/api.ts';
import { AVAILABILITY_FORM } from '../features/booking/availability-form.tsx';
import { BookingsAdmin } from '../features/booking/bookings.tsx';
import { dashboardPaths } from '../lib/admin-paths.ts';
import { prefetchOwn } from '../lib/prefetch.ts';
import { doneWithout, formAction, routeForm } from '../lib/route-form.server.ts';
import type { Route } from './+types/admin-bookings';

export async function loader({ context, request }: Route.LoaderArgs) {
  return {
    dehydrated: await prefetchOwn(context, request, [
      bookingOwnerPaths.bookingSettings,
      bookingOwnerPaths.bookings,
      bookingOwnerPaths.calendars,
      bookingOwnerPaths.callTypes,
    ]),
  };
}

/**
 * 'Save availability', the calendar forms, the call types and a call's cancel (issue 49), with the
 * page's code or without it (ADR 018): each checked by the API as ever.
 */
export const action = formAction({
  [CALL_FORMS.cancel]: routeForm({
    schema: z.object({ id: z.coerce.number().int().positive() }),
    failure: { title: 'Error', fallback: 'The call could not be cancelled.' },
    call: ({ id }) => ({ method: 'POST', path: bookingOwnerPaths.bookingCancel(id) }),
    doneAt: doneWithout(CANCEL_PARAM, CALL_FORMS.cancel),
  }),
  [AVAILABILITY_FORM]: routeForm({
    schema: bookingSettingsFormSchema,
    failure: { title: 'Error', fallback: 'The availability could not be saved.' },
    call: (settings) => ({ method: 'PUT', path: bookingOwnerPaths.bookingSettings, body: settings }),
  }),
  [CALENDAR_FORMS.account]: routeForm({
    schema: caldavAccountInputSchema,
    failure: { title: 'Error', fallback: 'The calendar account could not be connected.' },
    call: (account) => ({ method: 'PUT', path: bookingOwnerPaths.calendarAccount, body: account }),
  }),
  [CALENDAR_FORMS.disconnect]: routeForm({
    schema: z.object({}),
    failure: { title: 'Error', fallback: 'The calendar account could not be disconnected.' },
    call: () => ({ method: 'DELETE', path: bookingOwnerPaths.calendarAccount }),
  }),
  [CALENDAR_FORMS.writeTo]: routeForm({
    schema: calendarChoiceSchema,
    failure: { title: 'Error', fallback: 'The calendar could not be chosen.' },
    call: (choice) => ({ method: 'PUT', path: bookingOwnerPaths.calendarWriteTo, body: choice }),
  }),
  [CALENDAR_FORMS.addFeed]: routeForm({
    schema: calendarFeedInputSchema,
    failure: { title: 'Error', fallback: 'The calendar could not be added.' },
    call: (feed) => ({ method: 'POST', path: bookingOwnerPaths.calendarFeeds, body: feed }),
  }),
  [CALL_TYPE_FORMS.add]: routeForm({
    schema: callTypeFormSchema,
    failure: { title: 'Error', fallback: 'The call type could not be added.' },
    call: (type) => ({ method: 'POST', path: bookingOwnerPaths.callTypes, body: type }),
  }),
  [CALL_TYPE_FORMS.save]: routeForm({
    schema: callTypeFormSchema,
    failure: { title: 'Error', fallback: 'The call type could not be saved.' },
    call: (type) => ({ method: 'PUT', path: bookingOwnerPaths.callType(type.id), body: type }),
  }),
  [CALL_TYPE_FORMS.remove]: routeForm({
    schema: z.object({ id: callTypeIdSchema }),
    failure: { title: 'Error', fallback: 'The call type could not be removed.' },
    call: ({ id }) => ({ method: 'DELETE', path: bookingOwnerPaths.callType(id) }),
  }),
  [CALENDAR_FORMS.removeFeed]: routeForm({
    schema: z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,20}$/, 'Choose a calendar') }),
    failure: { title: 'Error', fallback: 'The calendar could not be removed.' },
    call: ({ id }) => ({ method: 'DELETE', path: bookingOwnerPaths.calendarFeed(id) }),
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
