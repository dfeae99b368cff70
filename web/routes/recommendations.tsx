/**
 * /recommendations: the project matchmaker (features/recommendations) under its heading.
 */

import { Recommender } from '../features/recommendations/recommender.tsx';
import { paths } from '../lib/paths.ts';
import { pageMeta, rootDataOf } from '../lib/seo.ts';
import { Sparkles } from '../ui/icons.tsx';
import type { Route } from './+types/recommendations';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    site: rootDataOf(matches).site,
    title: 'AI Project Recommendations',
    description: 'Tell me what interests you and get the projects that match it best, typically 3-5 of them.',
    path: paths.recommendations,
  });

export default function RecommendationsPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <header className="mx-auto max-w-3xl text-center">
        <span className="inline-flex items-center gap-2 rounded-full bg-secondary px-3 py-1 text-sm font-medium">
          <Sparkles className="h-4 w-4 text-primary" />
          Project matchmaker
        </span>
        <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">AI Project Recommendations</h1>
        <p className="mt-3 text-lg text-muted-foreground">
          Tell me what you are interested in and which technologies you like. You get typically 3-5 projects,
          each with a match score and the reason it fits.
        </p>
      </header>

      <Recommender />
    </div>
  );
}
