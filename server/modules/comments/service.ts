import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { postPath } from '../../../common/blog-paths.ts';
import type { PublicComment } from '../../../common/schemas/comments.ts';
import type { PageQuery } from '../../../common/schemas/shared.ts';
import { webAddress } from '../../../common/web-address.ts';
import type { Db } from '../../db/client.ts';
import { countOf, paged, withIsoDates } from '../../db/paging.ts';
import { blogPosts, comments } from '../../db/schema.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import type { ReadCache } from '../../lib/read-cache.ts';
import type { SiteEvents } from '../../lib/site-events.ts';
import { enqueueNotification } from '../notifications/service.ts';

/** Cache key prefix of a post's public comment list; `${prefix}${postId}`. */
export const COMMENTS_CACHE_PREFIX = 'comments:';

export type ModerationStatus = 'pending' | 'approved' | 'spam' | 'all';

const moderationWhere = {
  pending: and(eq(comments.isApproved, false), eq(comments.isSpam, false)),
  approved: and(eq(comments.isApproved, true), eq(comments.isSpam, false)),
  spam: eq(comments.isSpam, true),
  all: undefined,
} as const;

/** Where a reply email's stop link points. */
export const UNSUBSCRIBE_PATH = '/comments/unsubscribe';

/** `siteUrl`: the public address, for the links in reply emails; `ownerName`: who the owner's answers are from. */
export function createCommentService(
  db: Db,
  cache: Pick<ReadCache, 'invalidate'>,
  { siteUrl, ownerName, events }: { siteUrl: string; ownerName: string; events?: SiteEvents },
) {
  /** A post's public comment list is read afresh after this. */
  const forgetPost = (postId: number) => cache.invalidate(`${COMMENTS_CACHE_PREFIX}${postId}`);

  return {
    forgetPost,

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
     * A reply from the fediverse (issue 47): awaits moderation like any comment, and the owner is
     * told. The same reply delivered twice is one comment. False when it was already there.
     */
    async fromFediverse(reply: FediverseReply): Promise<boolean> {
      return db.transaction(async (tx) => {
        const { postTitle, ...values } = reply;
        const [stored] = await tx
          .insert(comments)
          .values({ ...values, email: '', isApproved: false, isSpam: false })
          .onConflictDoNothing({ target: comments.activityId })
          .returning({ id: comments.id });
        if (!stored) return false;
        await enqueueNotification(tx, {
          kind: 'comment',
          subject: `New comment on "${postTitle}" awaits moderation`,
          fields: {
            Post: postTitle,
            Name: reply.name,
            Fediverse: reply.authorHandle,
            Comment: reply.content,
          },
        });
        return true;
      });
    },

    /** A fediverse author's avatar, as this site keeps it: shown beside each of their replies. */
    async setFediverseAvatar(authorActor: string, address: string): Promise<void> {
      const changed = await db
        .update(comments)
        .set({ authorAvatar: address })
        .where(eq(comments.authorActor, authorActor))
        .returning({ postId: comments.postId });
      for (const postId of new Set(changed.map((row) => row.postId))) await forgetPost(postId);
    },

    /** A fediverse reply deleted by its author: gone from the post and the moderation queue. */
    async deleteFromFediverse(activityId: string, authorActor: string): Promise<boolean> {
      const removed = await db
        .delete(comments)
        .where(and(eq(comments.activityId, activityId), eq(comments.authorActor, authorActor)))
        .returning({ postId: comments.postId });
      for (const { postId } of removed) await forgetPost(postId);
      return removed.length > 0;
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

    // --- moderation -----------------------------------------------------------------
    /** Comments for the owner, newest first, with the title and address of their post. */
    async listForModeration(status: ModerationStatus, query: PageQuery) {
      const where = moderationWhere[status];
      return paged(db, comments, where, query, async (offset) =>
        (
          await db
            .select({ comment: comments, postTitle: blogPosts.title, postSlug: blogPosts.slug })
            .from(comments)
            .innerJoin(blogPosts, eq(blogPosts.id, comments.postId))
            .where(where)
            .orderBy(desc(comments.createdAt), desc(comments.id))
            .limit(query.pageSize)
            .offset(offset)
        ).map(({ comment, postTitle, postSlug }) => ({ ...withIsoDates(comment), postTitle, postSlug })),
      );
    },

    /**
     * The owner answers a comment: the answer is public at once, under the comment it answers
     * (an answer to an answer goes under the same comment: one level deep), marked as the
     * author's; the comment answered is approved. A commenter who asked is emailed through the
     * outbox, with a link that stops further emails.
     */
    async reply(commentId: number, content: string) {
      const author = { name: ownerName };
      const answer = await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ comment: comments, postTitle: blogPosts.title, postSlug: blogPosts.slug })
          .from(comments)
          .innerJoin(blogPosts, eq(blogPosts.id, comments.postId))
          .where(eq(comments.id, commentId));
        if (!row) throw notFound('Comment not found');
        const { comment } = row;
        if (comment.isSpam) throw new HttpError(409, 'A comment marked as spam cannot be answered');
        if (!comment.isApproved) {
          await tx.update(comments).set({ isApproved: true }).where(eq(comments.id, comment.id));
        }
        const [inserted] = await tx
          .insert(comments)
          .values({
            postId: comment.postId,
            parentId: comment.parentId ?? comment.id,
            name: author.name,
            email: '',
            content,
            isApproved: true,
            isSpam: false,
            isAuthorReply: true,
          })
          .returning();
        if (!inserted) throw new Error('The reply was not stored');
        if (comment.notifyOnReply && comment.unsubscribeToken && !comment.isAuthorReply) {
          const postUrl = `${siteUrl}${postPath(row.postSlug)}`;
          await enqueueNotification(tx, {
            kind: 'reply',
            recipient: comment.email,
            subject: `${author.name} replied to your comment on "${row.postTitle}"`,
            fields: {
              Post: row.postTitle,
              'Your comment': comment.content,
              [`${author.name} replied`]: content,
              'Read it on the site': `${postUrl}#comment-${inserted.id}`,
              'Stop emails about replies': `${siteUrl}${UNSUBSCRIBE_PATH}?token=${comment.unsubscribeToken}`,
            },
            sourceId: inserted.id,
          });
        }
        return withIsoDates(inserted);
      });
      forgetPost(answer.postId);
      events?.emit('comment-answered', { replyId: answer.id, commentId });
      return answer;
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

    /**
     * The owner's answer to a reply from the fediverse, as it goes back there: the answer, its post
     * and the fediverse reply it answers; null when the answered comment was written on the site.
     */
    async fediverseAnswer(replyId: number, commentId: number) {
      const [answer] = await db
        .select({
          id: comments.id,
          content: comments.content,
          createdAt: comments.createdAt,
          postId: comments.postId,
          postSlug: blogPosts.slug,
        })
        .from(comments)
        .innerJoin(blogPosts, eq(blogPosts.id, comments.postId))
        .where(and(eq(comments.id, replyId), eq(comments.isAuthorReply, true)));
      const [to] = await db
        .select({
          activityId: comments.activityId,
          actor: comments.authorActor,
          handle: comments.authorHandle,
          profileUrl: comments.authorUrl,
          name: comments.name,
        })
        .from(comments)
        .where(eq(comments.id, commentId));
      if (!answer || !to?.activityId || !to.actor || !to.handle || !to.profileUrl) return null;
      return {
        answer,
        to: {
          activityId: to.activityId,
          actor: to.actor,
          handle: to.handle,
          profileUrl: to.profileUrl,
          name: to.name,
        },
      };
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

    /** How many comments wait for moderation. */
    async pendingCount(): Promise<number> {
      return countOf(db, comments, moderationWhere.pending);
    },

    /** Approve, reject (delete) or mark spam, for one or many comments; returns how many changed. */
    async moderate(ids: number[], action: 'approve' | 'reject' | 'spam'): Promise<number> {
      const affected =
        action === 'reject'
          ? await db.delete(comments).where(inArray(comments.id, ids)).returning({ postId: comments.postId })
          : await db
              .update(comments)
              .set(
                action === 'approve'
                  ? { isApproved: true, isSpam: false }
                  : { isApproved: false, isSpam: true },
              )
              .where(inArray(comments.id, ids))
              .returning({ postId: comments.postId });
      for (const postId of new Set(affected.map((row) => row.postId))) forgetPost(postId);
      return affected.length;
    },
  };
}

export type CommentService = ReturnType<typeof createCommentService>;

export interface FediverseReply {
  postId: number;
  postTitle: string;
  /** The author's display name (their handle when they have none). */
  name: string;
  /** Plain text, as the comment rules keep it. */
  content: string;
  activityId: string;
  authorActor: string;
  authorHandle: string;
  authorUrl: string;
  createdAt?: Date;
}

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
