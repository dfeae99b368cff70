import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicCommentListSchema } from '../../../common/schemas/comments.ts';
import { commentFormSchema } from '../../../common/schemas/forms.ts';
import { type BotCheck, checkVerificationPhrase } from '../../lib/anti-spam.ts';
import { notFound } from '../../lib/http-error.ts';
import { type ReadCache, sendJson } from '../../lib/read-cache.ts';
import { publicFormLimit } from '../../plugins/security.ts';
import type { BlogService } from '../blog/service.ts';
import { COMMENTS_CACHE_PREFIX, type CommentService } from './service.ts';

const submittedSchema = z.object({ message: z.string() });
const SUBMITTED = 'Your comment has been submitted and is awaiting moderation.';

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
  botCheck: BotCheck;
}> = async (app, { blog, comments, cache, botCheck }) => {
  app.get(
    '/api/blog/post/:postId/comments',
    { schema: { params: postIdParamsSchema, response: { 200: publicCommentListSchema } } },
    async (request, reply) => {
      const postId = parsePostId(request.params.postId);
      const body = await cache.json(`${COMMENTS_CACHE_PREFIX}${postId}`, publicCommentListSchema, async () =>
        (await blog.findPublishedById(postId)) ? comments.listApproved(postId) : null,
      );
      if (body === null) throw notFound('Post not found');
      return sendJson(reply, body);
    },
  );

  app.post(
    '/api/blog/post/:postId/comments',
    {
      schema: { params: postIdParamsSchema, body: commentFormSchema, response: { 201: submittedSchema } },
      config: { rateLimit: publicFormLimit },
    },
    async (request, reply) => {
      const postId = parsePostId(request.params.postId);
      const post = await blog.findPublishedById(postId);
      if (!post) throw notFound('Post not found');
      const body = request.body;
      checkVerificationPhrase(body.captchaToken, 'Please complete the CAPTCHA verification');
      // A bot gets the same answer as a person, and nothing is stored. The token was issued for this post.
      if (await botCheck.admit(body, 'comment', String(postId))) {
        await comments.submit({
          postId,
          postTitle: post.title,
          name: body.name,
          email: body.email,
          content: body.content,
          captchaToken: body.captchaToken,
          ipAddress: request.ip,
        });
      }
      return reply.code(201).send({ message: SUBMITTED });
    },
  );
};
