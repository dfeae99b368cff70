/** The owner's reads and forms of the fediverse section (issue 47). */
import { useQuery } from '@tanstack/react-query';
import { FEDIVERSE_INFO_PATH } from '../../../common/fediverse.ts';
import type { FediverseOwner } from '../../../common/schemas/fediverse.ts';
import { z } from '../../../common/schemas/zod.ts';
import { ADMIN_PREFIX } from '../../lib/api.ts';

export const fediverseOwnerPath = `${ADMIN_PREFIX}fediverse`;
/** What the public pages read of the fediverse (the handle): read again after the owner saves. */
export const fediversePublicPath = FEDIVERSE_INFO_PATH;
export const followerPath = (id: number) => `${fediverseOwnerPath}/followers/${id}`;
export const blocksPath = `${fediverseOwnerPath}/blocks`;
export const reactionPath = (id: number) => `${fediverseOwnerPath}/reactions/${id}`;
export const blockPath = (id: number) => `${blocksPath}/${id}`;

/** The forms of /admin/blog/fediverse. */
export const SETTINGS_FORM = 'fediverse-settings';
export const FOLLOWER_FORM = 'follower';
export const BLOCK_SERVER_FORM = 'fediverse-block-server';
export const UNBLOCK_FORM = 'fediverse-unblock';
export const REACTION_FORM = 'fediverse-reaction';

/** A follower's row: approve it, remove it, block the person or their whole server. */
export const followerActionSchema = z.object({
  id: z.coerce.number().int().positive(),
  intent: z.enum(['accept', 'remove', 'block', 'block-server']),
});

/** A like's or boost's row: block its person, or their whole server. */
export const reactionActionSchema = z.object({
  id: z.coerce.number().int().positive(),
  intent: z.enum(['block', 'block-server']),
});

/** A block's row: lift it. */
export const unblockSchema = z.object({ id: z.coerce.number().int().positive() });

export const useOwnerFediverse = () => useQuery<FediverseOwner>({ queryKey: [fediverseOwnerPath] });
