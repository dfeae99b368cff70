/**
 * Uploaded files are served from /uploads/ with nosniff and a sandboxing CSP (the owner's
 * upload route is in admin-routes.ts).
 */
import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/http-error.ts';
import { contentTypeOf, type FileStorage, UPLOAD_NAME } from '../../lib/storage.ts';

export const uploadRoutes: FastifyPluginAsyncZod<{ storage: FileStorage }> = async (app, { storage }) => {
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
