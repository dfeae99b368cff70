/**
 * Creates an admin account from the command line:
 *
 *   npm run admin:create -- --username owner          (asks for the password)
 *   ADMIN_PASSWORD=... npm run admin:create -- --username owner
 *
 * Uses the same DATA_DIR / DATABASE_URL as the server. With the embedded
 * database, stop the server first: the data directory is locked while it runs.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config.ts';
import { createAdmin } from '../server/db/seed.ts';
import { fail, openSiteDatabase } from './cli.ts';

const USERNAME = /^[A-Za-z0-9_.-]{3,}$/;
const PASSWORD_MIN = 12;

/** Reads a line from the terminal without echoing it; from a pipe, reads the first line. */
async function readSecret(prompt: string): Promise<string> {
  const stdin = process.stdin;
  if (!stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
  }
  process.stdout.write(prompt);
  stdin.setRawMode(true);
  stdin.resume();
  return new Promise((resolve) => {
    let value = '';
    const onData = (data: Buffer) => {
      for (const char of data.toString('utf8')) {
        if (char === '\r' || char === '\n') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          process.stdout.write('\n');
          resolve(value);
          return;
        }
        if (char === '\u0003') fail('\nCancelled.');
        value = char === '\u007f' ? value.slice(0, -1) : value + char;
      }
    };
    stdin.on('data', onData);
  });
}

async function main() {
  const { values } = parseArgs({ options: { username: { type: 'string', short: 'u' } } });
  const username = values.username?.trim();
  if (!username || !USERNAME.test(username)) {
    fail(
      'Usage: npm run admin:create -- --username NAME\n' +
        'NAME: at least 3 characters, letters, digits, dot, dash and underscore only.\n' +
        'The password is asked for, or read from ADMIN_PASSWORD.',
    );
  }

  let password = process.env.ADMIN_PASSWORD ?? '';
  if (!password) {
    password = await readSecret('Password: ');
    if (process.stdin.isTTY && (await readSecret('Repeat password: ')) !== password) {
      fail('The passwords do not match.');
    }
  }
  if (password.length < PASSWORD_MIN) fail(`The password must be at least ${PASSWORD_MIN} characters.`);

  // The bootstrap variables are this script's input, not the server's: leave them out of config parsing.
  const { ADMIN_USERNAME: _u, ADMIN_PASSWORD: _p, ...env } = process.env;
  const config = loadConfig(env);
  const database = await openSiteDatabase(config);
  try {
    const result = await createAdmin(database.db, username, password);
    if (result === 'exists') fail(`A user named "${username}" already exists; nothing was changed.`);
    process.stdout.write(`Admin "${username}" created.\n`);
  } finally {
    await database.close();
  }
}

await main();
