import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicCommentListSchema } from '../../../common/schemas/comments.ts';
import { notFound } from '../../lib/http-error.ts';
import { type ReadCache, sendJson } from '../../lib/read-cache.ts';
import type { BlogService } from '../blog/service.ts';
import { COMMENTS_CACHE_PREFIX, type CommentService } from './service.ts';

export const postIdParamsSchema = z.object({ postId: z.string().max(20) });

/** The numeric post id of a path, or a 404: a malformed id names no post. */
export function parsePostId(raw: string): number {
  const id = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) throw notFound('Post not found');
  return id;
}

export const commentRoutes: FastifyPluginAsyncZod<{
  blog: BlogService;
  comments: CommentService;
  cache: ReadCache;
}> = async (app, { blog, comments, cache }) => {
  app.get(
    '/api/blog/post/:postId/comments',
    { schema: { params: postIdParamsSchema, response: { 200: publicCommentListSchema } } },
    async (request, reply) => {
      const postId = parsePostId(request.params.postId);
      const body = await cache.json(`${COMMENTS_CACHE_PREFIX}${postId}`, publicCommentListSchema, async () =>
        (await blog.isPublishedPost(postId)) ? comments.listApproved(postId) : null,
      );
      if (body === null) throw notFound('Post not found');
      return sendJson(reply, body);
    },
  );
};
