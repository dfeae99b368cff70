/**
 * /booking/:token: the visitor's private link to cancel or move a booked call
 * (features/booking). Kept out of search results and out of the page cache: the call is read on
 * the server as the visitor (so the page is whole without its code, ADR 013).
 */
import type { BookingView } from '../../common/schemas/booking.ts';
import { bookingPath } from '../features/booking/api.ts';
import { ManageBooking } from '../features/booking/manage-page.tsx';
import { useDone } from '../lib/form-post.ts';
import { pageMeta, rootDataOf } from '../lib/seo.ts';
import { DoneNotice } from '../ui/form-notice.tsx';
import { PageHeader } from '../ui/page-header.tsx';
import type { Route } from './+types/booking';

export async function loader({ context, params }: Route.LoaderArgs) {
  if (context.staticCopy) return { call: null };
  const answer = await context.sendApi('GET', bookingPath(params.token));
  return { call: answer.status === 200 ? (answer.body as BookingView) : null };
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
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <PageHeader title="Your Call">Move or cancel your call at any time before it starts.</PageHeader>
      {booked ? (
        <DoneNotice
          className="mb-6"
          title="Your call is booked"
          text="An invitation for your calendar is on its way by email. Keep this page's address: it is your private link to cancel or move the call."
        />
      ) : null}
      <ManageBooking token={params.token} initial={loaderData.call} />
    </div>
  );
}
