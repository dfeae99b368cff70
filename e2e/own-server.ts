/**
 * A site server of a test's own (`dist/server/main.js`, production, embedded database in a new
 * data directory), for specs that need their own admin or settings the shared e2e server lacks;
 * resolves once it answers /readyz.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from './fixtures.ts';

export async function startOwnServer(
  port: number,
  owner: { username: string; password: string },
  env: Record<string, string> = {},
): Promise<ChildProcess> {
  const base = `http://localhost:${port}`;
  const server = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'portfolio-e2e-own-')),
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      ADMIN_USERNAME: owner.username,
      ADMIN_PASSWORD: owner.password,
      PUBLIC_URL: base,
      TRUST_PROXY: '1',
      ...env,
    },
    stdio: 'ignore',
  });
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
