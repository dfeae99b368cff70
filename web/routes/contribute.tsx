/**
 * /contribute: a guest post for the blog (linked from /blog); the form is features/blog's.
 */

import { CONTRIBUTIONS_PATH } from '../features/blog/api.ts';
import { ContributionForm } from '../features/blog/contribution-form.tsx';
import { doneAt, formOf, readFields, refused, sendChecked } from '../lib/form-action.server.ts';
import { DONE_PARAM } from '../lib/form-post.ts';
import { paths } from '../lib/paths.ts';
import { pageMeta, rootDataOf } from '../lib/seo.ts';
import { PageHeader } from '../ui/page-header.tsx';
import type { Route } from './+types/contribute';

/** The guest post form posted without its code (ADR 013), with the bot check. */
export async function action({ context, request }: Route.ActionArgs) {
  const fields = await readFields(request);
  const failure = { title: 'Error', fallback: 'Please try again later' };
  if (formOf(fields) !== 'contribution')
    return refused(formOf(fields), fields, 400, failure.title, failure.fallback);
  const { title, summary, content, tags, authorName, authorEmail, coverImage, captchaToken, website } =
    fields;
  const sent = await sendChecked(context, {
    form: 'contribution',
    target: { form: 'contribution' },
    path: CONTRIBUTIONS_PATH,
    body: { title, summary, content, tags, authorName, authorEmail, coverImage, captchaToken, website },
    fields,
    failure,
    submitLabel: 'Submit for Review',
  });
  if (!sent.ok) return sent.response;
  return doneAt(`${paths.contribute}?${DONE_PARAM}=contribution`);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    site: rootDataOf(matches).site,
    title: 'Contribute a Guest Post',
    description: 'Share what you know with the readers of this blog: send a guest post for review.',
    path: paths.contribute,
  });

export default function ContributePage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <PageHeader title="Contribute a Guest Post">
        Have a story from the workshop, the roadside or the codebase? Send it in. Every guest post is read and
        reviewed before it is published; you will hear back by email.
      </PageHeader>
      <ContributionForm />
    </div>
  );
}
