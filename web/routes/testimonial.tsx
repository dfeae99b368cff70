/**
 * /testimonial/:token: a client's private link to write, change or withdraw their testimonial
 * (features/testimonials). Kept out of search results and out of the page cache: the testimonial
 * is read on the server as the visitor, so the page is whole without its code (ADR 013).
 */
import { type TestimonialInvite, testimonialSubmissionSchema } from '../../common/schemas/testimonials.ts';
import { z } from '../../common/schemas/zod.ts';
import { TESTIMONIAL_FORM, testimonialRequestPath, WITHDRAW_FORM } from '../features/testimonials/api.ts';
import { TestimonialPage } from '../features/testimonials/testimonial-page.tsx';
import { DONE_PARAM, useDone } from '../lib/form-post.ts';
import { formAction, routeForm } from '../lib/route-form.server.ts';
import { pageMeta, rootDataOf } from '../lib/seo.ts';
import { DoneNotice } from '../ui/form-notice.tsx';
import { PageHeader } from '../ui/page-header.tsx';
import type { Route } from './+types/testimonial';

export async function loader({ context, params }: Route.LoaderArgs) {
  if (context.staticCopy) return { invite: null };
  const answer = await context.sendApi('GET', testimonialRequestPath(params.token));
  return { invite: answer.status === 200 ? (answer.body as TestimonialInvite) : null };
}

/** The testimonial written, changed or withdrawn, with the page's code or without it (ADR 018). */
export async function action({ context, params, request }: Route.ActionArgs) {
  const path = testimonialRequestPath(params.token);
  const page = `/testimonial/${encodeURIComponent(params.token)}`;
  return formAction({
    [TESTIMONIAL_FORM]: routeForm({
      schema: testimonialSubmissionSchema,
      failure: { title: 'Not sent', fallback: 'Your testimonial could not be sent. Please try again.' },
      call: (values) => ({ method: 'POST', path, body: values }),
      doneAt: () => page,
    }),
    [WITHDRAW_FORM]: routeForm({
      schema: z.object({}),
      failure: { title: 'Not withdrawn', fallback: 'Please try again.' },
      call: () => ({ method: 'POST', path: `${path}/withdraw`, body: {} }),
      doneAt: () => `${page}?${DONE_PARAM}=withdrawn`,
    }),
  })({ context, request });
}

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

export default function TestimonialRoute({ params, loaderData }: Route.ComponentProps) {
  const withdrawn = useDone('withdrawn');
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <PageHeader title="Your Testimonial">
        A few words about working together help the next client decide. Thank you for taking the time.
      </PageHeader>
      {withdrawn ? (
        <DoneNotice className="mb-6" title="Testimonial withdrawn" text="It is no longer on the site." />
      ) : null}
      <TestimonialPage token={params.token} initial={loaderData.invite} />
    </div>
  );
}
