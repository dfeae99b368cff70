/**
 * Posts in and out as Markdown (admin):
 *   GET  /api/admin/posts/export              every post as `<slug>.md` in one zip
 *   POST /api/admin/posts/import?dryRun=true  a zip (multipart, field `file`) of Markdown posts
 *        and their images; answers what was (or would be) created, updated or skipped, and why
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unzipSync, zipSync } from 'fflate';
import { z } from 'zod';
import {
  importable,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_FILES,
  MAX_UNPACKED_BYTES,
} from '../../../common/markdown-import.ts';
import { importAnswerSchema } from '../../../common/schemas/backup.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { RemoteImages } from '../../lib/outbound.ts';
import type { FileStorage } from '../../lib/storage.ts';
import { exportPosts, type ImportFile, type ImportOptions, importPosts } from './markdown-files.ts';

/**
 * The files of a zip an import can use (Markdown and images; folders, hidden folders such as
 * `.git`, node_modules and macOS extras left out, and not counted); a damaged zip is a 400.
 */
export function filesOfZip(bytes: Buffer): ImportFile[] {
  let count = 0;
  let total = 0;
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes, {
      filter: (file) => {
        if (!importable(file.name)) return false;
        count++;
        total += file.originalSize;
        if (count > MAX_IMPORT_FILES || total > MAX_UNPACKED_BYTES) {
          throw new HttpError(413, 'The zip holds too much: at most 5,000 files and 200 MB unpacked.');
        }
        return true;
      },
    });
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, 'The file is not a readable zip.');
  }
  return Object.entries(entries).map(([path, data]) => ({ path, bytes: Buffer.from(data) }));
}

export const markdownRoutes: FastifyPluginAsyncZod<{
  db: Db;
  storage: FileStorage;
  blog: ImportOptions['blog'];
  remoteImages: RemoteImages;
}> = async (app, { db, storage, blog, remoteImages }) => {
  await app.register(multipart, { limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 2, parts: 3 } });

  app.get('/api/admin/posts/export', async (_request, reply) => {
    const files = await exportPosts(db);
    const zip = zipSync(
      Object.fromEntries(files.map((file) => [`posts/${file.path}`, new Uint8Array(file.bytes)])),
      {
        level: 6,
        mtime: new Date(),
      },
    );
    return reply
      .header('content-type', 'application/zip')
      .header(
        'content-disposition',
        `attachment; filename="posts-${new Date().toISOString().slice(0, 10)}.zip"`,
      )
      .header('cache-control', 'no-store')
      .send(Buffer.from(zip));
  });

  app.post(
    '/api/admin/posts/import',
    {
      schema: {
        querystring: z.object({ dryRun: z.enum(['true', 'false']).default('false') }),
        response: {
          200: importAnswerSchema,
        },
      },
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
    },
    async (request) => {
      if (!request.isMultipart()) throw new HttpError(415, 'Send the zip as multipart/form-data.');
      const file = await request.file();
      if (!file) throw new HttpError(400, 'No file was sent.');
      const bytes = await file.toBuffer();
      if (file.file.truncated) throw new HttpError(413, 'The zip is larger than 50 MB.');
      const files = filesOfZip(bytes);
      const dryRun = request.query.dryRun === 'true';
      const results = await importPosts(db, storage, files, {
        dryRun,
        authorId: (await request.currentUser())?.id ?? null,
        blog,
        remoteImages,
      });
      return { dryRun, results };
    },
  );
};
