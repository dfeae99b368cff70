/** A skill's recent endorsements, read through the query cache (the dialog's and the skill's own page's QueryScope). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { endorsementsPath, type PublicEndorsement } from './api.ts';

export const endorsementsQuery = (skillId: number) =>
  queryOptions<PublicEndorsement[]>({ queryKey: [endorsementsPath(skillId)] });

/** A skill's recent endorsements; `initial` is the list the server read for the page's HTML. */
export const useEndorsements = (skillId: number, initial?: PublicEndorsement[] | null) =>
  useQuery({ ...endorsementsQuery(skillId), ...(initial ? { initialData: initial } : {}) });
