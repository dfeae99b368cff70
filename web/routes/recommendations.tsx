import { paths } from '../lib/paths.ts';
import { pageMeta, rootDataOf } from '../lib/seo.ts';
import { PageHeader } from '../ui/page-header.tsx';
import type { Route } from './+types/recommendations';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    site: rootDataOf(matches).site,
    title: 'AI Project Recommendations',
    description: 'Tell me what interests you and get the projects that match it best, typically 3-5 of them.',
    path: paths.recommendations,
  });

// The interest form and results come with the AI issue.
export default function RecommendationsPage() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-12">
      <PageHeader title="AI Project Recommendations">
        Tell me what you are interested in and get typically 3-5 projects that match it.
      </PageHeader>
    </div>
  );
}
