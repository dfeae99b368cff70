/** The owner's view of the endorsements: its paths, reads and requests (kept out of the home page's code). */
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/request.ts';
import { ADMIN_PREFIX } from '../admin/api.ts';
import { skillsByCategoryQuery } from './api.ts';

/** Every endorsement, and removing one. */
export const endorsementOwnerPaths = {
  endorsements: `${ADMIN_PREFIX}endorsements`,
  endorsement: (id: number) => `${ADMIN_PREFIX}endorsements/${id}`,
} as const;

/** The skills for the dashboard's filter. */
export const useSkillsByCategory = () => useQuery(skillsByCategoryQuery());

/** The owner removes an abusive endorsement (the skill's count follows). */
export const removeEndorsement = (id: number) => apiRequest('DELETE', endorsementOwnerPaths.endorsement(id));
