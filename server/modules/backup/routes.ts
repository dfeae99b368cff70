/**
 * Backups over HTTP. The owner (admin): GET /api/admin/backups lists the site's backups,
 * POST /api/admin/backups writes one now, GET /api/admin/backups/:name downloads one.
 * `npm run backup` on the server's own machine: POST /api/backup/local with the data
 * directory's token (x-backup-token) writes one and answers its name.
 */
import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/http-error.ts';
import { requireAdmin } from '../../plugins/session.ts';
import type { BackupService } from './service.ts';

const backupFile = z.object({ name: z.string(), bytes: z.number(), createdAt: z.string() });

export const backupRoutes: FastifyPluginAsyncZod<{
  backups: BackupService;
  localToken?: { matches(value: string | undefined): boolean };
}> = async (app, { backups, localToken }) => {
  app.get(
    '/api/admin/backups',
    { onRequest: requireAdmin, schema: { response: { 200: z.object({ items: z.array(backupFile) }) } } },
    async () => ({ items: await backups.list() }),
  );

  app.post(
    '/api/admin/backups',
    {
      onRequest: requireAdmin,
      schema: { response: { 201: backupFile } },
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
    { onRequest: requireAdmin, schema: { params: z.object({ name: z.string().max(80) }) } },
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

  app.post(
    '/api/backup/local',
    {
      schema: { response: { 201: backupFile } },
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      const token = request.headers['x-backup-token'];
      if (!localToken?.matches(typeof token === 'string' ? token : undefined)) {
        throw new HttpError(403, 'This needs the backup token from the data directory.');
      }
      const { name, bytes, createdAt } = await backups.writeNow();
      return reply.code(201).send({ name, bytes, createdAt });
    },
  );
};
