import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type FormTokens, formKinds } from '../../lib/form-token.ts';

const id = z.coerce.number().int().positive().max(2_147_483_647);

/**
 * GET /api/form-token?form=comment&postId=12 (or form=contribution, form=endorsement&skillId=3):
 * a signed, single-use token for one public form, which its submission sends back (bot check).
 */
export const formTokenRoutes: FastifyPluginAsyncZod<{ formTokens: FormTokens }> = async (
  app,
  { formTokens },
) => {
  app.get(
    '/api/form-token',
    {
      schema: {
        querystring: z
          .object({
            form: z.enum(formKinds, { error: 'Say which form the token is for' }),
            postId: id.optional(),
            skillId: id.optional(),
          })
          .refine((q) => q.form !== 'comment' || q.postId !== undefined, {
            message: 'A comment form needs its postId',
            path: ['postId'],
          })
          .refine((q) => q.form !== 'endorsement' || q.skillId !== undefined, {
            message: 'An endorsement form needs its skillId',
            path: ['skillId'],
          }),
        response: { 200: z.object({ token: z.string() }) },
      },
      // Each submission needs a token of its own; this keeps a script from stockpiling them.
      config: { rateLimit: { max: 120, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      const { form, postId, skillId } = request.query;
      const scope = form === 'comment' ? String(postId) : form === 'endorsement' ? String(skillId) : '';
      reply.header('cache-control', 'no-store');
      return { token: formTokens.issue(form, scope) };
    },
  );
};
