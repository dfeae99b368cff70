/** /book-a-call: a short call with the owner in a free slot, shown in the visitor's time zone (features/booking). */
import { BookingPage } from '../features/booking/booking-page.tsx';
import { pageMeta, rootDataOf } from '../lib/seo.ts';
import { PageHeader } from '../ui/page-header.tsx';
import type { Route } from './+types/book-a-call';

export const meta: Route.MetaFunction = ({ matches }) => {
  const { site } = rootDataOf(matches);
  return pageMeta({
    site,
    title: 'Book a Call',
    description: `Book a free call with ${site.ownerName}, ${site.ownerTitle} in ${site.location}, to talk about your project.`,
    path: '/book-a-call',
  });
};

export default function BookACallRoute() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <PageHeader title="Book a Call">
        A short, free call to talk about your project, your shop's website or a repair. Pick a time that suits
        you; you'll get a calendar invitation by email.
      </PageHeader>
      <BookingPage />
    </div>
  );
}
