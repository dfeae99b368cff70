/**
 * The owner's backups: GET /api/admin/backups lists them, POST writes one now (and prunes the
 * oldest past BACKUP_KEEP), GET /api/admin/backups/:name downloads one.
 */
import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { backupFileSchema, backupListSchema } from '../../../common/schemas/backup.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { BackupService } from './service.ts';

export const backupAdminRoutes: FastifyPluginAsyncZod<{ backups: BackupService }> = async (
  app,
  { backups },
) => {
  app.get('/api/admin/backups', { schema: { response: { 200: backupListSchema } } }, async () => ({
    items: await backups.list(),
  }));

  app.post(
    '/api/admin/backups',
    {
      schema: { response: { 201: backupFileSchema } },
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
    },
    async (_request, reply) => {
      const { name, bytes, createdAt } = await backups.writeNow();
      await backups.prune();
      return reply.code(201).send({ name, bytes, createdAt });
    },
  );

  app.get(
    '/api/admin/backups/:name',
    { schema: { params: z.object({ name: z.string().max(80) }) } },
    async (request, reply) => {
      const path = backups.pathOf(request.params.name);
      if (
        !path ||
        !(await access(path).then(
          () => true,
          () => false,
        ))
      ) {
        throw new HttpError(404, 'There is no backup by that name.');
      }
      return reply
        .header('content-type', 'application/gzip')
        .header('content-disposition', `attachment; filename="${request.params.name}"`)
        .header('cache-control', 'no-store')
        .send(createReadStream(path));
    },
  );
};
