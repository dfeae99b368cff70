/**
 * Likes and boosts of the posts from the fediverse (issue 47): stored by the inbox (federation.ts)
 * from a `Like` or an `Announce` of a post, one of each kind per person and post; counted on the
 * post (through the read cache) and listed for the owner; taken away by their Undo, by a block of
 * their author or server, and with the post. Apart from federation.ts so the pages and the
 * dashboard read them without Fedify.
 */
import { and, count, desc, eq, or, sql } from 'drizzle-orm';
import type { FediverseReaction, ReactionCounts } from '../../../common/schemas/fediverse.ts';
import { webAddress } from '../../../common/web-address.ts';
import type { Db } from '../../db/client.ts';
import { blogPosts, fediverseReactions } from '../../db/schema.ts';

export type ReactionKind = 'like' | 'boost';
/** A post's counts in the read cache. */
export const reactionsCacheKey = (postId: number) => `fediverse-reactions:${postId}`;

export interface NewReaction {
  postId: number;
  kind: ReactionKind;
  activityId: string;
  actorUri: string;
  handle: string;
  name: string;
  profileUrl: string;
  server: string;
  reactedAt?: Date;
}

/**
 * Keeps a like or a boost. The same person's second one of a post is the same reaction: its newer
 * activity id is kept (the one a later Undo names), and nothing is counted twice.
 */
export async function addReaction(db: Db, reaction: NewReaction): Promise<void> {
  await db
    .insert(fediverseReactions)
    .values(reaction)
    .onConflictDoUpdate({
      target: [fediverseReactions.postId, fediverseReactions.kind, fediverseReactions.actorUri],
      set: {
        activityId: reaction.activityId,
        handle: reaction.handle,
        name: reaction.name,
        profileUrl: reaction.profileUrl,
      },
    });
}

/** An Undo of a like or a boost, from its own author: the posts it changed. */
export async function removeReaction(db: Db, activityId: string, actorUri: string): Promise<number[]> {
  const removed = await db
    .delete(fediverseReactions)
    .where(and(eq(fediverseReactions.activityId, activityId), eq(fediverseReactions.actorUri, actorUri)))
    .returning({ postId: fediverseReactions.postId });
  return removed.map((row) => row.postId);
}

/** An Undo of a like or a boost matched as Mastodon matches one: by who reacted to which post. */
export async function removeReactionOf(
  db: Db,
  { postId, kind, actorUri }: { postId: number; kind: ReactionKind; actorUri: string },
): Promise<number[]> {
  const removed = await db
    .delete(fediverseReactions)
    .where(
      and(
        eq(fediverseReactions.postId, postId),
        eq(fediverseReactions.kind, kind),
        eq(fediverseReactions.actorUri, actorUri),
      ),
    )
    .returning({ postId: fediverseReactions.postId });
  return removed.map((row) => row.postId);
}

/**
 * What a block takes away: a person's likes and boosts, or everyone's on a server and the servers
 * under it (as a block covers them). The posts it changed.
 */
export async function removeReactionsOf(
  db: Db,
  who: { actorUri: string } | { server: string },
): Promise<number[]> {
  const where =
    'actorUri' in who
      ? eq(fediverseReactions.actorUri, who.actorUri)
      : or(
          eq(fediverseReactions.server, who.server),
          sql`right(${fediverseReactions.server}, ${who.server.length + 1}) = ${`.${who.server}`}`,
        );
  const removed = await db
    .delete(fediverseReactions)
    .where(where)
    .returning({ postId: fediverseReactions.postId });
  return [...new Set(removed.map((row) => row.postId))];
}

/** A post's likes and boosts (every post's together without one). */
export async function reactionCounts(db: Db, postId?: number): Promise<ReactionCounts> {
  const rows = await db
    .select({ kind: fediverseReactions.kind, n: count() })
    .from(fediverseReactions)
    .where(postId === undefined ? undefined : eq(fediverseReactions.postId, postId))
    .groupBy(fediverseReactions.kind);
  const of = (kind: ReactionKind) => rows.find((row) => row.kind === kind)?.n ?? 0;
  return { likes: of('like'), boosts: of('boost') };
}

/** The latest likes and boosts with their post, newest first, for the owner. */
export async function recentReactions(db: Db, limit: number): Promise<FediverseReaction[]> {
  const rows = await db
    .select({
      id: fediverseReactions.id,
      kind: fediverseReactions.kind,
      handle: fediverseReactions.handle,
      name: fediverseReactions.name,
      profileUrl: fediverseReactions.profileUrl,
      server: fediverseReactions.server,
      title: blogPosts.title,
      slug: blogPosts.slug,
      reactedAt: fediverseReactions.reactedAt,
    })
    .from(fediverseReactions)
    .innerJoin(blogPosts, eq(blogPosts.id, fediverseReactions.postId))
    .orderBy(desc(fediverseReactions.reactedAt), desc(fediverseReactions.id))
    .limit(limit);
  return rows.map(({ title, slug, reactedAt, ...row }) => ({
    ...row,
    // A web address only, even one stored before that was the rule (issue 62): else its server.
    profileUrl: webAddress(row.profileUrl)?.href ?? `https://${row.server}/`,
    post: { title, slug },
    reactedAt: reactedAt.toISOString(),
  }));
}
