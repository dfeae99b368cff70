/**
 * /booking/:token: the visitor's private link to cancel or move a booked call
 * (features/booking). Kept out of search results and out of the page cache: the call is read on
 * the server as the visitor (so the page is whole without its code, ADR 013).
 */
import { type BookingSlots, type BookingView, bookingMoveSchema } from '../../common/schemas/booking.ts';
import { z } from '../../common/schemas/zod.ts';
import { bookingPath, MANAGE_FORMS, moveSlotsPath } from '../features/booking/api.ts';
import { BookedNotice, CHANGE_PARAM, ManageBooking } from '../features/booking/manage-page.tsx';
import { DONE_PARAM, useDone } from '../lib/form-post.ts';
import { formAction, routeForm } from '../lib/route-form.server.ts';
import { pageMeta, rootDataOf } from '../lib/seo.ts';
import { DoneNotice } from '../ui/form-notice.tsx';
import { PageHeader } from '../ui/page-header.tsx';
import type { Route } from './+types/booking';

export async function loader({ context, params, request }: Route.LoaderArgs) {
  if (context.staticCopy) return { call: null, slots: null };
  const moving = new URL(request.url).searchParams.get(CHANGE_PARAM) === 'move';
  const [answer, slots] = await Promise.all([
    context.sendApi('GET', bookingPath(params.token)),
    // Opened to move the call: the free times are in the page (in the owner's zone until the code runs).
    moving ? context.readApi<BookingSlots>(moveSlotsPath(params.token)).catch(() => null) : null,
  ]);
  return { call: answer.status === 200 ? (answer.body as BookingView) : null, slots };
}

/** The call's own page, the word for what happened, and nothing else of the address. */
const doneWith = (page: URL, done: string) => `${page.pathname}?${DONE_PARAM}=${done}`;

/** Moving or cancelling the call, with the page's code or without it (ADR 018). */
export async function action({ context, params, request }: Route.ActionArgs) {
  const path = bookingPath(params.token);
  return formAction({
    [MANAGE_FORMS.cancel]: routeForm({
      schema: z.object({}),
      failure: { title: 'Not cancelled', fallback: 'The call could not be cancelled. Please try again.' },
      call: () => ({ method: 'POST', path: `${path}/cancel` }),
      doneAt: (_answer, page) => doneWith(page, 'cancelled'),
    }),
    [MANAGE_FORMS.move]: routeForm({
      schema: bookingMoveSchema,
      failure: { title: 'Not moved', fallback: 'The call could not be moved. Please try again.' },
      call: (values) => ({ method: 'POST', path: `${path}/move`, body: values }),
      doneAt: (_answer, page) => doneWith(page, 'moved'),
    }),
  })({ context, request });
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const { site } = rootDataOf(matches);
  return pageMeta({
    site,
    title: 'Your Call',
    description: `Your call with ${site.ownerName}.`,
    path: '/booking',
    noindex: true,
  });
};

export default function BookingRoute({ params, loaderData }: Route.ComponentProps) {
  const booked = useDone('booked');
  const moved = useDone('moved');
  const cancelled = useDone('cancelled');
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <PageHeader title="Your Call">Move or cancel your call at any time before it starts.</PageHeader>
      {booked ? <BookedNotice token={params.token} /> : null}
      {moved ? (
        <DoneNotice className="mb-6" title="Call moved" text="The new time is on its way by email." />
      ) : null}
      {cancelled ? (
        <DoneNotice className="mb-6" title="Call cancelled" text="The cancellation is on its way by email." />
      ) : null}
      <ManageBooking token={params.token} initial={loaderData.call} initialSlots={loaderData.slots} />
    </div>
  );
}
