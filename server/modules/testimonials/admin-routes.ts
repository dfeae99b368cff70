/** The owner's side of verified testimonials: ask a client, approve what they send, hide, a fresh link. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminTestimonialSchema,
  testimonialLinkSchema,
  testimonialRequestSchema,
} from '../../../common/schemas/testimonials.ts';
import { idParams } from '../../lib/route-params.ts';
import type { TestimonialService } from './service.ts';

export const testimonialAdminRoutes: FastifyPluginAsyncZod<{ testimonials: TestimonialService }> = async (
  app,
  { testimonials },
) => {
  app.get(
    '/api/admin/testimonials',
    { schema: { response: { 200: z.array(adminTestimonialSchema) } } },
    async () => testimonials.list(),
  );
  app.post(
    '/api/admin/testimonials',
    { schema: { body: testimonialRequestSchema, response: { 201: testimonialLinkSchema } } },
    async (request, reply) => reply.code(201).send(await testimonials.create(request.body)),
  );
  app.post(
    '/api/admin/testimonials/:id/approve',
    { schema: { params: idParams, response: { 200: adminTestimonialSchema } } },
    async (request) => testimonials.approve(request.params.id),
  );
  app.post(
    '/api/admin/testimonials/:id/hide',
    { schema: { params: idParams, response: { 200: adminTestimonialSchema } } },
    async (request) => testimonials.hide(request.params.id),
  );
  app.post(
    '/api/admin/testimonials/:id/link',
    { schema: { params: idParams, response: { 200: testimonialLinkSchema } } },
    async (request) => testimonials.newLink(request.params.id),
  );
  app.delete('/api/admin/testimonials/:id', { schema: { params: idParams } }, async (request, reply) => {
    await testimonials.remove(request.params.id);
    return reply.code(204).send();
  });
};
