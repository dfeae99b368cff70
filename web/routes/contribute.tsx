/**
 * /contribute: a guest post for the blog (linked from /blog); the form is features/blog's.
 */

import { contributionForms } from '../features/blog/blog-forms.server.ts';
import { ContributionForm } from '../features/blog/contribution-form.tsx';
import { paths } from '../lib/paths.ts';
import { formAction } from '../lib/route-form.server.ts';
import { pageMeta, rootDataOf } from '../lib/seo.ts';
import { PageHeader } from '../ui/page-header.tsx';
import type { Route } from './+types/contribute';

/** The guest post form, with the page's code or without it (ADR 018), with the bot check. */
export const action = formAction(contributionForms);

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
