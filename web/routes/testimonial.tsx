/**
 * /testimonial/:token: a client's private link to write, change or withdraw their testimonial
 * (features/testimonials). Kept out of search results; the page itself holds nothing private (the
 * testimonial is read in the browser), so the cached HTML is the same for every link.
 */
import { TestimonialPage } from '../features/testimonials/testimonial-page.tsx';
import { pageMeta, rootDataOf } from '../lib/seo.ts';
import { PageHeader } from '../ui/page-header.tsx';
import type { Route } from './+types/testimonial';

export const meta: Route.MetaFunction = ({ matches }) => {
  const { site } = rootDataOf(matches);
  return pageMeta({
    site,
    title: 'Your Testimonial',
    description: `A few words about working with ${site.ownerName}.`,
    path: '/testimonial',
    noindex: true,
  });
};

export default function TestimonialRoute({ params }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <PageHeader title="Your Testimonial">
        A few words about working together help the next client decide. Thank you for taking the time.
      </PageHeader>
      <TestimonialPage token={params.token} />
    </div>
  );
}
