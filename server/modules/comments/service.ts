/**
 * The comments of the blog (put together from its parts, issue 63): a post's public list, a
 * visitor's comment and its stop link here; replies from the fediverse (fediverse-replies.ts) and
 * the owner's moderation (moderation.ts) over one context (context.ts).
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { PublicComment } from '../../../common/schemas/comments.ts';
import { webAddress } from '../../../common/web-address.ts';
import type { Db } from '../../db/client.ts';
import { comments } from '../../db/schema.ts';
import type { ReadCache } from '../../lib/read-cache.ts';
import type { SiteEvents } from '../../lib/site-events.ts';
import { enqueueNotification } from '../notifications/service.ts';
import type { CommentContext } from './context.ts';
import { fediverseReplies } from './fediverse-replies.ts';
import { moderation } from './moderation.ts';

export type { FediverseReply } from './fediverse-replies.ts';
export { type ModerationStatus, UNSUBSCRIBE_PATH } from './moderation.ts';

/** Cache key prefix of a post's public comment list; `${prefix}${postId}`. */
export const COMMENTS_CACHE_PREFIX = 'comments:';

/** `siteUrl`: the public address, for the links in reply emails; `ownerName`: who the owner's answers are from. */
export function createCommentService(
  db: Db,
  cache: Pick<ReadCache, 'invalidate'>,
  { siteUrl, ownerName, events }: { siteUrl: string; ownerName: string; events?: SiteEvents },
) {
  /** A post's public comment list is read afresh after this. */
  const forgetPost = (postId: number) => cache.invalidate(`${COMMENTS_CACHE_PREFIX}${postId}`);
  const context: CommentContext = { db, forgetPost, siteUrl, ownerName, events };

  return {
    forgetPost,
    ...fediverseReplies(context),
    ...moderation(context),

    /** A post's approved, non-spam comments, oldest first; only public fields. */
    async listApproved(postId: number): Promise<PublicComment[]> {
      const rows = await db
        .select({
          id: comments.id,
          name: comments.name,
          content: comments.content,
          createdAt: comments.createdAt,
          parentId: comments.parentId,
          isAuthorReply: comments.isAuthorReply,
          authorHandle: comments.authorHandle,
          authorUrl: comments.authorUrl,
          authorAvatar: comments.authorAvatar,
        })
        .from(comments)
        .where(and(eq(comments.postId, postId), eq(comments.isApproved, true), eq(comments.isSpam, false)))
        .orderBy(asc(comments.createdAt), asc(comments.id));
      return rows.map(({ authorHandle, authorUrl, authorAvatar, ...row }) => {
        // A web address only, even one stored before that was the rule (issue 62).
        const profileUrl = webAddress(authorUrl)?.href;
        return {
          ...row,
          createdAt: row.createdAt.toISOString(),
          fediverse:
            authorHandle && profileUrl ? { handle: authorHandle, profileUrl, avatar: authorAvatar } : null,
        };
      });
    },

    /**
     * Stores a comment awaiting moderation (unapproved, not spam) and notifies the owner. A
     * commenter who asks to hear of a reply gets a secret that their email's stop link carries.
     */
    async submit(comment: NewComment): Promise<void> {
      await db.transaction(async (tx) => {
        const { postTitle, ...values } = comment;
        await tx.insert(comments).values({
          ...values,
          isApproved: false,
          isSpam: false,
          unsubscribeToken: values.notifyOnReply ? randomBytes(24).toString('base64url') : null,
        });
        await enqueueNotification(tx, {
          kind: 'comment',
          subject: `New comment on "${postTitle}" awaits moderation`,
          fields: { Post: postTitle, Name: comment.name, Email: comment.email, Comment: comment.content },
        });
      });
    },

    /** Whether a comment is shown under its post (approved, not spam): a fediverse object while it is. */
    async isShown(commentId: number, postId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: comments.id })
        .from(comments)
        .where(
          and(
            eq(comments.id, commentId),
            eq(comments.postId, postId),
            eq(comments.isApproved, true),
            eq(comments.isSpam, false),
          ),
        );
      return row !== undefined;
    },

    /** Stops reply emails for every comment carrying this secret; how many comments it was. */
    async unsubscribe(token: string): Promise<number> {
      const changed = await db
        .update(comments)
        .set({ notifyOnReply: false })
        .where(eq(comments.unsubscribeToken, token))
        .returning({ id: comments.id });
      return changed.length;
    },

    /** Whether a stop link's secret names a comment. */
    async knowsToken(token: string): Promise<boolean> {
      const [row] = await db
        .select({ id: comments.id })
        .from(comments)
        .where(eq(comments.unsubscribeToken, token))
        .limit(1);
      return !!row;
    },
  };
}

export type CommentService = ReturnType<typeof createCommentService>;

export interface NewComment {
  postId: number;
  postTitle: string;
  name: string;
  email: string;
  content: string;
  captchaToken: string;
  ipAddress: string;
  notifyOnReply: boolean;
}
