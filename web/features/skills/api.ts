import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicEndorsement, SkillsByCategory } from '../../../common/schemas/skills.ts';

/** Query keys are API paths (spec section 7); each path is written here once. */
export const SKILLS_PATH = '/api/skills';
/** A skill's endorsements (GET with ?skillId=) and a new endorsement (POST). */
export const ENDORSEMENTS_PATH = '/api/skill-endorsements';
/** A skill's endorsement form on a page of its own (the home page's dialog takes it over when live). */
export const endorsePath = (skillId: number) => `/skills/${skillId}/endorse`;
export const endorsementsPath = (skillId: number) => `${ENDORSEMENTS_PATH}?skillId=${skillId}`;

/** The skills as the server sends them: the section normalises them without zod (common/skills.ts). */
export const skillsQuery = () => queryOptions<unknown>({ queryKey: [SKILLS_PATH] });
/** The skills for the dashboard, which trusts its own server's answer. */
export const skillsByCategoryQuery = () => queryOptions<SkillsByCategory>({ queryKey: [SKILLS_PATH] });
export const endorsementsQuery = (skillId: number) =>
  queryOptions<PublicEndorsement[]>({ queryKey: [endorsementsPath(skillId)] });

export type { PublicEndorsement, SkillsByCategory };

export const CATEGORY_TITLES = {
  frontend: 'Frontend Development',
  backend: 'Backend Development',
  devops: 'Tools & DevOps',
} as const;

/** The count tooltip: '1 person has' or 'N people have' endorsed this skill. */
export function endorsementCountText(count: number): string {
  return count === 1 ? '1 person has endorsed this skill' : `${count} people have endorsed this skill`;
}

/** The skills, as the home page's section reads them. */
export const useSkills = () => useQuery(skillsQuery());
/** A skill's recent endorsements; `initial` is the list the server read for the page's HTML. */
export const useEndorsements = (skillId: number, initial?: PublicEndorsement[] | null) =>
  useQuery({ ...endorsementsQuery(skillId), ...(initial ? { initialData: initial } : {}) });

/** Sends an endorsement (the form's fields, its skill and its form token). */
/** The endorsement form's name in its pages' actions (the skill's own page, and the home page's dialog). */
export const ENDORSE_FORM = 'endorse';
