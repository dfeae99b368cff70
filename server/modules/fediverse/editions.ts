/**
 * A post's object id on the fediverse, per edition (issue 64). Mastodon keeps a tombstone for an
 * object it was told was deleted and never takes a `Create` of that id again: a post taken down
 * (unpublished, deleted, moved) and published again at the same address is a new object,
 * `/ap/posts/<slug>~<n>`, where n - 1 objects of that slug were taken down before. Read from what
 * the followers were told (`fediverse_activities`), so every process names the same id.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fediverseActivities } from '../../db/schema.ts';

const EDITION = /~\d+$/;

/** The slug an object-id parameter names (`my-post~2` is `my-post`). */
export const slugOfEdition = (param: string) => param.replace(EDITION, '');

/** Whether an object taken down (its id) was an edition of `slug`. */
const ofSlug = (objectId: string, slug: string) => {
  const last = decodeURIComponent(new URL(objectId).pathname.split('/').at(-1) ?? '');
  return last === slug || (last.startsWith(`${slug}~`) && EDITION.test(last));
};

/** The object-id parameter of each post's current edition: its slug, or `slug~n`. */
export async function editionsOf(db: Db, posts: ReadonlyArray<{ id: number; slug: string }>) {
  const editions = new Map<number, string>();
  if (posts.length === 0) return editions;
  const takenDown = await db
    .select({ postId: fediverseActivities.postId, objectId: fediverseActivities.objectId })
    .from(fediverseActivities)
    .where(
      and(
        inArray(
          fediverseActivities.postId,
          posts.map((post) => post.id),
        ),
        eq(fediverseActivities.kind, 'delete'),
      ),
    );
  for (const post of posts) {
    const before = takenDown.filter(
      (row) => row.postId === post.id && ofSlug(row.objectId, post.slug),
    ).length;
    editions.set(post.id, before === 0 ? post.slug : `${post.slug}~${before + 1}`);
  }
  return editions;
}

/** The object-id parameter of a post's current edition. */
export const editionOf = async (db: Db, post: { id: number; slug: string }) =>
  (await editionsOf(db, [post])).get(post.id) ?? post.slug;
