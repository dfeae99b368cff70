import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { randomToken } from './tokens.ts';

/**
 * The server secret: SESSION_SECRET when set, otherwise a random one generated
 * on first start and kept in DATA_DIR/secret (mode 600), so it survives restarts.
 * Several processes must share one: set SESSION_SECRET for them.
 */
export function resolveSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const dir = resolve(dataDir);
  const path = join(dir, 'secret');
  if (existsSync(path)) return readFileSync(path, 'utf8').trim();
  mkdirSync(dir, { recursive: true });
  const secret = randomToken(32);
  writeFileSync(path, secret, { mode: 0o600, flag: 'wx' });
  chmodSync(path, 0o600);
  return secret;
}
