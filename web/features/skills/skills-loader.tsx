/**
 * The home page's #skills section: the skills and their endorsements load as a chunk of their
 * own, with the spec's loading text in their place until then.
 */
import { lazy, Suspense } from 'react';

const SkillsSection = lazy(() => import('./skills-section.tsx'));

export function SkillsLoader({ additionalSkills }: { additionalSkills: readonly string[] }) {
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
        <SkillsSection additionalSkills={additionalSkills} />
      </Suspense>
    </section>
  );
}
