import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../server/db/client.ts';
import { seedDatabase } from '../server/db/seed.ts';
import { nonEmptyTables } from '../server/modules/backup/restore.ts';
import { projectRoot } from '../server/paths.ts';
import { migratedDataDir } from '../server/testing/server-process.ts';
import { createTestApp } from '../server/testing/test-app.ts';

const exec = promisify(execFile);

/** Runs a script as `npm run` would, without blocking this process (a test's server may answer it). */
async function run(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await exec(
      process.execPath,
      ['--import', 'tsx', `scripts/${script}.ts`, ...args],
      {
        cwd: projectRoot,
        env: { PATH: process.env.PATH, ...env },
      },
    );
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

const folder = (name: string) => mkdtempSync(join(tmpdir(), `portfolio-${name}-`));

describe('npm run backup and npm run restore', () => {
  it('backs up a stopped embedded site and restores it into an empty one, refusing a full one unless forced', async () => {
    const site = await migratedDataDir();
    const database = await openDatabase({ kind: 'pglite', dataDir: site });
    await seedDatabase(database.db);
    const before = await nonEmptyTables(database.db);
    await database.close();

    const out = folder('out');
    const backup = await run('backup', ['--out', out], { DATA_DIR: site });
    expect(backup.out).toMatch(/Backup written: .*portfolio-backup-.*\.gz/);
    expect(backup.code).toBe(0);
    const [file] = readdirSync(out);
    expect(file).toMatch(/^portfolio-backup-\d{4}-\d{2}-\d{2}T\d{6}Z\.gz$/);
    const archive = join(out, file ?? '');

    const fresh = folder('fresh');
    const restored = await run('restore', [archive], { DATA_DIR: fresh });
    expect(restored.out).toContain('into the embedded database');
    expect(restored.code).toBe(0);
    const copy = await openDatabase({ kind: 'pglite', dataDir: fresh });
    expect(await nonEmptyTables(copy.db)).toEqual(before);
    await copy.close();

    const again = await run('restore', [archive], { DATA_DIR: fresh });
    expect(again.code).toBe(1);
    expect(again.out).toContain('Nothing was restored. The database is not empty');
    expect(again.out).toContain('--force');
    const forced = await run('restore', [archive, '--force'], { DATA_DIR: fresh });
    expect(forced.code).toBe(0);

    const damaged = join(out, 'damaged.gz');
    writeFileSync(damaged, 'not a backup');
    const refused = await run('restore', [damaged], { DATA_DIR: folder('empty') });
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('Nothing was restored. This file is not a complete backup of this site');
    expect((await run('restore', [], { DATA_DIR: fresh })).out).toContain(
      'Usage: npm run restore -- FILE [--force]',
    );
  }, 180_000);

  it('asks the running site for the backup when it holds the embedded database', async () => {
    const site = await migratedDataDir();
    const t = await createTestApp({ pgliteDir: site, env: { DATA_DIR: site } });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const address = t.app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const out = folder('out');
      // The shell that runs the command knows nothing of the port: the data directory says it.
      expect(port).not.toBe(3000);
      expect(readFileSync(join(site, 'site-address'), 'utf8').trim()).toBe(`http://127.0.0.1:${port}`);
      const backup = await run('backup', ['--out', out], { DATA_DIR: site });
      expect(backup.out).toContain('Backup written by the running site');
      expect(backup.code).toBe(0);
      expect(readdirSync(out)).toHaveLength(1);
      // The server keeps its own copy among its backups, too.
      expect(readdirSync(join(site, 'backups'))).toEqual(readdirSync(out));

      const refused = await run('restore', [join(out, readdirSync(out)[0] ?? '')], { DATA_DIR: site });
      expect(refused.code).toBe(1);
      expect(refused.out).toContain('Stop the site first');
    } finally {
      await t.close();
    }
    expect(existsSync(join(site, 'backup-token'))).toBe(true);
  }, 120_000);
});
