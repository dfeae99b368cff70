/** /admin/blog/testimonials: ask clients for verified testimonials and approve what they send. */
import { HydrationBoundary } from '@tanstack/react-query';
import { dashboardAction, idOf } from '../features/admin/dashboard-form.server.ts';
import { adminMeta } from '../features/admin/meta.ts';
import { contactOwnerPaths } from '../features/contact/owner-api.ts';
import { testimonialPaths } from '../features/testimonials/api.ts';
import { ASK_FORM, TestimonialsAdmin } from '../features/testimonials/testimonial-requests.tsx';
import { dashboardPaths } from '../lib/admin-paths.ts';
import { prefetchOwn } from '../lib/prefetch.ts';
import type { Route } from './+types/admin-testimonials';

export async function loader({ context, request }: Route.LoaderArgs) {
  return {
    dehydrated: await prefetchOwn(context, request, [
      testimonialPaths.testimonials,
      contactOwnerPaths.pipeline,
    ]),
  };
}

/** 'Create link' without the page's code: the private link is shown once, on the page it answers. */
export const action = dashboardAction({
  [ASK_FORM]: {
    failure: { title: 'Error', fallback: 'The link could not be created. Please try again.' },
    call: (fields) => ({
      method: 'POST',
      path: testimonialPaths.testimonials,
      body: {
        clientName: fields.clientName ?? '',
        email: fields.email ?? '',
        quoteId: fields.quoteId ? idOf(fields.quoteId) || fields.quoteId : null,
      },
    }),
    show: (link) => ({ link }),
  },
});

export const meta: Route.MetaFunction = adminMeta('Testimonials', dashboardPaths.testimonials);

export default function AdminTestimonialsPage({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydrated}>
      <TestimonialsAdmin />
    </HydrationBoundary>
  );
}
