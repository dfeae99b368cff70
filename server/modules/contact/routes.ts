import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactMessageSchema, quoteRequestSchema } from '../../../common/schemas/contact.ts';
import { parseOrThrow } from '../../lib/validate.ts';
import { publicFormLimit } from '../../plugins/security.ts';
import type { ContactService } from './service.ts';

const acceptedSchema = z.object({ message: z.string(), kind: z.enum(['quote', 'contact']) });

/**
 * POST /api/contact takes both shapes: a quote request (the home page's
 * 'Get a Custom Quote' form) or a plain contact message, told apart by the
 * presence of `subject`. Both are stored and notify the owner.
 */
export const contactRoutes: FastifyPluginAsyncZod<{ contact: ContactService }> = async (app, { contact }) => {
  app.post(
    '/api/contact',
    {
      schema: { body: z.record(z.string(), z.unknown()), response: { 201: acceptedSchema } },
      config: {
        rateLimit: publicFormLimit,
        goal: (request) => ('subject' in (request.body as object) ? 'message' : 'quote'),
      },
    },
    async (request, reply) => {
      if ('subject' in request.body) {
        await contact.submitMessage(parseOrThrow(contactMessageSchema, request.body), request.ip);
        return reply.code(201).send({ kind: 'contact', message: 'Message sent' });
      }
      await contact.submitQuote(parseOrThrow(quoteRequestSchema, request.body), request.ip);
      return reply.code(201).send({ kind: 'quote', message: 'Quote Request Sent' });
    },
  );
};
