/**
 * The skills' API paths and texts (query keys are API paths, spec section 7; each path is written
 * here once). No query library here: the home page loads this module (ADR 022); the reads through
 * the query cache are in endorsements-api.ts and owner-api.ts.
 */
import type { PublicEndorsement, SkillsByCategory } from '../../../common/schemas/skills.ts';
import { requestJson } from '../../lib/request.ts';

export const SKILLS_PATH = '/api/skills';
/** A skill's endorsements (GET with ?skillId=) and a new endorsement (POST). */
export const ENDORSEMENTS_PATH = '/api/skill-endorsements';
/** A skill's endorsement form on a page of its own (the home page's dialog takes it over when live). */
export const endorsePath = (skillId: number) => `/skills/${skillId}/endorse`;
export const endorsementsPath = (skillId: number) => `${ENDORSEMENTS_PATH}?skillId=${skillId}`;

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

/** Sends an endorsement (the form's fields, its skill and its form token). */
/** The skills with their counts, read again (after an endorsement sent from the home page's dialog). */
export const readSkills = () => requestJson<unknown>('GET', SKILLS_PATH);

/** The endorsement form's name in its pages' actions (the skill's own page, and the home page's dialog). */
export const ENDORSE_FORM = 'endorse';
