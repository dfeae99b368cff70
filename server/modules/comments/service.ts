import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { PageQuery } from '../../../common/schemas/admin.ts';
import type { PublicComment } from '../../../common/schemas/comments.ts';
import type { Db } from '../../db/client.ts';
import { countOf, paged, withIsoDates } from '../../db/paging.ts';
import { blogPosts, comments } from '../../db/schema.ts';
import type { ReadCache } from '../../lib/read-cache.ts';
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

export function createCommentService(db: Db, cache: Pick<ReadCache, 'invalidate'>) {
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
        })
        .from(comments)
        .where(and(eq(comments.postId, postId), eq(comments.isApproved, true), eq(comments.isSpam, false)))
        .orderBy(asc(comments.createdAt), asc(comments.id));
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    },

    /** Stores a comment awaiting moderation (unapproved, not spam) and notifies the owner. */
    async submit(comment: NewComment): Promise<void> {
      await db.transaction(async (tx) => {
        const { postTitle, ...values } = comment;
        await tx.insert(comments).values({ ...values, isApproved: false, isSpam: false });
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

export interface NewComment {
  postId: number;
  postTitle: string;
  name: string;
  email: string;
  content: string;
  captchaToken: string;
  ipAddress: string;
}
