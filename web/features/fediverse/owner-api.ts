/** The owner's reads and forms of the fediverse section (issue 47). */
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { FEDIVERSE_INFO_PATH } from '../../../common/fediverse.ts';
import type { FediverseOwner } from '../../../common/schemas/fediverse.ts';
import { ADMIN_PREFIX } from '../admin/api.ts';

export const fediverseOwnerPath = `${ADMIN_PREFIX}fediverse`;
/** What the public pages read of the fediverse (the handle): read again after the owner saves. */
export const fediversePublicPath = FEDIVERSE_INFO_PATH;
export const followerPath = (id: number) => `${fediverseOwnerPath}/followers/${id}`;

/** The forms of /admin/blog/fediverse. */
export const SETTINGS_FORM = 'fediverse-settings';
export const FOLLOWER_FORM = 'follower';

/** A follower's row: approve it, or remove it. */
export const followerActionSchema = z.object({
  id: z.coerce.number().int().positive(),
  intent: z.enum(['accept', 'remove']),
});

export const useOwnerFediverse = () => useQuery<FediverseOwner>({ queryKey: [fediverseOwnerPath] });
