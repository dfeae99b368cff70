/**
 * /booking/:token: the visitor's private link to cancel or move a booked call
 * (features/booking). Kept out of search results; the call is read in the browser, so the cached
 * page holds nothing private.
 */
import { ManageBooking } from '../features/booking/manage-page.tsx';
import { pageMeta, rootDataOf } from '../lib/seo.ts';
import { PageHeader } from '../ui/page-header.tsx';
import type { Route } from './+types/booking';

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

export default function BookingRoute({ params }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <PageHeader title="Your Call">Move or cancel your call at any time before it starts.</PageHeader>
      <ManageBooking token={params.token} />
    </div>
  );
}
