/**
 * The deploy folder (issue 66): the systemd unit passes `systemd-analyze verify` as it would be
 * installed, starts the server as `npm start` does, and the environment template is a valid
 * configuration once its secrets are filled in. The Caddyfile is run by e2e/caddy.spec.ts and
 * caddy-pool.test.ts.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../server/config.ts';
import { projectRoot } from '../server/paths.ts';
import { required } from '../server/testing/required.ts';

const SYSTEMD_ANALYZE = '/usr/bin/systemd-analyze';
const unit = readFileSync(join(projectRoot, 'deploy', 'portfolio@.service'), 'utf8');
const values = (key: string) =>
  unit
    .split('\n')
    .filter((line) => line.startsWith(`${key}=`))
    .map((line) => line.slice(key.length + 1));

describe('the systemd unit', () => {
  it.skipIf(!required('systemd-analyze', existsSync(SYSTEMD_ANALYZE)))(
    'passes systemd-analyze verify, installed where its paths point (here: this checkout)',
    () => {
      const folder = mkdtempSync(join(tmpdir(), 'portfolio-unit-'));
      const path = join(folder, 'portfolio@.service');
      writeFileSync(path, unit.replaceAll('/opt/portfolio/current', projectRoot));
      const run = spawnSync(SYSTEMD_ANALYZE, ['verify', path], { encoding: 'utf8' });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      // A unit whose program is not there fails the check: it does look.
      writeFileSync(path, unit.replaceAll('/opt/portfolio/current', join(folder, 'nowhere')));
      expect(spawnSync(SYSTEMD_ANALYZE, ['verify', path], { encoding: 'utf8' }).status).not.toBe(0);
    },
  );

  it('restarts on failure, as its own user, hardened, with only the data folder writable', () => {
    expect(values('Restart')).toEqual(['on-failure']);
    expect(values('User')).toEqual(['portfolio']);
    expect(values('NoNewPrivileges')).toEqual(['true']);
    expect(values('ProtectSystem')).toEqual(['strict']);
    expect(values('PrivateTmp')).toEqual(['true']);
    expect(values('ReadWritePaths')).toEqual(['/var/lib/portfolio']);
    expect(readFileSync(join(projectRoot, 'deploy', 'portfolio.env'), 'utf8')).toContain(
      'DATA_DIR=/var/lib/portfolio',
    );
  });

  it("starts the server with npm start's Node flags and memory settings", () => {
    const start = (
      JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as {
        scripts: Record<string, string>;
      }
    ).scripts.start;
    const [settings = '', command = ''] = start?.split(/ node /) ?? [];
    expect(values('Environment').join(' ').split(' ')).toEqual(expect.arrayContaining(settings.split(' ')));
    expect(values('ExecStart')).toEqual([`/opt/portfolio/current/node_modules/.bin/node ${command}`]);
  });
});

describe('the environment template', () => {
  const template = readFileSync(join(projectRoot, 'deploy', 'portfolio.env'), 'utf8');
  const entries = template
    .split('\n')
    .filter((line) => /^[A-Z_0-9]+=/.test(line))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)] as const);

  it('names only variables the site reads (every one in .env.example)', () => {
    const documented = readFileSync(join(projectRoot, '.env.example'), 'utf8');
    for (const [name] of entries) expect(documented, name).toMatch(new RegExp(`^${name}=`, 'm'));
  });

  it("refuses to start until the owner's password is filled in, and is a valid configuration then", () => {
    const env = Object.fromEntries(entries);
    expect(() => loadConfig(env)).toThrow(/ADMIN_PASSWORD: must be set together/);
    const config = loadConfig({
      ...env,
      ADMIN_PASSWORD: 'a-long-owner-password',
      SESSION_SECRET: execFileSync('openssl', ['rand', '-hex', '32'], { encoding: 'utf8' }).trim(),
    });
    expect(config.PUBLIC_URL).toBe('https://example.com');
    expect(config.HOST).toBe('127.0.0.1');
    expect(config.TRUST_PROXY).toEqual(['127.0.0.1']);
  });
});
