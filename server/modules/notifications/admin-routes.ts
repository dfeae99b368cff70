/** The owner's view of the notification outbox: every message with its state, and a retry. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { outboxMessageSchema, outboxStates } from '../../../common/schemas/notifications.ts';
import { pageOf } from '../../../common/schemas/shared.ts';
import { idParams, pageQuery } from '../../lib/route-params.ts';
import type { OutboxService } from './service.ts';

export const outboxAdminRoutes: FastifyPluginAsyncZod<{ outbox: OutboxService }> = async (
  app,
  { outbox },
) => {
  app.get(
    '/api/admin/outbox',
    {
      schema: {
        response: { 200: pageOf(outboxMessageSchema) },
        querystring: pageQuery.extend({ status: z.enum(outboxStates).default('all') }),
      },
    },
    async (request) => outbox.list(request.query.status, request.query),
  );
  app.post(
    '/api/admin/outbox/:id/retry',
    { schema: { params: idParams, response: { 200: outboxMessageSchema } } },
    async (request) => outbox.retry(request.params.id),
  );
};
