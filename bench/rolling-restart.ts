/**
 * Restarts without a lost request (issue 66, point 3): two processes of the site on one
 * PostgreSQL, Redis and an S3-compatible bucket (s3rver), behind the shipped Caddyfile run by
 * Debian's Caddy, restarted one after the other (SIGTERM with SHUTDOWN_DRAIN_MS, started again)
 * while 2,000 requests and more go through Caddy from 127.0.0.1, a write among every ten. Prints
 * the requests sent, those that failed (and who answered them), the writes acknowledged and any
 * missing afterwards; exits 1 when a request failed or a write is missing.
 *
 *   TEST_REDIS_URL=redis://127.0.0.1:6379 npm run bench:rolling [-- --rounds 3]
 * (PostgreSQL on 127.0.0.1:5432 as the tests use it, Redis, Debian's caddy.)
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { caddyInstalled, httpsRequest, startCaddy } from '../server/testing/caddy.ts';
import { freePort } from '../server/testing/ports.ts';
import { startS3rver } from '../server/testing/s3rver.ts';
import {
  killServers,
  type RunningServer,
  startServer,
  stopServer,
} from '../server/testing/server-process.ts';
import { openPostgresTestDatabase, postgresAnswers } from '../server/testing/test-app.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '1' } } });
const redisUrl = process.env.TEST_REDIS_URL;
if (!(await postgresAnswers()) || !redisUrl || !caddyInstalled()) {
  console.error('Needs PostgreSQL on 127.0.0.1:5432, Redis (TEST_REDIS_URL) and /usr/bin/caddy.');
  process.exit(1);
}

/** One request through Caddy: its status, or 0 when it failed before an answer, and who answered. */
const send = (url: string, ca: string, options: Parameters<typeof httpsRequest>[2] = {}) =>
  httpsRequest(url, ca, options).then(
    (answer) => ({
      ...answer,
      cookies: [answer.headers['set-cookie'] ?? []].flat(),
      // The site names each request it answers; Caddy's own answers have no id.
      from: answer.headers['x-request-id'] ? 'the site' : 'Caddy',
    }),
    () => ({ status: 0, body: '', cookies: [] as string[], from: 'no answer' }),
  );

/** One rolling restart under load; what it saw. */
async function round() {
  const s3 = await startS3rver(['rolling-uploads']);
  const database = await openPostgresTestDatabase();
  const ports = [await freePort(), await freePort()];
  const httpsPort = await freePort();
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    DATABASE_URL: database.url ?? '',
    REDIS_URL: redisUrl ?? '',
    S3_BUCKET: 'rolling-uploads',
    ...s3.env,
    S3_PREFIX: `${randomBytes(4).toString('hex')}/`,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    ADMIN_USERNAME: 'rolling-owner',
    ADMIN_PASSWORD: 'rolling-owner-password-1',
    PUBLIC_URL: `https://localhost:${httpsPort}`,
    TRUST_PROXY: '127.0.0.1',
    HOST: '127.0.0.1',
    // Twice Caddy's health check: out of its pool before it closes.
    SHUTDOWN_DRAIN_MS: '4500',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'portfolio-rolling-')),
  };
  const servers: RunningServer[] = [];
  const start = async (index: number) => {
    servers[index] = await startServer({ ...env, PORT: String(ports[index]) });
  };
  // The first start migrates and seeds; the second finds it done.
  await start(0);
  await start(1);
  const caddy = await startCaddy({ sitePorts: ports, httpsPort });
  try {
    const site = caddy.https;
    const login = await send(`${site}/api/login`, caddy.ca, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site },
      body: JSON.stringify({ username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD }),
    });
    if (login.status !== 200) throw new Error(`sign-in answered ${login.status}: ${login.body}`);
    const cookie = login.cookies.map((line) => line.split(';')[0]).join('; ');

    const failures: string[] = [];
    const written: string[] = [];
    let sent = 0;
    let restarting = true;
    // What visitors read (the health check, which a stopping process answers 503 by design, is Caddy's).
    const READS = ['/api/blog', '/api/skills', '/api/projects', '/rss.xml'];
    const worker = async (id: number) => {
      for (let n = 0; restarting || sent < 2000; n++) {
        sent++;
        if (n % 10 === 9) {
          const slug = `rolling-${id}-${n}-${randomBytes(3).toString('hex')}`;
          const answer = await send(`${site}/api/blog`, caddy.ca, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: site, cookie },
            body: JSON.stringify({
              title: `Written during a restart ${slug}`,
              slug,
              summary: 'A post written while the processes restart.',
              content: 'Enough content to pass the fifty character minimum of the post form.',
              isPublished: true,
            }),
          });
          if (answer.status === 201) written.push(slug);
          else failures.push(`POST /api/blog ${answer.status} from ${answer.from}`);
        } else {
          const path = READS[n % READS.length] ?? '/api/blog';
          const answer = await send(`${site}${path}`, caddy.ca, { headers: { cookie } });
          if (answer.status !== 200) failures.push(`GET ${path} ${answer.status} from ${answer.from}`);
        }
      }
    };
    const load = Promise.all(Array.from({ length: 8 }, (_, id) => worker(id)));
    // Once the load runs: each process in turn stopped (drained first) and started again, back in
    // Caddy's pool (it has answered a visitor's request) before the other one stops.
    while (sent < 300) await new Promise((resolve) => setTimeout(resolve, 50));
    for (const index of [0, 1]) {
      const server = servers[index];
      if (!server) throw new Error('no server');
      const code = await stopServer(server);
      if (code !== 0) failures.push(`process ${index} exited ${code}`);
      await start(index);
      const deadline = Date.now() + 30_000;
      while (!/"url":"\/api\//.test(servers[index]?.output() ?? '') && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    restarting = false;
    await load;
    // Every acknowledged write is there, whichever process answers.
    const missing: string[] = [];
    for (const slug of written) {
      if ((await send(`${site}/api/blog/${slug}`, caddy.ca)).status !== 200) missing.push(slug);
    }
    return { sent, failures, written: written.length, missing };
  } finally {
    await caddy.stop();
    killServers();
    await database.close();
    await s3.close();
  }
}

let ok = true;
for (let i = 1; i <= Number(values.rounds); i++) {
  const seen = await round();
  const counts = new Map<string, number>();
  for (const failure of seen.failures) counts.set(failure, (counts.get(failure) ?? 0) + 1);
  console.log(
    `round ${i}: ${seen.sent} requests, ${seen.failures.length} failed${counts.size ? ` (${[...counts].map(([what, n]) => `${n} x ${what}`).join(', ')})` : ''}; ${seen.written} writes acknowledged, ${seen.missing.length} missing`,
  );
  ok &&= seen.failures.length === 0 && seen.missing.length === 0;
}
console.log(
  ok ? 'no request lost, no acknowledged write lost' : 'LOST: a request failed or a write is missing',
);
process.exit(ok ? 0 : 1);
