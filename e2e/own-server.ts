/**
 * A site server of a test's own (`dist/server/main.js`, production, embedded database in a new
 * data directory, removed when the server exits), for specs that need their own admin or
 * settings the shared e2e server lacks; resolves once it answers /readyz. `clocked`: one whose
 * clock the test moves (advanceClock).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from './fixtures.ts';

export async function startOwnServer(
  port: number,
  owner: { username: string; password: string },
  env: Record<string, string> = {},
  { clocked = false }: { clocked?: boolean } = {},
): Promise<ChildProcess> {
  const base = `http://localhost:${port}`;
  // A clock the test moves (server/testing/clocked-server.ts, from the sources), or the built server as it ships.
  const command = clocked ? ['--import', 'tsx', 'server/testing/clocked-server.ts'] : ['dist/server/main.js'];
  const dataDir = mkdtempSync(join(tmpdir(), 'portfolio-e2e-own-'));
  const server = spawn(process.execPath, command, {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      ADMIN_USERNAME: owner.username,
      ADMIN_PASSWORD: owner.password,
      PUBLIC_URL: base,
      TRUST_PROXY: '1',
      ...env,
    },
    stdio: clocked ? ['ignore', 'ignore', 'ignore', 'ipc'] : 'ignore',
  });
  // Its embedded database is 40 MB: a run of the suite left one per own server in /tmp.
  server.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${base}/readyz`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 60_000, intervals: [250] },
    )
    .toBe(200);
  return server;
}

/** Moves a clocked server's clock on by `ms` (startOwnServer with `clocked`). */
export function advanceClock(server: ChildProcess, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('message', () => resolve());
    if (!server.send({ advanceMs: ms })) reject(new Error('the clocked server is not listening'));
  });
}
