/**
 * The home page's #skills section: the skills and their endorsements are an island (ADR 023);
 * inside, the spec's loading text stands until the
 * skills themselves have come on a move to the home page (the home's clientLoader).
 */
import { SkillsSection } from './skills-section.tsx';

export function SkillsLoader({
  additionalSkills,
  skills,
}: {
  additionalSkills: readonly string[];
  skills: unknown;
}) {
  return (
    <section id="skills" aria-labelledby="skills-heading" className="later bg-muted/40">
      <SkillsSection additionalSkills={additionalSkills} skills={skills} />
    </section>
  );
}
