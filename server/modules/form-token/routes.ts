import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FormTokens } from '../../lib/form-token.ts';

/** GET /api/form-token: a signed 'form shown at' time for the public forms' bot check. */
export const formTokenRoutes: FastifyPluginAsyncZod<{ formTokens: FormTokens }> = async (
  app,
  { formTokens },
) => {
  app.get(
    '/api/form-token',
    { schema: { response: { 200: z.object({ token: z.string() }) } } },
    async (_r, reply) => {
      reply.header('cache-control', 'no-store');
      return { token: formTokens.issue() };
    },
  );
};
