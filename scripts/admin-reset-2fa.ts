/**
 * The way back in for an owner who lost their authenticator app and recovery codes (or a
 * passkey): run on the server's machine, with the same DATA_DIR / DATABASE_URL as the server.
 *
 *   npm run admin:reset-2fa -- --username owner               (the authenticator app and recovery codes)
 *   npm run admin:reset-2fa -- --username owner --passkeys    (and every passkey)
 *
 * Every session of the account ends too; the password alone signs in again, and the owner
 * can set up a new authenticator app in the dashboard. With the embedded database, stop the
 * server first: the data directory is locked while it runs.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config.ts';
import { resetSignInFactors } from '../server/modules/auth/security.ts';
import { fail, openSiteDatabase } from './cli.ts';

async function main() {
  const { values } = parseArgs({
    options: { username: { type: 'string', short: 'u' }, passkeys: { type: 'boolean', default: false } },
  });
  const username = values.username?.trim();
  if (!username) fail('Usage: npm run admin:reset-2fa -- --username NAME [--passkeys]');
  const config = loadConfig(process.env);
  const database = await openSiteDatabase(config);
  try {
    const result = await resetSignInFactors(database.db, username, { passkeys: values.passkeys });
    if (!result) fail(`There is no user named "${username}"; nothing was changed.`);
    const parts = [
      result.authenticator ? 'the authenticator app' : 'no authenticator app (none was set up)',
      `${result.recoveryCodes} unused recovery code${result.recoveryCodes === 1 ? '' : 's'}`,
      ...(values.passkeys ? [`${result.passkeys} passkey${result.passkeys === 1 ? '' : 's'}`] : []),
    ];
    process.stdout.write(
      `Removed ${parts.join(', ')} from "${username}" and ended ${result.sessions} session${result.sessions === 1 ? '' : 's'}.\n` +
        'The password alone signs in now; set up a new authenticator app under Security in the dashboard.\n',
    );
  } finally {
    await database.close();
  }
}

await main();
