/**
 * Project recommendations: the visitor describes their interests; POST /api/recommendations
 * answers typically 3-5 projects with a match score and a reason each. Results appear below the
 * form and scroll into view. A project's copy-link button shares `?project={id}`.
 */
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { EXPERIENCE_LEVELS, RECOMMENDATION_PURPOSES } from '../../../common/constants.ts';
import { recommendedProject, recommendProjects } from '../../../common/recommender.ts';
import {
  type RecommendationRequestInput,
  type RecommendationResult,
  recommendationRequestSchema,
} from '../../../common/schemas/ai.ts';
import { findProject, projects } from '../../../content/projects.ts';
import { typedValues, useFormAnswer } from '../../lib/form-post.ts';
import { useScrollBehavior } from '../../lib/motion.ts';
import { paths } from '../../lib/paths.ts';
import { errorMessage } from '../../lib/request.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { Field } from '../../ui/field.tsx';
import { FormName, FormNotice } from '../../ui/form-notice.tsx';
import { Compass, LoaderCircle, SearchX } from '../../ui/icons.tsx';
import { Input } from '../../ui/input.tsx';
import { Select } from '../../ui/select.tsx';
import { toast } from '../../ui/use-toast.ts';
import { useStaticCopy } from '../layout/static-copy.ts';
import { askForRecommendations } from './api.ts';
import { ChipInput, useChips } from './chip-input.tsx';
import { RecommendationCard } from './recommendation-card.tsx';

const LEVEL_LABELS: Record<(typeof EXPERIENCE_LEVELS)[number], string> = {
  beginner: 'Beginner',
  intermediate: 'Intermediate',
  advanced: 'Advanced',
};
const PURPOSE_LABELS: Record<(typeof RECOMMENDATION_PURPOSES)[number], string> = {
  learning: 'Learning',
  portfolio: 'Reviewing my portfolio',
  hiring: 'Hiring',
  collaboration: 'Collaboration',
  other: 'Other',
};

const RECOMMEND_FORM_ID = 'recommend-form';

/** Thrown for an answer that is not a success with data (spec section 8 names its own message). */
class Unsuccessful extends Error {}

/** The project a shared link names, in the shape of a recommended project. */
function sharedProject(id: string | null) {
  const project = id ? findProject(id) : undefined;
  return project ? recommendedProject(project) : undefined;
}

