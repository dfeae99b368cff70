/** Backups: the daily ones, one written now by the owner or `npm run backup`, and restoring. */
import { join } from 'node:path';
import { clockOf, type SiteContext, type SiteModule } from '../../lib/site-module.ts';
import { backupAdminRoutes } from './admin-routes.ts';
import { backupRoutes } from './routes.ts';
import { createBackupService, writeLocalAddress, writeLocalBackupToken } from './service.ts';

export async function backupModule(context: SiteContext) {
  const { db, storage, config, database, log } = context;
  // A copy of each in the bucket, when there is one (the SDK loaded only then).
  const store = config.BACKUP_S3_BUCKET ? (await import('./bucket.ts')).bucketFromConfig(config) : undefined;
  const bucket = store
    ? { store, retention: { daily: config.BACKUP_KEEP, weekly: config.BACKUP_KEEP_WEEKLY } }
    : undefined;
  // Daily backups into BACKUP_DIR (tests call runDaily).
  const backups = createBackupService({
    db,
    storage,
    directory: config.BACKUP_DIR ?? join(config.DATA_DIR, 'backups'),
    keep: config.BACKUP_KEEP,
    bucket,
    ...clockOf(context),
    onError: (error) => log.warn({ err: error }, 'daily backup'),
  });
  // Only the embedded database needs `npm run backup` to ask the site: with PostgreSQL it reads the database itself.
  const embedded = database.kind === 'pglite';
  return {
    name: 'backup',
    backups,
    routes: async (app) => {
      app.addHook('onClose', () => bucket?.store.close());
      await app.register(backupRoutes, {
        backups,
        ...(embedded ? { localToken: writeLocalBackupToken(config.DATA_DIR) } : {}),
      });
      if (embedded) {
        // Where `npm run backup` finds this site, whatever PORT its own shell has (or lacks).
        app.addHook('onListen', (done) => {
          writeLocalAddress(config.DATA_DIR, app.server.address());
          done();
        });
      }
    },
    adminRoutes: async (app) => {
      await app.register(backupAdminRoutes, { backups });
    },
    jobs: [
      { name: 'daily backups', periodic: true, start: () => backups.start(), stop: () => backups.stop() },
    ],
  } satisfies SiteModule & Record<string, unknown>;
}
