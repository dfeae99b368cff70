/**
 * Webmention (issue 47, point 7; W3C Recommendation, 2017), both ways.
 *
 * Received: another site says its page (`source`) links to a post (`target`). The request is
 * checked at once (addresses, a live post of this site) and answered 202; the source is read
 * afterwards (`checkDue`, 3.2.2), through the importer's address guard: a mention is kept only while
 * its page links to the post, waits for the owner (`pending`) and shows under the post once
 * approved. The same mention sent again is read again: still linking, it stays (an approved one
 * stays approved, its title brought up to date); gone (404, 410) or no longer linking, it goes.
 *
 * Sent: when a post goes live (or a live post is edited), each page on another site it links to is
 * queued once (`webmention_sends`); `sendDue` discovers each target's endpoint (3.1.2) and posts
 * `source` and `target` to it. Only from a site with a public address (PUBLIC_URL): the receiver
 * reads the source there.
 *
 * Put together from its parts (issue 63): received.ts and sent.ts over one context (context.ts);
 * the lists and the owner's approval here.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  type OwnerMention,
  type PublicMention,
  publicMentionSchema,
} from '../../../common/schemas/webmention.ts';
import { blogPosts, webmentions } from '../../db/schema.ts';
import { forgetMentions, mentionsCacheKey, type WebmentionDeps } from './context.ts';
import { receivedMentions } from './received.ts';
import { sentMentions } from './sent.ts';

export { mentionsCacheKey, type WebmentionDeps } from './context.ts';
export {
  MAX_WAITING_PER_POST,
  MAX_WAITING_PER_SITE,
  type Received,
  TOO_MANY_FROM_SITE,
  TOO_MANY_ON_POST,
} from './received.ts';

/** The most mentions the owner's list shows (newest first). */
const LISTED = 500;

export function createWebmentions(deps: WebmentionDeps) {
  const { db, cache, blog } = deps;
  const changed = (postIds: number[]) => forgetMentions(cache, postIds);

  return {
    ...receivedMentions(deps),
    ...sentMentions(deps),

    /** A live post's approved mentions, oldest first, as cached JSON; null for no such post. */
    publicList(postId: number): Promise<string | null> {
      return cache.json(mentionsCacheKey(postId), publicMentionSchema.array(), async () => {
        if (!(await blog.findPublishedById(postId))) return null;
        const rows = await db
          .select()
          .from(webmentions)
          .where(and(eq(webmentions.postId, postId), eq(webmentions.status, 'approved')))
          .orderBy(webmentions.receivedAt, webmentions.id);
        return rows.map(toPublic);
      });
    },

    /** The owner's list: checked mentions, waiting or shown, newest first. */
    async ownerList(): Promise<OwnerMention[]> {
      const rows = await db
        .select({
          mention: webmentions,
          post: { id: blogPosts.id, title: blogPosts.title, slug: blogPosts.slug },
        })
        .from(webmentions)
        .innerJoin(blogPosts, eq(blogPosts.id, webmentions.postId))
        .where(inArray(webmentions.status, ['pending', 'approved']))
        .orderBy(desc(webmentions.receivedAt), desc(webmentions.id))
        .limit(LISTED);
      return rows.map(({ mention, post }) => ({
        ...toPublic(mention),
        status: mention.status === 'approved' ? 'approved' : 'pending',
        post,
      }));
    },

    /** Shows a checked mention under its post; false when there is none waiting or shown. */
    async approve(id: number): Promise<boolean> {
      const [row] = await db
        .update(webmentions)
        .set({ status: 'approved' })
        .where(and(eq(webmentions.id, id), inArray(webmentions.status, ['pending', 'approved'])))
        .returning({ postId: webmentions.postId });
      if (row) changed([row.postId]);
      return Boolean(row);
    },

    /** Takes a mention away; false when there was none. */
    async remove(id: number): Promise<boolean> {
      const [row] = await db
        .delete(webmentions)
        .where(eq(webmentions.id, id))
        .returning({ postId: webmentions.postId, status: webmentions.status });
      if (row?.status === 'approved') changed([row.postId]);
      return Boolean(row);
    },
  };
}

const toPublic = (row: typeof webmentions.$inferSelect): PublicMention => {
  const source = new URL(row.source);
  return {
    id: row.id,
    source: row.source,
    title: row.title,
    author: row.author,
    site: source.host,
    receivedAt: row.receivedAt.toISOString(),
  };
};

export type Webmentions = ReturnType<typeof createWebmentions>;
