import { z } from './zod.ts';

/** A public comment as GET /api/blog/post/:postId/comments answers it: never the email or IP. */
export const publicCommentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  content: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  /** The comment this one answers (replies are one level deep); null for a comment on the post. */
  parentId: z.number().int().nullable(),
  /** Written by the site's owner. */
  isAuthorReply: z.boolean(),
});

export const publicCommentListSchema = z.array(publicCommentSchema);
export type PublicComment = z.infer<typeof publicCommentSchema>;
