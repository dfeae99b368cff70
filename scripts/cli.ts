/** What the command-line scripts share: failing with a message, and opening the site's database. */
import type { Config } from '../server/config.ts';
import { type Database, databaseTarget, openDatabase } from '../server/db/client.ts';

/** Prints `message` to stderr and exits 1. */
export function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** The database the server uses (DATA_DIR or DATABASE_URL), or a failure with the reason it could not open. */
export async function openSiteDatabase(config: Config): Promise<Database> {
  try {
    return await openDatabase(databaseTarget(config));
  } catch (error) {
    fail((error as Error).message);
  }
}
