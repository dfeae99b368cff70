/**
 * A site server whose clock a browser test moves (issue 65: a calendar down for more than 5
 * minutes): the production app from the sources (`node --import tsx`), on the embedded database
 * in DATA_DIR, configured by the environment as `dist/server/main.js` is, but reading the time
 * from a clock that runs with the wall clock plus an offset. The test moves it on with an IPC
 * message `{ advanceMs }`, answered `{ advanced }` once the clock has moved. Test-only: the
 * site's own start is server/main.ts.
 */
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { databaseTarget, openDatabase } from '../db/client.ts';
import { createAdmin, seedDatabase } from '../db/seed.ts';

let offsetMs = 0;
const clock = { now: () => new Date(Date.now() + offsetMs) };

const config = loadConfig();
const database = await openDatabase(databaseTarget(config));
const app = await buildApp({ config, database, clock, periodicJobs: true, web: { mode: 'build' } });
await seedDatabase(database.db);
if (config.ADMIN_USERNAME && config.ADMIN_PASSWORD)
  await createAdmin(database.db, config.ADMIN_USERNAME, config.ADMIN_PASSWORD);

process.on('message', (message: { advanceMs?: number }) => {
  offsetMs += message.advanceMs ?? 0;
  process.send?.({ advanced: offsetMs });
});
// The test's end (or its runner's) ends the server: its IPC channel closes.
process.on('disconnect', () => {
  void app
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0));
});

await app.listen({ port: config.PORT, host: config.HOST });
