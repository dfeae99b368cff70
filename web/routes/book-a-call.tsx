/** /book-a-call: a short call with the owner in a free slot, shown in the visitor's time zone (features/booking). */
import type { BookingCreated, BookingSlots } from '../../common/schemas/booking.ts';
import { bookingFormSchemaFor, type PublicCallType } from '../../common/schemas/call-types.ts';
import {
  BOOK_FORM,
  BOOKINGS_PATH,
  CALL_TYPES_PATH,
  chosenType,
  slotsPath,
  TYPE_PARAM,
} from '../features/booking/api.ts';
import { BookingPage } from '../features/booking/booking-page.tsx';
import { isDocumentRequest } from '../lib/document-request.ts';
import { DONE_PARAM } from '../lib/form-post.ts';
import { paths } from '../lib/paths.ts';
import { readForm, routeForm, sendForm } from '../lib/route-form.server.ts';
import { pageMeta, rootDataOf } from '../lib/seo.ts';
import { PageHeader } from '../ui/page-header.tsx';
import type { Route } from './+types/book-a-call';

/**
 * The call types and the chosen one's free slots in the page's HTML (`?type=` chooses, a plain
 * link), listed in the owner's time zone until the browser knows the visitor's.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  if (context.staticCopy) return { slots: null, types: [], type: null };
  const types = (await context.readApi<PublicCallType[]>(CALL_TYPES_PATH)) ?? [];
  const type = chosenType(types, new URL(request.url).searchParams.get(TYPE_PARAM));
  if (!isDocumentRequest(request)) return { slots: null, types, type: type?.id ?? null };
  return { slots: await context.readApi<BookingSlots>(slotsPath(type?.id)), types, type: type?.id ?? null };
}

/**
 * A call booked, with the page's code or without it (ADR 018): the chosen time, the details, the
 * answers to the chosen type's questions (read with that type's schema) and the zone the times
 * were shown in, through the same API; then the call's private page.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const form = await readForm(request);
  const types = (await context.readApi<PublicCallType[]>(CALL_TYPES_PATH)) ?? [];
  const type = chosenType(types, String(form.get('type') ?? ''));
  return sendForm(
    {
      [BOOK_FORM]: routeForm({
        schema: bookingFormSchemaFor(type?.questions ?? []),
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
    },
    form,
    context,
    request,
  );
}

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
      <BookingPage initialSlots={loaderData.slots} types={loaderData.types} typeId={loaderData.type} />
    </div>
  );
}
