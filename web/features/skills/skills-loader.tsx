/**
 * The home page's #skills section: the skills and their endorsements load as a chunk of their
 * own, with the spec's loading text in their place until then (and, inside, until the skills
 * themselves have come on a move to the home page: the home's clientLoader).
 */
import { lazy, Suspense } from 'react';

const SkillsSection = lazy(() => import('./skills-section.tsx'));

export function SkillsLoader({
  additionalSkills,
  skills,
}: {
  additionalSkills: readonly string[];
  skills: unknown;
}) {
  return (
    <section id="skills" aria-labelledby="skills-heading" className="bg-muted/40">
      <Suspense
        fallback={
          <div className="mx-auto max-w-6xl px-4 py-20">
            <h2 id="skills-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
              Skills &amp; Expertise
            </h2>
            <p role="status" className="mt-8 text-muted-foreground">
              Loading skills data from GitHub...
            </p>
          </div>
        }
      >
        <SkillsSection additionalSkills={additionalSkills} skills={skills} />
      </Suspense>
    </section>
  );
}
