/**
 * Starts the site: parses configuration, opens (and migrates) the database,
 * loads the app, seeds a new database, listens, and shuts down gracefully on SIGTERM or SIGINT:
 * /readyz says it is stopping (and the process keeps serving SHUTDOWN_DRAIN_MS, for a proxy to
 * move on), then stop accepting, let requests in flight finish, stop the jobs, close the
 * database, exit 0.
 */
import { ConfigError, loadConfig } from './config.ts';
import { type Database, databaseTarget, openDatabase } from './db/client.ts';
import { DataDirLockedError } from './db/lock.ts';
import { loggerOptions } from './lib/access-log.ts';
import { collectGarbage } from './lib/garbage.ts';

const SHUTDOWN_TIMEOUT_MS = 10_000;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  let database: Database;
  try {
    database = await openDatabase(databaseTarget(config));
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(error.message);
    fail(`Could not open the database: ${(error as Error).message}`);
  }

  // The app's modules (a few seconds to load on a small machine) only once the database is ours: a
  // second process on the same data directory, or a bad DATABASE_URL, is refused at once.
  const { buildApp } = await import('./app.ts');
  const { createAdmin, seedDatabase } = await import('./db/seed.ts');
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp({
      config,
      database,
      logger: loggerOptions(config),
      periodicJobs: true,
      ...(config.WEB_APP === 'off' ? {} : { web: { mode: config.WEB_APP } }),
    });
  } catch (error) {
    await database.close();
    fail(`Could not start: ${(error as Error).message}`);
  }
  const seeded = await seedDatabase(database.db);
  app.log.info({ seed: seeded, database: database.kind }, 'database ready');
  if (config.ADMIN_USERNAME && config.ADMIN_PASSWORD) {
    const admin = await createAdmin(database.db, config.ADMIN_USERNAME, config.ADMIN_PASSWORD);
    app.log.info({ admin, username: config.ADMIN_USERNAME }, 'admin bootstrap');
  }

  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s after draining; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS + config.SHUTDOWN_DRAIN_MS);
    timer.unref();
    try {
      // Behind a proxy that checks /readyz: answered 503 from now on, still serving meanwhile.
      app.drain();
      if (config.SHUTDOWN_DRAIN_MS > 0)
        await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DRAIN_MS));
      await app.close();
      await database.close();
      app.log.info('shutdown complete');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  try {
    // Listening makes the app ready, which starts every module's jobs (mail, digest, backups, publishing).
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    app.log.error({ err: error }, 'could not listen');
    await database.close();
    process.exit(1);
  }
  // What opening and seeding the database left is freed now, not at V8's next full collection.
  collectGarbage();
}

await main();
