import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config.ts';
import { databaseTarget, openDatabase } from '../server/db/client.ts';
import { DataDirLockedError } from '../server/db/lock.ts';
import { storageFromConfig } from '../server/lib/storage.ts';
import { BackupRefusedError } from '../server/modules/backup/archive.ts';
import { restoreBackup } from '../server/modules/backup/restore.ts';
import { fail } from './cli.ts';

async function main() {
  const { values, positionals } = parseArgs({
    options: { force: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  const [file] = positionals;
  if (!file || positionals.length > 1) fail('Usage: npm run restore -- FILE [--force]');
  const config = loadConfig();
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
  }
}

main().catch((error: Error) => fail(`Restore failed: ${error.message}`));
