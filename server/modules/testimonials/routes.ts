/**
 * The client's side of a verified testimonial, reached only through the private link:
 * GET shows what was asked and sent, POST sends or changes it, POST .../withdraw takes it back.
 * GET /api/testimonials is what the home page shows (cached until a change).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  shownTestimonialSchema,
  testimonialInviteSchema,
  testimonialSubmissionSchema,
} from '../../../common/schemas/testimonials.ts';
import { type ReadCache, sendJson } from '../../lib/read-cache.ts';
import { TESTIMONIALS_CACHE_KEY, type TestimonialService } from './service.ts';

const tokenParams = z.object({ token: z.string().max(200) });
const shownListSchema = z.array(shownTestimonialSchema);
// A client may correct their words a few times; a script hammering links is slowed down.
const clientLimit = { max: 20, timeWindow: '10 minutes' } as const;

export const testimonialRoutes: FastifyPluginAsyncZod<{
  testimonials: TestimonialService;
  cache: ReadCache;
}> = async (app, { testimonials, cache }) => {
  app.get(
    '/api/testimonials',
    { schema: { response: { 200: shownListSchema } } },
    async (_request, reply) => {
      const body = await cache.json(TESTIMONIALS_CACHE_KEY, shownListSchema, () => testimonials.shown());
      return sendJson(reply, body ?? '[]');
    },
  );

  app.get(
    '/api/testimonial-requests/:token',
    { schema: { params: tokenParams, response: { 200: testimonialInviteSchema } } },
    async (request, reply) => {
      // A private answer: never kept by a shared cache.
      reply.header('cache-control', 'private, no-store');
      return testimonials.invite(request.params.token);
    },
  );
  app.post(
    '/api/testimonial-requests/:token',
    {
      schema: {
        params: tokenParams,
        body: testimonialSubmissionSchema,
        response: { 200: testimonialInviteSchema },
      },
      config: { rateLimit: clientLimit },
    },
    async (request) => testimonials.submit(request.params.token, request.body),
  );
  app.post(
    '/api/testimonial-requests/:token/withdraw',
    {
      schema: { params: tokenParams, response: { 200: testimonialInviteSchema } },
      config: { rateLimit: clientLimit },
    },
    async (request) => testimonials.withdraw(request.params.token),
  );
};
