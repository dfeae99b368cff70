/**
 * The server side of bench/api.ts and bench/scale.ts, in its own process so the load generator
 * and the servers do not share an event loop: the site's app with its production build (pages
 * included) on a freshly seeded database, and a bare Fastify app with one constant JSON route and
 * one answering the same bytes as an answer of the site (`/copy?path=/`).
 * With BENCH_POSTS / BENCH_COMMENTS / BENCH_VIEWS it first fills the database to that size.
 * With BENCH_SUBSCRIBERS and BENCH_SMTP_URL (bench/newsletter.ts) it adds that many confirmed
 * newsletter subscribers and runs the newsletter's sender in this process, to that SMTP server.
 * With BENCH_FOLLOWERS and BENCH_FEDIVERSE_SERVERS (bench/fediverse.ts: a JSON list of stand-in
 * servers' addresses) it has a public address on 127.0.0.1, that many fediverse followers spread
 * over those servers, and delivers to them in this process as main.ts's periodic job does.
 * Signs a user in for the uncached (per-visitor) page renders. Prints one JSON line
 * (`{site, bare, cookie, post, project, seeded}`) on stderr, then serves until killed.
 * PGlite in memory by default; PostgreSQL with TEST_DATABASE_URL (a new database, dropped at exit).
 */
import { existsSync } from 'node:fs';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { createAdmin, seedDatabase } from '../server/db/seed.ts';
import { createMailTransport } from '../server/lib/mail.ts';
import { subscriberLinks } from '../server/modules/newsletter/links.ts';
import { createNewsletterSender } from '../server/modules/newsletter/sender.ts';
import { webBuildFolder } from '../server/plugins/web.ts';
import { openTestDatabase } from '../server/testing/test-app.ts';
import { addFollowers, addSubscribers, fillToScale } from './scale-data.ts';

if (!existsSync(join(webBuildFolder, 'server', 'index.js'))) {
  process.stderr.write('The web app is not built: run `npm run build` first.\n');
  process.exit(2);
}

const fediverseServers: string[] = JSON.parse(process.env.BENCH_FEDIVERSE_SERVERS ?? '[]');
const followers = Number(process.env.BENCH_FOLLOWERS ?? 0);
/** A port nobody listens on, so the site's PUBLIC_URL can name it before it listens. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
// Posts reach followers only from a public address (another server reads the key there).
const federating = followers > 0 && fediverseServers.length > 0;
const port = federating ? await freePort() : 0;
const config = loadConfig({
  ...process.env,
  ...(federating ? { PUBLIC_URL: `http://127.0.0.1:${port}`, OUTBOUND_ALLOW_PRIVATE_ADDRESSES: '1' } : {}),
  NODE_ENV: 'production',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  // The benchmark measures rendering, not the load shedding in front of it.
  MAX_RENDERS: '256',
});
const database = await openTestDatabase();
await seedDatabase(database.db);
const started = performance.now();
const seeded = await fillToScale(database.db, {
  posts: Number(process.env.BENCH_POSTS ?? 0),
  comments: Number(process.env.BENCH_COMMENTS ?? 0),
  views: Number(process.env.BENCH_VIEWS ?? 0),
  quotes: Number(process.env.BENCH_QUOTES ?? 0),
});
const seedSeconds = (performance.now() - started) / 1000;
await createAdmin(database.db, 'bench-owner', 'bench-owner-password');
const app = await buildApp({ config, database, web: { mode: 'build' } });
const subscribers = Number(process.env.BENCH_SUBSCRIBERS ?? 0);
if (subscribers > 0 && process.env.BENCH_SMTP_URL) {
  await addSubscribers(database.db, subscribers);
  // The sender as main.ts runs it (a periodic job), here without the site's other periodic jobs.
  const sender = createNewsletterSender({
    db: database.db,
    transport: createMailTransport(process.env.BENCH_SMTP_URL),
    from: 'Bench <bench@example.com>',
    rate: config.NEWSLETTER_RATE,
    site: app.newsletter.site,
    log: app.log,
    links: subscriberLinks(config.SESSION_SECRET ?? 'bench'),
  });
  // As the module wires it: a queued send wakes the sender (the site's event).
  app.readCache.events.on('public-content-changed', () => sender.wake());
  sender.start();
  app.addHook('onClose', () => sender.stop());
}
let delivering = federating;
/** Whether the deliveries wait (the bench's A side): POST /bench/deliveries?on=0|1 on the bare app. */
let paused = false;
if (federating) {
  await addFollowers(database.db, followers, fediverseServers);
  // As main.ts's periodic job does: a round of due deliveries, 100 ms between busy rounds; here
  // the idle wait is short instead of a wake, so a publish is not waited on for 30 s.
  void (async () => {
    while (delivering) {
      const more = paused
        ? false
        : await app.fediverse.deliverDue().catch((error) => {
            app.log.warn({ err: error }, 'bench deliveries');
            return false;
          });
      await new Promise((resolve) => setTimeout(resolve, more ? 100 : paused ? 20 : 250));
    }
  })();
  app.addHook('onClose', () => {
    delivering = false;
  });
}
const site = await app.listen({ port, host: '127.0.0.1' });
const login = await app.inject({
  method: 'POST',
  url: '/api/login',
  payload: { username: 'bench-owner', password: 'bench-owner-password' },
});
/** An answer as sent to a browser that accepts Brotli (node:http does not decompress), with its type. */
function asSent(url: URL): Promise<{ body: Buffer; type: string; encoding?: string }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'br' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          body: Buffer.concat(chunks),
          type: String(response.headers['content-type']),
          encoding: response.headers['content-encoding'],
        }),
      );
      response.on('error', reject);
    }).on('error', reject);
  });
}
const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

const bare = Fastify();
bare.get('/hello', async () => ({ hello: 'world' }));
// The same bytes as an answer of the site (a page or an API read, Brotli as a browser gets it),
// from a route that does nothing else: the yardstick for what the site adds beyond moving the
// bytes (ADR 010).
const copies = new Map<string, Awaited<ReturnType<typeof asSent>>>();
bare.get('/copy', async (request, reply) => {
  const path = (request.query as { path?: string }).path ?? '/';
  let copy = copies.get(path);
  if (!copy) {
    copy = await asSent(new URL(path, site));
    copies.set(path, copy);
  }
  reply.header('content-type', copy.type);
  if (copy.encoding) reply.header('content-encoding', copy.encoding);
  return reply.send(copy.body);
});
bare.post('/bench/deliveries', async (request) => {
  paused = (request.query as { on?: string }).on === '0';
  return { paused };
});
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

process.stderr.write(
  `${JSON.stringify({
    site,
    bare: bareUrl,
    cookie,
    post: '/blog/one-schema-form-to-database',
    project: '/projects/keycode-help',
    seeded: { ...seeded, seconds: Math.round(seedSeconds) },
    database: database.kind,
  })}\n`,
);

const stop = async () => {
  await app.close();
  await bare.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
