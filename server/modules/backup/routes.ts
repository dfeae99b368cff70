/**
 * `npm run backup` on the server's own machine: POST /api/backup/local with the data
 * directory's token (x-backup-token) writes one and answers its name. The owner's routes are
 * in admin-routes.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { backupFileSchema } from '../../../common/schemas/backup.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { BackupService } from './service.ts';

export const backupRoutes: FastifyPluginAsyncZod<{
  backups: BackupService;
  localToken?: { matches(value: string | undefined): boolean };
}> = async (app, { backups, localToken }) => {
  app.post(
    '/api/backup/local',
    {
      schema: { response: { 201: backupFileSchema } },
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
