import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config.ts';
import { databaseTarget, openDatabase } from '../server/db/client.ts';
import { DataDirLockedError } from '../server/db/lock.ts';
import { storageFromConfig } from '../server/lib/storage.ts';
import { BackupRefusedError } from '../server/modules/backup/archive.ts';
import { bucketFromConfig } from '../server/modules/backup/bucket.ts';
import { restoreBackup } from '../server/modules/backup/restore.ts';
import { fail } from './cli.ts';

async function main() {
  const { values, positionals } = parseArgs({
    options: {
      force: { type: 'boolean', default: false },
      'from-bucket': { type: 'boolean', default: false },
    },
    allowPositionals: true,
  });
  const usage = 'Usage: npm run restore -- FILE [--force], or -- --from-bucket [NAME] [--force]';
  if (positionals.length > 1 || (!values['from-bucket'] && !positionals[0])) fail(usage);
  const config = loadConfig();
  // From the backups' bucket: the named backup, or the newest, fetched into a private folder first.
  let fetched: string | undefined;
  let file = positionals[0] ?? '';
  if (values['from-bucket']) {
    const bucket = bucketFromConfig(config);
    if (!bucket) fail('--from-bucket needs BACKUP_S3_BUCKET (and the S3_ settings of its service).');
    const name = file || (await bucket.list())[0];
    if (!name) fail(`The bucket ${bucket.bucket} holds no backup.`);
    fetched = mkdtempSync(join(tmpdir(), 'portfolio-restore-'));
    file = join(fetched, name);
    await bucket.get(name, file);
    bucket.close();
  }
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase(databaseTarget(config));
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      fail(`${error.message}\nStop the site first: a restore replaces the database it is using.`);
    }
    throw error;
  }
  try {
    const storage = await storageFromConfig(config);
    const summary = await restoreBackup(database.db, storage, file, { force: values.force });
    const rows = Object.values(summary.tables).reduce((sum, count) => sum + count, 0);
    process.stdout.write(
      `Restored ${file} into ${database.kind === 'postgres' ? 'PostgreSQL' : 'the embedded database'}: ${rows} rows, ${summary.uploads} uploads (database ${summary.schema}).\n`,
    );
  } catch (error) {
    if (error instanceof BackupRefusedError) fail(`Nothing was restored. ${error.message}`);
    throw error;
  } finally {
    await database.close();
    if (fetched) rmSync(fetched, { recursive: true, force: true });
  }
}

main().catch((error: Error) => fail(`Restore failed: ${error.message}`));
