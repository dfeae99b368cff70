import { and, asc, eq } from 'drizzle-orm';
import type { PublicComment } from '../../../common/schemas/comments.ts';
import type { Db } from '../../db/client.ts';
import { comments } from '../../db/schema.ts';
import { enqueueNotification } from '../notifications/service.ts';

/** Cache key prefix of a post's public comment list; `${prefix}${postId}`. */
export const COMMENTS_CACHE_PREFIX = 'comments:';

export function createCommentService(db: Db) {
  return {
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
