/**
 * /recommendations: the project matchmaker (features/recommendations) under its heading.
 */

import type { RecommendationResponse } from '../../common/schemas/ai.ts';
import { RECOMMENDATIONS_PATH } from '../features/recommendations/api.ts';
import { chipValues } from '../features/recommendations/chips.ts';
import { Recommender } from '../features/recommendations/recommender.tsx';
import { failed, formOf, isOk, keptValues, readFields, refused, send } from '../lib/form-action.server.ts';
import type { FormAnswer } from '../lib/form-post.ts';
import { paths } from '../lib/paths.ts';
import { pageMeta, rootDataOf } from '../lib/seo.ts';
import { Sparkles } from '../ui/icons.tsx';
import type { Route } from './+types/recommendations';

/**
 * The interests form posted without its code (ADR 013): interests and technologies as
 * comma-separated text, sent through the same API; the results come back on this page (a read:
 * nothing is stored, so there is no address to send the visitor on to).
 */
export async function action({ context, request }: Route.ActionArgs) {
  const fields = await readFields(request);
  const failure = { title: 'Error', fallback: 'Something went wrong. Please try again.' };
  if (formOf(fields) !== 'recommend')
    return refused(formOf(fields), fields, 400, failure.title, failure.fallback);
  const body = {
    interests: chipValues([], fields.interests ?? ''),
    preferredTechnologies: chipValues([], fields.preferredTechnologies ?? ''),
    experienceLevel: fields.experienceLevel || 'intermediate',
    ...(fields.purpose ? { purpose: fields.purpose } : {}),
    searchQuery: fields.searchQuery ?? '',
  };
  const answer = await send(context, RECOMMENDATIONS_PATH, body);
  const response = answer.body as RecommendationResponse | null;
  if (isOk(answer) && response?.success && response.data) {
    const result: FormAnswer = {
      form: 'recommend',
      title: '',
      message: '',
      errors: {},
      values: keptValues(fields),
      extra: { result: response.data },
    };
    return result;
  }
  if (isOk(answer)) {
    return failed(
      'recommend',
      fields,
      { ...answer, status: 502 },
      {
        title: 'Error',
        fallback: response?.message || 'Failed to generate recommendations',
      },
    );
  }
  return failed('recommend', fields, answer, failure);
}

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