function Results({ result, highlightId }: { result: RecommendationResult; highlightId: string | undefined }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const behavior = useScrollBehavior();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new result is the trigger.
  useEffect(() => {
    heading.current?.scrollIntoView({ behavior, block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, [result]);
  const { recommendations, explanation } = result;
  return (
    <section aria-labelledby="results-title" className="mt-12">
      <h2
        ref={heading}
        id="results-title"
        tabIndex={-1}
        className="scroll-mt-24 text-2xl font-bold outline-none"
      >
        {recommendations.length > 0 ? 'Your Recommendations' : 'No Matching Projects Found'}
      </h2>
      <p className="mt-2 max-w-3xl text-muted-foreground">{explanation}</p>
      {recommendations.length > 0 ? (
        <ul className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {recommendations.map((recommendation) => (
            <li key={recommendation.project.id}>
              <RecommendationCard
                recommendation={recommendation}
                highlighted={recommendation.project.id === highlightId}
              />
            </li>
          ))}
        </ul>
      ) : (
        <Card className="mt-6 flex flex-col items-center p-8 text-center">
          <SearchX className="h-10 w-10 text-muted-foreground" />
          <p className="mt-3 max-w-md text-sm text-muted-foreground">
            Try broader interests or other technologies, for example web development, small business, React or
            automotive.
          </p>
        </Card>
      )}
    </section>
  );
}

/**
 * The interests form and its results; a project shared by link (`?project={id}`) shows first,
 * highlighted, and again among the results.
 */
export function Recommender() {
  const [searchParams] = useSearchParams();
  const staticCopy = useStaticCopy();
  const shared = sharedProject(searchParams.get('project'));
  // The page's answer to a post made without the code: the results, or the refusal, and the input.
  const answer = useFormAnswer('recommend');
  const served = answer?.extra?.result as RecommendationResult | undefined;
  // What the server's fields held, or what was typed before the code arrived: kept as the form goes live.
  const [start] = useState(
    () => ({ ...answer?.values, ...typedValues(RECOMMEND_FORM_ID) }) as Record<string, unknown>,
  );
  const initial = (name: string, fallback = '') =>
    typeof start[name] === 'string' ? (start[name] as string) : fallback;

  const interests = useChips(() => initial('interests'));
  const technologies = useChips(() => initial('preferredTechnologies'));
  const [experienceLevel, setExperienceLevel] = useState<string>(() =>
    initial('experienceLevel', 'intermediate'),
  );
  const [purpose, setPurpose] = useState(() => initial('purpose'));
  const [searchQuery, setSearchQuery] = useState(() => initial('searchQuery'));
  const [submitted, setSubmitted] = useState(false);

  const input: RecommendationRequestInput = {
    interests: interests.values,
    experienceLevel: experienceLevel as RecommendationRequestInput['experienceLevel'],
    preferredTechnologies: technologies.values,
    ...(purpose ? { purpose: purpose as RecommendationRequestInput['purpose'] } : {}),
    searchQuery,
  };
  // Validated on submit, then again on every change (spec section 5).
  const validation = recommendationRequestSchema.safeParse(input);
  const errors: Record<string, string> = submitted ? {} : { ...answer?.errors };
  if (submitted && !validation.success) {
    for (const issue of validation.error.issues) errors[String(issue.path[0])] ??= issue.message;
  }

  const recommend = useMutation({
    mutationFn: async (request: RecommendationRequestInput) => {
      // The static copy has no server: the built-in recommender runs right here in the browser.
      if (staticCopy) return recommendProjects(projects, recommendationRequestSchema.parse(request));
      const answer = await askForRecommendations(request);
      if (!answer.success || !answer.data) throw new Unsuccessful(answer.message);
      return answer.data;
    },
    onSuccess: (data) =>
      toast({
        title: 'Recommendations Generated',
        description:
          data.recommendations.length > 0
            ? `${data.recommendations.length} ${data.recommendations.length === 1 ? 'project matches' : 'projects match'} your interests.`
            : 'No project matches these interests yet.',
      }),
    onError: (failure) =>
      toast({
        title: 'Error',
        description:
          failure instanceof Unsuccessful
            ? failure.message || 'Failed to generate recommendations'
            : errorMessage(failure) || 'Something went wrong. Please try again.',
        variant: 'destructive',
      }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!validation.success) return;
    interests.settle(validation.data.interests);
    technologies.settle(validation.data.preferredTechnologies);
    recommend.mutate(input);
  };

  return (
    <>
      {shared && (
        <section aria-labelledby="shared-title" className="mx-auto mt-10 max-w-md">
          <h2 id="shared-title" className="mb-3 text-lg font-semibold">
            A project shared with you
          </h2>
          <RecommendationCard recommendation={{ project: shared }} highlighted />
        </section>
      )}

      <Card className="mx-auto mt-10 max-w-3xl p-6">
        <form
          id={RECOMMEND_FORM_ID}
          method="post"
          action={paths.recommendations}
          noValidate
          aria-labelledby="interest-form-title"
          onSubmit={submit}
          className="space-y-5"
        >
          <FormName name="recommend" />
          <h2 id="interest-form-title" className="flex items-center gap-2 text-xl font-semibold">
            <Compass className="h-5 w-5 text-primary" />
            What are you looking for?
          </h2>
          <FormNotice answer={answer} />
          <ChipInput
            name="interests"
            label="Interests"
            hint="Press Enter or Add after each one, or separate them with commas."
            placeholder="e.g. automotive, small business, inventory"
            {...interests.field}
            error={errors.interests}
          />
          <ChipInput
            name="preferredTechnologies"
            label="Preferred technologies (optional)"
            hint="Languages, frameworks or tools you care about."
            placeholder="e.g. React, Node.js, PostgreSQL"
            {...technologies.field}
            error={errors.preferredTechnologies}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label="Experience level">
              <Select
                name="experienceLevel"
                options={LEVEL_LABELS}
                value={experienceLevel}
                onChange={(event) => setExperienceLevel(event.target.value)}
              />
            </Field>
            <Field label="Purpose (optional)">
              <Select
                name="purpose"
                options={PURPOSE_LABELS}
                placeholder="Any purpose"
                value={purpose}
                onChange={(event) => setPurpose(event.target.value)}
              />
            </Field>
          </div>
          <Field label="Anything specific? (optional)" error={errors.searchQuery}>
            <Input
              name="searchQuery"
              value={searchQuery}
              placeholder="e.g. offline apps for field work"
              onChange={(event) => setSearchQuery(event.target.value)}
            />
          </Field>
          <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={recommend.isPending}>
            {recommend.isPending ? (
              <>
                <LoaderCircle className="h-4 w-4 animate-spin" />
                Finding projects...
              </>
            ) : (
              'Get Recommendations'
            )}
          </Button>
        </form>
      </Card>

      {recommend.isSuccess ? (
        <Results result={recommend.data} highlightId={shared?.id} />
      ) : served && recommend.isIdle ? (
        <Results result={served} highlightId={shared?.id} />
      ) : null}
    </>
  );
}
