/**
 * The server side of bench/api.ts, in its own process so the load generator and
 * the servers do not share an event loop: the site's app on a freshly seeded
 * in-memory database, and a bare Fastify app with one constant JSON route.
 * Prints the two addresses as one JSON line, then serves until killed.
 */
import Fastify from 'fastify';
import { buildApp, loggerOptions } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { seedDatabase } from '../server/db/seed.ts';

const config = loadConfig({ ...process.env, NODE_ENV: 'production' });
const database = await openDatabase({ kind: 'memory' });
await seedDatabase(database.db);
// The site runs with its production logger (request lines included), written to stdout of this process.
const app = await buildApp({ config, database, logger: loggerOptions(config) });
const site = await app.listen({ port: 0, host: '127.0.0.1' });

const bare = Fastify();
bare.get('/hello', async () => ({ hello: 'world' }));
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

process.stderr.write(`${JSON.stringify({ site, bare: bareUrl })}\n`);
