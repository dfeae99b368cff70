/**
 * /testimonial/:token: a client's private link to write, change or withdraw their testimonial
 * (features/testimonials). Kept out of search results and out of the page cache: the testimonial
 * is read on the server as the visitor, so the page is whole without its code (ADR 013).
 */
import type { TestimonialInvite } from '../../common/schemas/testimonials.ts';
import { testimonialRequestPath } from '../features/testimonials/api.ts';
import { TestimonialPage, WITHDRAW_FORM } from '../features/testimonials/testimonial-page.tsx';
import { doneAt, failed, formOf, isOk, readFields, refused, send } from '../lib/form-action.server.ts';
import { DONE_PARAM, useDone } from '../lib/form-post.ts';
import { pageMeta, rootDataOf } from '../lib/seo.ts';
import { DoneNotice } from '../ui/form-notice.tsx';
import { PageHeader } from '../ui/page-header.tsx';
import type { Route } from './+types/testimonial';

export async function loader({ context, params }: Route.LoaderArgs) {
  if (context.staticCopy) return { invite: null };
  const answer = await context.sendApi('GET', testimonialRequestPath(params.token));
  return { invite: answer.status === 200 ? (answer.body as TestimonialInvite) : null };
}

/** The testimonial sent without the page's code (ADR 013), through the same API. */
export async function action({ context, params, request }: Route.ActionArgs) {
  const fields = await readFields(request);
  const page = `/testimonial/${encodeURIComponent(params.token)}`;
  if (formOf(fields) === WITHDRAW_FORM) {
    const withdrawn = await send(context, `${testimonialRequestPath(params.token)}/withdraw`, {});
    if (isOk(withdrawn)) return doneAt(`${page}?${DONE_PARAM}=withdrawn`);
    return failed(WITHDRAW_FORM, fields, withdrawn, {
      title: 'Not withdrawn',
      fallback: 'Please try again.',
    });
  }
  const failure = { title: 'Not sent', fallback: 'Your testimonial could not be sent. Please try again.' };
  if (formOf(fields) !== 'testimonial') {
    return refused(formOf(fields), fields, 400, failure.title, failure.fallback);
  }
  const { name, role, company, quote } = fields;
  const rating = fields.rating ? Number(fields.rating) : null;
  const answer = await send(context, testimonialRequestPath(params.token), {
    name,
    role,
    company,
    quote,
    rating,
  });
  if (isOk(answer)) return doneAt(page);
  return failed('testimonial', fields, answer, failure);
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
