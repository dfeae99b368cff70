/**
 * The owner's side of the comments: the moderation list, answering a comment (the commenter
 * emailed when they asked), the count waiting, and approving, rejecting or marking spam.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { postPath } from '../../../common/blog-paths.ts';
import type { PageQuery } from '../../../common/schemas/shared.ts';
import { countOf, newestPage, paged, withIsoDates } from '../../db/paging.ts';
import { blogPosts, comments } from '../../db/schema.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { enqueueNotification } from '../notifications/service.ts';
import type { CommentContext } from './context.ts';

export type ModerationStatus = 'pending' | 'approved' | 'spam' | 'all';

const moderationWhere = {
  pending: and(eq(comments.isApproved, false), eq(comments.isSpam, false)),
  approved: and(eq(comments.isApproved, true), eq(comments.isSpam, false)),
  spam: eq(comments.isSpam, true),
  all: undefined,
} as const;

/** Where a reply email's stop link points. */
export const UNSUBSCRIBE_PATH = '/comments/unsubscribe';

export function moderation({ db, forgetPost, siteUrl, ownerName, events }: CommentContext) {
  return {
    /** Comments for the owner, newest first, with the title and address of their post. */
    async listForModeration(status: ModerationStatus, query: PageQuery) {
      const where = moderationWhere[status];
      return paged(db, comments, where, query, async (offset) =>
        (
          await newestPage(
            db
              .select({ comment: comments, postTitle: blogPosts.title, postSlug: blogPosts.slug })
              .from(comments)
              .innerJoin(blogPosts, eq(blogPosts.id, comments.postId))
              .where(where)
              .$dynamic(),
            [comments.createdAt, comments.id],
            query,
            offset,
          )
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
