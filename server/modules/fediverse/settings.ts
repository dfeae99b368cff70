/**
 * The fediverse's settings and counts as the pages and the dashboard read them: the handle, whether
 * followers wait for approval, how many follow, whom the owner blocked. Kept apart from
 * federation.ts so that reading them never loads Fedify, which the server loads on the first
 * request that needs it (module.ts).
 */

import { isIP } from 'node:net';
import { and, count, eq, or, sql } from 'drizzle-orm';
import { profile } from '../../../content/profile.ts';
import type { Db } from '../../db/client.ts';
import { appMeta, fediverseActivities, fediverseBlocks, fediverseFollowers } from '../../db/schema.ts';
import { isPublicAddress } from '../../lib/address-check.ts';

/** The blog's one actor: its internal identifier (its address never changes, whatever its name). */
export const BLOG_ACTOR = 'blog';
/** Where the owner's chosen name for the handle is kept. */
export const HANDLE_NAME = 'fediverse:name';
/** Where the owner's choice to approve followers is kept ('1' = approve each). */
export const APPROVE_FOLLOWERS = 'fediverse:approve';
/** The handle's name when the owner has not chosen one: the profile's first name, in letters and digits. */
export function defaultHandleName(name = profile.name): string {
  const first = (name.split(/\s+/)[0] ?? '')
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9_]/g, '')
    .toLowerCase();
  return first || 'blog';
}

async function setting(db: Db, key: string): Promise<string | undefined> {
  return (await db.select().from(appMeta).where(eq(appMeta.key, key)))[0]?.value;
}

export const handleName = async (db: Db) => (await setting(db, HANDLE_NAME)) || defaultHandleName();

/** '@name@host': the handle people type to follow the blog. */
export const handleOf = async (db: Db, siteUrl: string) =>
  `@${await handleName(db)}@${new URL(siteUrl).host}`;

/** Whether each follower waits for the owner's approval. */
export const approvesFollowers = async (db: Db) => (await setting(db, APPROVE_FOLLOWERS)) === '1';

/** How many follow the blog (the ones waiting for approval aside). */
export async function acceptedFollowers(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(fediverseFollowers)
    .where(eq(fediverseFollowers.state, 'accepted'));
  return row?.n ?? 0;
}

/** An actor's host, lower case (with its port, if its address has one); null for no address. */
export const hostOf = (uri: string | undefined): string | null => {
  try {
    return uri ? new URL(uri).host.toLowerCase() : null;
  } catch {
    return null;
  }
};

/**
 * Whether the owner blocked this actor, its server, or a server its server is under (a block of
 * example.social covers media.example.social, as Mastodon's do).
 */
export async function isBlocked(db: Db, actorUri: string): Promise<boolean> {
  const host = hostOf(actorUri);
  if (!host) return false;
  const [row] = await db
    .select({ id: fediverseBlocks.id })
    .from(fediverseBlocks)
    .where(
      or(
        and(eq(fediverseBlocks.kind, 'person'), eq(fediverseBlocks.target, actorUri)),
        and(
          eq(fediverseBlocks.kind, 'server'),
          sql`(${fediverseBlocks.target} = ${host} or right(${host}, length(${fediverseBlocks.target}) + 1) = '.' || ${fediverseBlocks.target})`,
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Whether a change to a post may concern the fediverse: someone follows, or the followers have
 * heard of the post before (its Delete is owed even when none follows any more).
 */
export async function postConcernsFollowers(db: Db, postId: number): Promise<boolean> {
  if ((await acceptedFollowers(db)) > 0) return true;
  const [row] = await db
    .select({ id: fediverseActivities.id })
    .from(fediverseActivities)
    .where(eq(fediverseActivities.postId, postId))
    .limit(1);
  return row !== undefined;
}

/**
 * Why other servers cannot reach the site at its address (issue 64): without PUBLIC_URL the site
 * names itself by the request's address; a name of this machine (localhost, *.local, a name
 * without a dot) or an address that is not public is reached by nobody outside. Null when it may
 * be. No name is looked up.
 */
export function unreachableBecause(
  publicUrl: string | undefined,
): 'no-public-url' | 'private-address' | null {
  if (!publicUrl) return 'no-public-url';
  const host = new URL(publicUrl).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (isIP(host)) return isPublicAddress(host) ? null : 'private-address';
  const local = /(^|\.)(localhost|local|localdomain|internal|lan|home\.arpa|test|example|invalid)$/;
  return !host.includes('.') || local.test(host) ? 'private-address' : null;
}
