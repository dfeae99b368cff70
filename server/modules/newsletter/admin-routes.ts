/**
 * The owner's newsletter: the list (states, search, growth, CSV out and in, deleting someone),
 * the issues with their delivery counts, and writing one: draft, preview in the real email, a
 * test to the owner's own address, send.
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  importReportSchema,
  issueDraftSchema,
  issueEditSchema,
  issueShownSchema,
  newsletterOverviewSchema,
  subscriberSchema,
  subscriberStates,
} from '../../../common/schemas/newsletter.ts';
import { pageOf } from '../../../common/schemas/shared.ts';
import { withIsoDates } from '../../db/paging.ts';
import { HttpError } from '../../lib/http-error.ts';
import { idParams, pageQuery } from '../../lib/route-params.ts';
import type { NewsletterService } from './service.ts';

const MAX_CSV_BYTES = 5 * 1024 * 1024;

const issueSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  kind: z.enum(['post', 'roundup', 'issue']),
  subject: z.string(),
  body: z.string(),
  status: z.enum(['draft', 'sent']),
  recipients: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  sentAt: z.string().nullable(),
});
const asIssue = (row: Awaited<ReturnType<NewsletterService['issues']['get']>>) => {
  const { postId: _post, ...rest } = row;
  return withIsoDates(rest);
};

export const newsletterAdminRoutes: FastifyPluginAsyncZod<{ newsletter: NewsletterService }> = async (
  app,
  { newsletter },
) => {
  await app.register(multipart, { limits: { fileSize: MAX_CSV_BYTES, files: 1, fields: 2, parts: 3 } });

  app.get('/api/admin/newsletter', { schema: { response: { 200: newsletterOverviewSchema } } }, async () =>
    newsletter.overview(),
  );

  app.get(
    '/api/admin/newsletter/subscribers',
    {
      schema: {
        querystring: pageQuery.extend({
          status: z.enum(subscriberStates).default('all'),
          q: z.string().trim().max(200).default(''),
        }),
        response: { 200: pageOf(subscriberSchema) },
      },
    },
    async (request) => newsletter.subscribers.list(request.query.status, request.query.q, request.query),
  );

  app.delete(
    '/api/admin/newsletter/subscribers/:id',
    { schema: { params: idParams } },
    async (request, reply) => {
      await newsletter.subscribers.remove(request.params.id);
      return reply.code(204).send();
    },
  );

  app.get('/api/admin/newsletter/subscribers.csv', async (_request, reply) =>
    reply
      .type('text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="subscribers-${new Date().toISOString().slice(0, 10)}.csv"`,
      )
      .header('cache-control', 'no-store')
      .send(await newsletter.exportCsv()),
  );

  app.post(
    '/api/admin/newsletter/import',
    {
      schema: { response: { 200: importReportSchema } },
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
    },
    async (request) => {
      if (!request.isMultipart()) throw new HttpError(415, 'Send the CSV as multipart/form-data.');
      const file = await request.file();
      if (!file) throw new HttpError(400, 'Choose a CSV file first.', { file: 'Choose a CSV file first.' });
      const bytes = await file.toBuffer();
      if (file.file.truncated) throw new HttpError(413, 'The file is larger than 5 MB.');
      const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
      if (text.includes('\u0000'))
        throw new HttpError(400, 'This is not a CSV file.', { file: 'This is not a CSV file.' });
      return newsletter.importCsv(text);
    },
  );

  app.post(
    '/api/admin/newsletter/issues',
    { schema: { body: issueDraftSchema, response: { 201: issueSchema } } },
    async (request, reply) =>
      reply.code(201).send(asIssue(await newsletter.issues.createDraft(request.body))),
  );
  app.get(
    '/api/admin/newsletter/issues/:id',
    { schema: { params: idParams, response: { 200: issueSchema } } },
    async (request) => asIssue(await newsletter.issues.get(request.params.id)),
  );
  app.put(
    '/api/admin/newsletter/issues/:id',
    { schema: { params: idParams, body: issueEditSchema, response: { 200: issueSchema } } },
    async (request) => asIssue(await newsletter.issues.updateDraft(request.params.id, request.body)),
  );
  app.delete('/api/admin/newsletter/issues/:id', { schema: { params: idParams } }, async (request, reply) => {
    await newsletter.issues.removeDraft(request.params.id);
    return reply.code(204).send();
  });

  // The issue as its readers will see it: the real email's HTML, in a frame of the dashboard.
  app.get(
    '/api/admin/newsletter/issues/:id/preview',
    { schema: { params: idParams } },
    async (request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header(
          'content-security-policy',
          // The frame is sandboxed (an origin of its own), so the site's images are named by origin.
          `default-src 'none'; style-src 'unsafe-inline'; img-src ${new URL(newsletter.site.url).origin} https: data:; frame-ancestors 'self'; base-uri 'none'; form-action 'none'`,
        )
        .send(await newsletter.preview(request.params.id)),
  );

  app.post(
    '/api/admin/newsletter/issues/:id/test',
    { schema: { params: idParams, body: issueShownSchema, response: { 202: z.object({ to: z.string() }) } } },
    async (request, reply) =>
      reply.code(202).send(await newsletter.testSend(request.params.id, request.body)),
  );

  // Either may name the draft as the editor shows it: one not saved is refused (`refuseUnsaved`).
  app.post(
    '/api/admin/newsletter/issues/:id/send',
    { schema: { params: idParams, body: issueShownSchema, response: { 200: issueSchema } } },
    async (request) => asIssue(await newsletter.issues.send(request.params.id, request.body)),
  );
};
