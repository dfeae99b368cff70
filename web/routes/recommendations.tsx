/**
 * /recommendations: the project matchmaker (features/recommendations) under its heading.
 */

import { type RecommendationResponse, recommendationRequestSchema } from '../../common/schemas/ai.ts';
import { RECOMMEND_FORM, RECOMMENDATIONS_PATH } from '../features/recommendations/api.ts';
import { Recommender } from '../features/recommendations/recommender.tsx';
import { paths } from '../lib/paths.ts';
import { formAction, routeForm } from '../lib/route-form.server.ts';
import { pageMeta, rootDataOf } from '../lib/seo.ts';
import { Sparkles } from '../ui/icons.tsx';
import type { Route } from './+types/recommendations';

/**
 * The interests form, with the page's code or without it (ADR 018), sent through the same API; the
 * results come back on this page (a read: nothing is stored, so there is no address to go on to).
 */
export const action = formAction({
  [RECOMMEND_FORM]: routeForm({
    schema: recommendationRequestSchema,
    failure: { title: 'Error', fallback: 'Something went wrong. Please try again.' },
    call: (values) => ({ method: 'POST', path: RECOMMENDATIONS_PATH, body: values }),
    show: (answer) => ({ result: (answer as RecommendationResponse).data }),
    unsuccessful: (answer) => {
      const response = answer as RecommendationResponse;
      return response.success && response.data
        ? undefined
        : response.message || 'Failed to generate recommendations';
    },
  }),
});

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
