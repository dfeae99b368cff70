/**
 * Writes a backup of the whole site (every table and the uploads) into one file:
 *
 *   npm run backup                     (into DATA_DIR/backups, or BACKUP_DIR)
 *   npm run backup -- --out DIR
 *
 * Uses the same DATA_DIR / DATABASE_URL as the server and may run while the site does: with
 * PostgreSQL it reads the database itself; with the embedded database, which the running
 * server holds, it asks that server (at the address it noted in the data directory, with the
 * data directory's backup token).
 */
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config.ts';
import { databaseTarget, openDatabase } from '../server/db/client.ts';
import { DataDirLockedError } from '../server/db/lock.ts';
import { storageFromConfig } from '../server/lib/storage.ts';
import { writeBackupFile } from '../server/modules/backup/archive.ts';
import { backupName, LOCAL_TOKEN_FILE, readLocalAddress } from '../server/modules/backup/service.ts';
import { fail } from './cli.ts';

async function main() {
  const { values } = parseArgs({ options: { out: { type: 'string', short: 'o' } } });
  const config = loadConfig();
  const backupDir = resolve(config.BACKUP_DIR ?? join(config.DATA_DIR, 'backups'));
  const outDir = resolve(values.out ?? backupDir);
  await mkdir(outDir, { recursive: true });
  const storage = await storageFromConfig(config);

  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase(databaseTarget(config));
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    // The site is running on the embedded database: it writes the backup, we copy it out.
    const token = await readFile(join(config.DATA_DIR, LOCAL_TOKEN_FILE), 'utf8').catch(() =>
      fail(`The data directory is in use, and ${LOCAL_TOKEN_FILE} is missing from it: is the site running?`),
    );
    // The address the running site noted in its data directory; PORT and HOST only if it noted none.
    const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST;
    const site =
      (await readLocalAddress(config.DATA_DIR)) ??
      `http://${host.includes(':') ? `[${host}]` : host}:${config.PORT}`;
    const res = await fetch(`${site}/api/backup/local`, {
      method: 'POST',
      headers: { 'x-backup-token': token.trim() },
    }).catch((cause: Error) =>
      fail(`The site holds the data directory but does not answer at ${site}: ${cause.message}`),
    );
    const body = (await res.json().catch(() => ({}))) as { name?: string; bytes?: number; message?: string };
    if (res.status !== 201 || !body.name) fail(`The site refused the backup: ${body.message ?? res.status}`);
    const path = join(outDir, body.name);
    if (outDir !== backupDir) await copyFile(join(backupDir, body.name), path);
    process.stdout.write(`Backup written by the running site: ${path} (${body.bytes} bytes)\n`);
    return;
  }
  try {
    const at = new Date();
    const path = join(outDir, backupName(at));
    const summary = await writeBackupFile(database.db, storage, path, at);
    const rows = Object.values(summary.tables).reduce((sum, count) => sum + count, 0);
    process.stdout.write(
      `Backup written: ${path}\n  database ${summary.schema}, ${rows} rows in ${Object.keys(summary.tables).length} tables, ${summary.uploads} uploads\n`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: Error) => fail(`Backup failed: ${error.message}`));
