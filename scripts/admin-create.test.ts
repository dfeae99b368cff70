import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../server/db/client.ts';
import { users } from '../server/db/schema.ts';
import { verifyPassword } from '../server/lib/passwords.ts';
import { projectRoot } from '../server/paths.ts';
import { migratedDataDir, timeForStarts } from '../server/testing/server-process.ts';

function run(args: string[], env: Record<string, string>, input?: string) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin-create.ts', ...args], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH, ...env },
    input,
    encoding: 'utf8',
  });
  return { code: result.status, out: result.stdout + result.stderr };
}

// Each run of the command opens the embedded database, a cold start; the first test's first run creates it.
describe('npm run admin:create', { timeout: timeForStarts(1) }, () => {
  it('creates an admin from ADMIN_PASSWORD, then refuses the same name without changing it', {
    timeout: timeForStarts(3),
  }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portfolio-admin-'));
    const first = run(['--username', 'owner'], {
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'a-long-admin-password',
    });
    expect(first.out).toContain('Admin "owner" created.');
    expect(first.code).toBe(0);

    const again = run(['--username', 'Owner'], { DATA_DIR: dataDir, ADMIN_PASSWORD: 'a-different-password' });
    expect(again.code).toBe(1);
    expect(again.out).toContain('already exists; nothing was changed');

    const database = await openDatabase({ kind: 'pglite', dataDir });
    const [owner] = await database.db.select().from(users).where(eq(users.username, 'owner'));
    await database.close();
    expect(owner?.isAdmin).toBe(true);
    expect(await verifyPassword(owner?.password ?? '', 'a-long-admin-password')).toBe(true);
  });

  it('reads the password from a pipe when no terminal is attached', async () => {
    const dataDir = await migratedDataDir();
    const result = run(['--username', 'piped'], { DATA_DIR: dataDir }, 'piped-password-123\n');
    expect(result.out).toContain('Admin "piped" created.');
  });

  it('explains its usage and the password rule', { timeout: timeForStarts(2) }, () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portfolio-admin-'));
    expect(run([], { DATA_DIR: dataDir }).out).toContain('Usage: npm run admin:create -- --username NAME');
    const short = run(['--username', 'owner'], { DATA_DIR: dataDir, ADMIN_PASSWORD: 'short' });
    expect(short.code).toBe(1);
    expect(short.out).toContain('at least 12 characters');
  });
});
