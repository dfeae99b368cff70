/**
 * The owner's side of quote requests and messages: the lists, the inbox (read, archived), and the
 * pipeline (the board, a request's stage and value, its history and notes).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminContactSchema,
  adminInboxItemSchema,
  adminQuoteSchema,
  inboxKinds,
  inboxStates,
  pipelineSchema,
  quoteEventSchema,
  quoteNoteSchema,
  quoteUpdateSchema,
} from '../../../common/schemas/contact.ts';
import { pageOf } from '../../../common/schemas/shared.ts';
import { idParams, pageQuery } from '../../lib/route-params.ts';
import type { ContactService } from './service.ts';

export const contactAdminRoutes: FastifyPluginAsyncZod<{ contact: ContactService }> = async (
  app,
  { contact },
) => {
  app.get(
    '/api/admin/quotes',
    { schema: { response: { 200: pageOf(adminQuoteSchema) }, querystring: pageQuery } },
    async (request) => contact.listQuotes(request.query),
  );
  app.get(
    '/api/admin/contacts',
    { schema: { response: { 200: pageOf(adminContactSchema) }, querystring: pageQuery } },
    async (request) => contact.listContacts(request.query),
  );
  app.get(
    '/api/admin/inbox',
    {
      schema: {
        response: { 200: pageOf(adminInboxItemSchema) },
        querystring: pageQuery.extend({
          kind: z.enum(['all', ...inboxKinds]).default('all'),
          state: z.enum(inboxStates).default('open'),
        }),
      },
    },
    async (request) => contact.listInbox(request.query.kind, request.query.state, request.query),
  );
  app.patch(
    '/api/admin/inbox/:kind/:id',
    {
      schema: {
        params: idParams.extend({ kind: z.enum(inboxKinds) }),
        body: z
          .object({ read: z.boolean().optional(), archived: z.boolean().optional() })
          .refine((body) => body.read !== undefined || body.archived !== undefined, {
            message: 'Say whether the item is read or archived',
          }),
      },
    },
    async (request, reply) => {
      await contact.updateInboxItem(request.params.kind, request.params.id, request.body);
      return reply.code(204).send();
    },
  );

  // The quote pipeline: the board, a request's moves and value, its history and notes.
  app.get('/api/admin/pipeline', { schema: { response: { 200: pipelineSchema } } }, async () =>
    contact.pipeline(),
  );
  app.patch(
    '/api/admin/quotes/:id',
    { schema: { params: idParams, body: quoteUpdateSchema, response: { 200: adminQuoteSchema } } },
    async (request) => contact.updateQuote(request.params.id, request.body),
  );
  app.get(
    '/api/admin/quotes/:id/history',
    { schema: { params: idParams, response: { 200: z.array(quoteEventSchema) } } },
    async (request) => contact.quoteHistory(request.params.id),
  );
  app.post(
    '/api/admin/quotes/:id/notes',
    { schema: { params: idParams, body: quoteNoteSchema, response: { 201: quoteEventSchema } } },
    async (request, reply) =>
      reply.code(201).send(await contact.addQuoteNote(request.params.id, request.body.note)),
  );
};
