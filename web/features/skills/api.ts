import type { PublicEndorsement } from '../../../common/schemas/endorsements.ts';
import type { SkillsByCategory } from '../../../common/schemas/skills.ts';

/** Query keys are API paths (spec section 7). */
export const SKILLS_PATH = '/api/skills';
export const endorsementsPath = (skillId: number) => `/api/skill-endorsements?skillId=${skillId}`;

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
