/** The owner's side of comments: the moderation queue, approve/reject/spam in bulk, and answers. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCommentSchema,
  commentReplySchema,
  publicCommentSchema,
} from '../../../common/schemas/comments.ts';
import { moderationAction, pageOf } from '../../../common/schemas/shared.ts';
import { idParams, pageQuery } from '../../lib/route-params.ts';
import type { CommentService } from './service.ts';

export const commentAdminRoutes: FastifyPluginAsyncZod<{ comments: CommentService }> = async (
  app,
  { comments },
) => {
  app.get(
    '/api/admin/comments',
    {
      schema: {
        response: { 200: pageOf(adminCommentSchema) },
        querystring: pageQuery.extend({
          status: z.enum(['pending', 'approved', 'spam', 'all']).default('pending'),
        }),
      },
    },
    async (request) => comments.listForModeration(request.query.status, request.query),
  );
  app.post(
    '/api/admin/comments/moderate',
    {
      schema: {
        response: { 200: z.object({ changed: z.number().int() }) },
        body: z.object({
          ids: z.array(z.number().int().positive()).min(1, 'Select at least one comment').max(200),
          action: moderationAction,
        }),
      },
    },
    async (request) => ({ changed: await comments.moderate(request.body.ids, request.body.action) }),
  );
  // The owner answers a comment, from the post or the dashboard.
  app.post(
    '/api/admin/comments/:id/reply',
    { schema: { params: idParams, body: commentReplySchema, response: { 201: publicCommentSchema } } },
    async (request, reply) =>
      reply.code(201).send(await comments.reply(request.params.id, request.body.content)),
  );
};
