/**
 * Replies from the fediverse (issue 47) as comments: stored to await moderation, their authors'
 * avatars, deleted by their authors, and the owner's answer as it goes back there.
 */
import { and, eq } from 'drizzle-orm';
import { blogPosts, comments } from '../../db/schema.ts';
import { enqueueNotification } from '../notifications/service.ts';
import type { CommentContext } from './context.ts';

export function fediverseReplies({ db, forgetPost }: CommentContext) {
  return {
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
  };
}

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
