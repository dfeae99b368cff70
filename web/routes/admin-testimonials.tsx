/** /admin/blog/testimonials: ask clients for verified testimonials and approve what they send. */
import { HydrationBoundary } from '@tanstack/react-query';
import { testimonialRequestSchema } from '../../common/schemas/testimonials.ts';
import { z } from '../../common/schemas/zod.ts';
import { adminMeta } from '../features/admin/meta.ts';
import { contactOwnerPaths } from '../features/contact/owner-api.ts';
import {
  DELETE_TESTIMONIAL_PARAM,
  TESTIMONIAL_ADMIN_FORMS,
  testimonialPaths,
} from '../features/testimonials/api.ts';
import { TestimonialsAdmin } from '../features/testimonials/testimonial-requests.tsx';
import { dashboardPaths } from '../lib/admin-paths.ts';
import { prefetchOwn } from '../lib/prefetch.ts';
import { doneWithout, formAction, routeForm } from '../lib/route-form.server.ts';
import type { Route } from './+types/admin-testimonials';

export async function loader({ context, request }: Route.LoaderArgs) {
  return {
    dehydrated: await prefetchOwn(context, request, [
      testimonialPaths.testimonials,
      contactOwnerPaths.pipeline,
    ]),
  };
}

const rowId = z.object({ id: z.coerce.number().int().positive() });

/**
 * 'Create link' and 'New link' (a link is shown once, on the page it answers), approve, take off
 * and delete, with the page's code or without it (ADR 018).
 */
export const action = formAction({
  [TESTIMONIAL_ADMIN_FORMS.approve]: routeForm({
    schema: rowId,
    failure: { title: 'Error', fallback: 'The testimonial could not be approved.' },
    call: ({ id }) => ({ method: 'POST', path: testimonialPaths.testimonialAction(id, 'approve') }),
  }),
  [TESTIMONIAL_ADMIN_FORMS.hide]: routeForm({
    schema: rowId,
    failure: { title: 'Error', fallback: 'The testimonial could not be taken off the site.' },
    call: ({ id }) => ({ method: 'POST', path: testimonialPaths.testimonialAction(id, 'hide') }),
  }),
  [TESTIMONIAL_ADMIN_FORMS.delete]: routeForm({
    schema: rowId,
    failure: { title: 'Error', fallback: 'The request could not be deleted.' },
    call: ({ id }) => ({ method: 'DELETE', path: testimonialPaths.testimonial(id) }),
    doneAt: doneWithout(DELETE_TESTIMONIAL_PARAM, TESTIMONIAL_ADMIN_FORMS.delete),
  }),
  [TESTIMONIAL_ADMIN_FORMS.ask]: routeForm({
    schema: testimonialRequestSchema,
    failure: { title: 'Error', fallback: 'The link could not be created. Please try again.' },
    call: (values) => ({ method: 'POST', path: testimonialPaths.testimonials, body: values }),
    show: (link) => ({ link }),
  }),
  [TESTIMONIAL_ADMIN_FORMS.newLink]: routeForm({
    schema: z.object({ id: z.number().int().positive() }),
    failure: { title: 'Error', fallback: 'A new link could not be made. Please try again.' },
    call: ({ id }) => ({ method: 'POST', path: testimonialPaths.testimonialAction(id, 'link') }),
    show: (link) => ({ link }),
  }),
});

export const meta: Route.MetaFunction = adminMeta('Testimonials', dashboardPaths.testimonials);

export default function AdminTestimonialsPage({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydrated}>
      <TestimonialsAdmin />
    </HydrationBoundary>
  );
}
