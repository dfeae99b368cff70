/**
 * POST /api/upload (admin): multipart with one file in the field `image`
 * (cover images) or `media` (inline images and videos); answers `{url}`.
 * Uploaded files are served from /uploads/ with nosniff and a sandboxing CSP.
 */
import { mkdirSync } from 'node:fs';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/http-error.ts';
import { contentTypeOf, type FileStorage, UPLOAD_NAME } from '../../lib/storage.ts';
import { requireAdmin } from '../../plugins/session.ts';
import { MAX_MEDIA_BYTES, storeUpload } from './service.ts';

export const uploadRoutes: FastifyPluginAsyncZod<{ storage: FileStorage }> = async (app, { storage }) => {
  // Registered here, so multipart bodies are accepted by this route only.
  await app.register(multipart, { limits: { fileSize: MAX_MEDIA_BYTES, files: 1, fields: 5, parts: 6 } });

  app.post(
    '/api/upload',
    {
      onRequest: requireAdmin,
      schema: { response: { 201: z.object({ url: z.string() }) } },
      config: { rateLimit: { max: 60, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(415, 'Send the file as multipart/form-data.');
      const file = await request.file();
      if (!file) throw new HttpError(400, 'No file was sent.');
      if (file.fieldname !== 'image' && file.fieldname !== 'media') {
        throw new HttpError(400, 'Send the file in the field "image" or "media".');
      }
      const bytes = await file.toBuffer();
      const url = await storeUpload(storage, file.fieldname, bytes);
      return reply.code(201).send({ url });
    },
  );

  const securityHeaders = {
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; img-src 'self'; media-src 'self'; sandbox",
    'cross-origin-resource-policy': 'same-origin',
  };
  if (!storage.directory) {
    // In object storage: every process reads the same bucket, whichever one took the upload.
    const open = storage.open?.bind(storage);
    app.get(
      '/uploads/:name',
      { schema: { params: z.object({ name: z.string().max(100) }) } },
      async (request, reply) => {
        const { name } = request.params;
        const bytes = UPLOAD_NAME.test(name) && open ? await open(name) : null;
        if (!bytes) throw new HttpError(404, 'Not found');
        return reply
          .headers(securityHeaders)
          .header('content-type', contentTypeOf(name))
          .header('cache-control', 'public, max-age=31536000, immutable')
          .send(bytes);
      },
    );
    return;
  }
  mkdirSync(storage.directory, { recursive: true });
  await app.register(fastifyStatic, {
    root: storage.directory,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    maxAge: '365d',
    immutable: true,
    setHeaders(res) {
      for (const [name, value] of Object.entries(securityHeaders)) res.header(name, value);
    },
  });
};
