/**
 * Project recommendations: the visitor describes their interests; POST /api/recommendations
 * answers typically 3-5 projects with a match score and a reason each. Results appear below the
 * form and scroll into view. A project's copy-link button shares `?project={id}`.
 */
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { EXPERIENCE_LEVELS, RECOMMENDATION_PURPOSES } from '../../../common/constants.ts';
import { recommendedProject } from '../../../common/recommender.ts';
import type { RecommendationResult } from '../../../common/schemas/ai.ts';
import { findProject } from '../../../content/projects.ts';
import type { FormAnswer } from '../../lib/form-post.ts';
import { formObject } from '../../lib/form-values.ts';
import { scrollToSection, useScrollBehavior } from '../../lib/motion.ts';
import { paths } from '../../lib/paths.ts';
import { useRouteForm } from '../../lib/route-form.tsx';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { Field } from '../../ui/field.tsx';
import { FormNotice } from '../../ui/form-notice.tsx';
import { Compass, LoaderCircle, SearchX } from '../../ui/icons.tsx';
import { Input } from '../../ui/input.tsx';
import { PageForm } from '../../ui/page-form.tsx';
import { Select } from '../../ui/select.tsx';
import { toast } from '../../ui/use-toast.ts';
import { useStaticCopy } from '../layout/static-copy.ts';
import { RECOMMEND_FORM } from './api.ts';
import { ChipInput, useChips } from './chip-input.tsx';
import { RecommendationCard } from './recommendation-card.tsx';

const schema = () =>
  import('../../../common/schemas/ai.ts').then((module) => module.recommendationRequestSchema);

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

/** The spec's toast for results. */
const generated = (result: RecommendationResult) => ({
  title: 'Recommendations Generated',
  description:
    result.recommendations.length > 0
      ? `${result.recommendations.length} ${result.recommendations.length === 1 ? 'project matches' : 'projects match'} your interests.`
      : 'No project matches these interests yet.',
});

/**
 * The static copy has no server: the built-in recommender runs here in the browser, with the
 * same rules (its code comes only there, when asked).
 */
async function recommendHere(form: HTMLFormElement): Promise<FormAnswer> {
  const [rules, { recommendProjects }, { projects }] = await Promise.all([
    schema(),
    import('../../../common/recommender.ts'),
    import('../../../content/projects.ts'),
  ]);
  const fields = new FormData(form);
  const values = Object.fromEntries(
    [...fields].filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  const parsed = rules.safeParse(formObject(fields, rules));
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
    return { form: RECOMMEND_FORM, title: 'Error', message: '', errors, values };
  }
  const result = recommendProjects(projects, parsed.data);
  return {
    form: RECOMMEND_FORM,
    title: '',
    message: '',
    errors: {},
    values,
    kind: 'done',
    extra: { result },
  };
}

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
    scrollToSection(heading.current, behavior);
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
  const recommend = useRouteForm(RECOMMEND_FORM, {
    recheck: schema,
    onAnswer: (answer) => {
      const result = answer.extra?.result as RecommendationResult | undefined;
      if (result) toast(generated(result));
    },
  });
  // On the static copy the answer is made here.
  const [here, setHere] = useState<FormAnswer | undefined>();
  const answer = here ?? recommend.answer;
  const result = answer?.extra?.result as RecommendationResult | undefined;
  const errorOf = (name: string) => (here ? here.errors[name] : recommend.errorOf(name));
  const kept = (name: string, fallback = '') => answer?.values[name] ?? fallback;

  const interests = useChips(() => kept('interests'));
  const technologies = useChips(() => kept('preferredTechnologies'));
  // Once results are in, what was sent becomes chips, with nothing left typed.
  const settleInterests = interests.settle;
  const settleTechnologies = technologies.settle;
  useEffect(() => {
    if (!result || !answer) return;
    settleInterests(splitList(answer.values.interests));
    settleTechnologies(splitList(answer.values.preferredTechnologies));
  }, [result, answer, settleInterests, settleTechnologies]);

  const submitHere = staticCopy
    ? (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        void recommendHere(event.currentTarget).then((made) => {
          setHere(made);
          const madeResult = made.extra?.result as RecommendationResult | undefined;
          if (madeResult) toast(generated(madeResult));
        });
      }
    : undefined;

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
        <PageForm
          form={recommend}
          id={RECOMMEND_FORM_ID}
          action={paths.recommendations}
          aria-labelledby="interest-form-title"
          onSubmit={submitHere}
          className="space-y-5"
        >
          <h2 id="interest-form-title" className="flex items-center gap-2 text-xl font-semibold">
            <Compass className="h-5 w-5 text-primary" />
            What are you looking for?
          </h2>
          <FormNotice answer={answer} />
          <ChipInput
            name="interests"
            label="Interests"
            hint="Press Enter or Add after each one, or separate them with commas."
            hintWithoutCode="Separate them with commas."
            placeholder="e.g. automotive, small business, inventory"
            {...interests.field}
            error={errorOf('interests')}
          />
          <ChipInput
            name="preferredTechnologies"
            label="Preferred technologies (optional)"
            hint="Languages, frameworks or tools you care about."
            placeholder="e.g. React, Node.js, PostgreSQL"
            {...technologies.field}
            error={errorOf('preferredTechnologies')}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label="Experience level">
              <Select
                name="experienceLevel"
                options={LEVEL_LABELS}
                defaultValue={kept('experienceLevel', 'intermediate')}
              />
            </Field>
            <Field label="Purpose (optional)">
              <Select
                name="purpose"
                options={PURPOSE_LABELS}
                placeholder="Any purpose"
                defaultValue={kept('purpose')}
              />
            </Field>
          </div>
          <Field label="Anything specific? (optional)" error={errorOf('searchQuery')}>
            <Input
              name="searchQuery"
              defaultValue={kept('searchQuery')}
              placeholder="e.g. offline apps for field work"
            />
          </Field>
          <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={recommend.pending}>
            {recommend.pending ? (
              <>
                <LoaderCircle className="h-4 w-4 animate-spin" />
                Finding projects...
              </>
            ) : (
              'Get Recommendations'
            )}
          </Button>
        </PageForm>
      </Card>

      {result ? <Results result={result} highlightId={shared?.id} /> : null}
    </>
  );
}

/** A list as the form posted it: its entries, split on commas. */
const splitList = (text: string | undefined) =>
  (text ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
