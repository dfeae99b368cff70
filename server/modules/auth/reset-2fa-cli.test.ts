/**
 * The command-line recovery for a lost second factor: `npm run admin:reset-2fa` against the
 * site's embedded database (the server stopped), then the password alone signs in again.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Secret, TOTP } from 'otpauth';
import { expect, it } from 'vitest';
import { migratedDataDir, timeForStarts } from '../../testing/server-process.ts';
import { SoftAuthenticator } from '../../testing/soft-authenticator.ts';
import { createTestApp, freshIp } from '../../testing/test-app.ts';

const run = promisify(execFile);
const ORIGIN = 'http://localhost:4999';

// Four opens of the embedded database: the app, the command twice, the app again.
it('removes the authenticator app, the recovery codes and (when asked) the passkeys, and ends every session', {
  timeout: timeForStarts(4),
}, async () => {
  const dataDir = await migratedDataDir();
  const env = { PUBLIC_URL: ORIGIN };
  let t = await createTestApp({ seed: false, pgliteDir: dataDir, env });
  const cookie = await t.signIn('admin', 'owner');
  const setup = (
    await t.app.inject({ method: 'POST', url: '/api/admin/security/authenticator', headers: { cookie } })
  ).json();
  const code = new TOTP({ secret: Secret.fromBase32(setup.secret) }).generate();
  const confirmed = await t.app.inject({
    method: 'POST',
    url: '/api/admin/security/authenticator/confirm',
    headers: { cookie },
    payload: { code },
  });
  expect(confirmed.statusCode).toBe(200);
  const options = (
    await t.app.inject({ method: 'POST', url: '/api/admin/security/passkeys/options', headers: { cookie } })
  ).json().options;
  const device = new SoftAuthenticator(ORIGIN);
  await t.app.inject({
    method: 'POST',
    url: '/api/admin/security/passkeys',
    headers: { cookie },
    payload: { name: 'Lost phone', response: device.register(options) },
  });
  const login = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'owner', password: 'test-password-123' },
      remoteAddress: freshIp(),
    });
  expect((await login()).statusCode).toBe(202);
  await t.close();

  const cli = (...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'scripts/admin-reset-2fa.ts', ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    });
  await expect(cli('--username', 'nobody')).rejects.toMatchObject({
    stderr: expect.stringContaining('There is no user named "nobody"; nothing was changed.'),
  });
  const { stdout } = await cli('--username', 'OWNER', '--passkeys');
  expect(stdout).toContain(
    'Removed the authenticator app, 10 unused recovery codes, 1 passkey from "OWNER" and ended 1 session.',
  );

  t = await createTestApp({ seed: false, pgliteDir: dataDir, env });
  try {
    expect((await t.app.inject({ url: '/api/user', headers: { cookie } })).statusCode).toBe(401);
    const again = await login();
    expect(again.statusCode).toBe(200);
    const challenge = (await t.app.inject({ method: 'POST', url: '/api/login/passkey/options' })).json()
      .options;
    const passkey = await t.app.inject({
      method: 'POST',
      url: '/api/login/passkey',
      payload: device.signIn(challenge),
      remoteAddress: freshIp(),
    });
    expect(passkey.statusCode).toBe(401);
  } finally {
    await t.close();
  }
});
