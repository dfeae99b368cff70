/** The owner's view of the endorsements: its paths, reads and requests (kept out of the home page's code). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_PREFIX } from '../../lib/api.ts';
import { SKILLS_PATH, type SkillsByCategory } from './api.ts';

/** Every endorsement, and removing one. */
export const endorsementOwnerPaths = {
  endorsements: `${ADMIN_PREFIX}endorsements`,
  endorsement: (id: number) => `${ADMIN_PREFIX}endorsements/${id}`,
} as const;

/** The skills for the dashboard's filter, which trusts its own server's answer. */
const skillsByCategoryQuery = () => queryOptions<SkillsByCategory>({ queryKey: [SKILLS_PATH] });

/** The skills for the dashboard's filter. */
export const useSkillsByCategory = () => useQuery(skillsByCategoryQuery());

/** 'Remove' asks first, on the page at the endorsement (`?remove=<id>`), then posts this form. */
export const REMOVE_ENDORSEMENT_FORM = 'endorsement-remove';
export const REMOVE_ENDORSEMENT_PARAM = 'remove';
