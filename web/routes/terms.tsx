import { paths } from '../lib/paths.ts';
import { pageMeta, rootDataOf } from '../lib/seo.ts';
import { PageHeader } from '../ui/page-header.tsx';
import type { Route } from './+types/terms';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    site: rootDataOf(matches).site,
    title: 'Terms of Service',
    description: 'The terms for using this site, its demos and its AI tools.',
    path: paths.terms,
  });

export default function TermsPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <PageHeader title="Terms of Service" />
      <div className="space-y-4 leading-7">
        <p>
          The articles, projects and images on this site are provided for information. Project demos run on
          their own sites and are shown here as they are.
        </p>
        <p>
          Comments, guest posts and endorsements are moderated and may be edited or removed. Please keep them
          respectful and on topic; spam and abuse are deleted.
        </p>
        <p>
          AI recommendations and generated images are produced automatically and may be imperfect. Do not
          submit prompts that are unlawful or infringe on the rights of others.
        </p>
      </div>
    </div>
  );
}
