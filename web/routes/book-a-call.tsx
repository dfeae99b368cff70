/** /book-a-call: a short call with the owner in a free slot, shown in the visitor's time zone (features/booking). */
import {
  type BookingCreated,
  type BookingSlots,
  bookingRequestSchema,
} from '../../common/schemas/booking.ts';
import { BOOK_FORM, BOOKING_SLOTS_PATH, BOOKINGS_PATH } from '../features/booking/api.ts';
import { BookingPage } from '../features/booking/booking-page.tsx';
import { isDocumentRequest } from '../lib/document-request.ts';
import { DONE_PARAM } from '../lib/form-post.ts';
import { paths } from '../lib/paths.ts';
import { formAction, routeForm } from '../lib/route-form.server.ts';
import { pageMeta, rootDataOf } from '../lib/seo.ts';
import { PageHeader } from '../ui/page-header.tsx';
import type { Route } from './+types/book-a-call';

/** The free slots in the page's HTML: listed in the owner's time zone until the browser knows the visitor's. */
export async function loader({ context, request }: Route.LoaderArgs) {
  if (context.staticCopy || !isDocumentRequest(request)) return { slots: null };
  return { slots: await context.readApi<BookingSlots>(BOOKING_SLOTS_PATH) };
}

/**
 * A call booked, with the page's code or without it (ADR 018): the chosen time, the details and the
 * zone the times were shown in, through the same API; then the call's private page.
 */
export const action = formAction({
  [BOOK_FORM]: routeForm({
    schema: bookingRequestSchema,
    failure: { title: 'Error', fallback: 'The call could not be booked. Please try again.' },
    // Where the visit came from goes with it, as with a quote: the call joins or starts a lead.
    call: (values, { context }) => ({
      method: 'POST',
      path: BOOKINGS_PATH,
      body: { ...values, source: context.visit?.source ?? undefined },
    }),
    doneAt: (answer) => {
      const token = (answer as BookingCreated).manageUrl.split('/booking/')[1] ?? '';
      return `${paths.booking(token)}?${DONE_PARAM}=booked`;
    },
  }),
});

export const meta: Route.MetaFunction = ({ matches }) => {
  const { site } = rootDataOf(matches);
  return pageMeta({
    site,
    title: 'Book a Call',
    description: `Book a free call with ${site.ownerName}, ${site.ownerTitle} in ${site.location}, to talk about your project.`,
    path: '/book-a-call',
  });
};

export default function BookACallRoute({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <PageHeader title="Book a Call">
        A short, free call to talk about your project, your shop's website or a repair. Pick a time that suits
        you; you'll get a calendar invitation by email.
      </PageHeader>
      <BookingPage initialSlots={loaderData.slots} />
    </div>
  );
}
