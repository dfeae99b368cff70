import { z } from './zod.ts';

/** A public comment as GET /api/blog/post/:postId/comments answers it: never the email or IP. */
export const publicCommentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  content: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});

export const publicCommentListSchema = z.array(publicCommentSchema);
export type PublicComment = z.infer<typeof publicCommentSchema>;
