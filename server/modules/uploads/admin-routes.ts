/**
 * POST /api/upload (the owner): multipart with one file in the field `image` (cover images) or
 * `media` (inline images and videos); answers `{url}`.
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/http-error.ts';
import type { FileStorage } from '../../lib/storage.ts';
import { MAX_MEDIA_BYTES, storeUpload } from './service.ts';

export const uploadAdminRoutes: FastifyPluginAsyncZod<{ storage: FileStorage }> = async (
  app,
  { storage },
) => {
  // Registered here, so multipart bodies are accepted by this route only.
  await app.register(multipart, { limits: { fileSize: MAX_MEDIA_BYTES, files: 1, fields: 5, parts: 6 } });

  app.post(
    '/api/upload',
    {
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
};
