/**
 * The server's memory (issue 61, point 4): the process `npm start` runs (the production build,
 * `NODE_ENV=production`, on the embedded database in a fresh DATA_DIR), its resident size from
 * /proc once settled:
 *
 * 1. after its first start (the database created, migrated and seeded);
 * 2. after a start on that existing database;
 * 3. after 1,000 mixed requests of what a site gets (pages served from the cache and rendered for
 *    a query, the blog's pages, tags and searches, posts, projects, feeds, the sitemap, share
 *    images, illustrations, API reads, page-view beacons from many addresses, addresses that are
 *    no page), 8 at a time.
 * 4. after the owner's preview of a 45 MB zip of posts, posted to the import page as a browser
 *    without JavaScript posts it (the page reads the body whole and sends the file on to the API):
 *    also the highest resident size while it was read.
 *
 * Budget (docs/architecture.md): at most 400 MB resident at each point. Prints each figure with the
 * process's own view of it (V8's heap, memory outside it such as PGlite's WebAssembly memory) and
 * exits 1 when one is over. Needs `npm run build`. Nothing leaves the machine.
 *
 *   npm run bench:memory
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { save } from './measure.ts';

const BUDGET_MB = 400;
const REQUESTS = 1000;
const AT_ONCE = 8;
const root = join(import.meta.dirname, '..');
const main = join(root, 'dist', 'server', 'main.js');
if (!existsSync(main) || !existsSync(join(root, 'build', 'server', 'index.js'))) {
  console.error('No build: run `npm run build` first.');
  process.exit(2);
}

const dataDir = mkdtempSync(join(tmpdir(), 'portfolio-memory-'));
const usageFile = join(dataDir, 'usage.json');
/** Loaded into the server's process: writes its own view of its memory every half second. */
const probe = join(dataDir, 'probe.mjs');
writeFileSync(
  probe,
  `import { writeFileSync } from 'node:fs';\nsetInterval(() => { try { writeFileSync(${JSON.stringify(usageFile)}, JSON.stringify(process.memoryUsage())); } catch {} }, 500).unref();\n`,
);

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const mb = (bytes: number) => bytes / 1048576;
/** A size the kernel gives for the process (`VmRSS`: resident now; `VmHWM`: the highest since `resetPeak`). */
const statusMb = (pid: number, field: 'VmRSS' | 'VmHWM') =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) /
  1024;
const residentMb = (pid: number) => statusMb(pid, 'VmRSS');

interface Reading {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
}

/** The resident size once it has stopped moving (two readings a second apart within 2 MB, at most 20 s). */
async function settled(pid: number): Promise<Reading> {
  let last = residentMb(pid);
  for (let i = 0; i < 20; i++) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = residentMb(pid);
    if (Math.abs(now - last) < 2 && i >= 2) break;
    last = now;
  }
  const usage = JSON.parse(readFileSync(usageFile, 'utf8')) as NodeJS.MemoryUsage;
  return {
    rss: residentMb(pid),
    heapUsed: mb(usage.heapUsed),
    heapTotal: mb(usage.heapTotal),
    external: mb(usage.external),
  };
}

/**
 * Node's flags and the environment as `npm start` gives them (package.json's start script:
 * `NAME=value ... node <flags> dist/server/main.js`).
 */
const { startFlags, startEnv } = (() => {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const words = manifest.scripts.start.split(/\s+/);
  const node = words.indexOf('node');
  const assignments = words.slice(0, node).map((word) => word.split('=') as [string, string]);
  return {
    startFlags: words.slice(node + 1, words.indexOf('dist/server/main.js')),
    startEnv: Object.fromEntries(assignments),
  };
})();

const startCommand = [
  ...Object.entries(startEnv).map(([name, value]) => `${name}=${value}`),
  'node',
  ...startFlags,
].join(' ');

async function start(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...startFlags, '--import', probe, main], {
    env: {
      ...process.env,
      ...startEnv,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Behind a proxy, as a live site is: each request's own address (X-Forwarded-For) counts.
      TRUST_PROXY: '1',
      ADMIN_USERNAME: OWNER.username,
      ADMIN_PASSWORD: OWNER.password,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not get ready in 2 minutes');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function stop(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** The mix: what a site's visitors, crawlers and feed readers ask for, from the site's own links. */
async function mixOf(site: string): Promise<Array<{ method: 'GET' | 'POST'; path: string; body?: string }>> {
  const home = await (await fetch(`${site}/`)).text();
  const blog = await (await fetch(`${site}/blog`)).text();
  const links = (html: string, pattern: RegExp) => [
    ...new Set([...html.matchAll(pattern)].map((m) => m[1] ?? '')),
  ];
  const posts = links(blog, /href="(\/blog\/[a-z0-9-]+)"/g);
  const tags = links(blog, /href="(\/blog\/tag\/[^"]+)"/g);
  const projects = links(home, /href="(\/projects\/[a-z0-9-]+)"/g);
  const images = links(home + blog, /src="(\/images\/[^"]+)"/g);
  const shares = links(
    (await Promise.all(posts.slice(0, 4).map(async (post) => (await fetch(`${site}${post}`)).text()))).join(
      '',
    ),
    /property="og:image" content="https?:\/\/[^/]+(\/og\/[^"]+)"/g,
  );
  const words = ['key', 'repair', 'schema', 'react', 'shop', 'battery', 'transponder', 'zod', 'nothing-here'];
  const pages = ['/', '/blog', '/privacy', '/terms', '/newsletter', '/resume', '/book-a-call', '/contribute'];
  const feeds = [
    '/rss.xml',
    '/atom.xml',
    '/feed.json',
    '/sitemap.xml',
    '/robots.txt',
    '/manifest.webmanifest',
  ];
  const reads = [
    '/api/blog',
    '/api/skills',
    '/api/testimonials',
    '/api/booking/status',
    '/api/booking/slots',
  ];
  const mix: Array<{ method: 'GET' | 'POST'; path: string; body?: string }> = [];
  for (let i = 0; i < REQUESTS; i++) {
    const pick = <T>(list: T[]) => list[i % list.length] as T;
    const kind = i % 20;
    if (kind < 5) mix.push({ method: 'GET', path: pick([...pages, ...posts, ...projects]) });
    else if (kind < 7) mix.push({ method: 'GET', path: `${pick(pages)}?utm_source=newsletter&ref=${i}` });
    else if (kind < 9) mix.push({ method: 'GET', path: `/blog?q=${pick(words)}&page=${1 + (i % 2)}` });
    else if (kind < 10) mix.push({ method: 'GET', path: pick(tags.length ? tags : ['/blog']) });
    else if (kind < 12) mix.push({ method: 'GET', path: pick([...feeds, ...images, ...shares]) });
    else if (kind < 15) mix.push({ method: 'GET', path: pick(reads) });
    else if (kind < 19) {
      mix.push({
        method: 'POST',
        path: '/api/analytics/pageview',
        body: JSON.stringify({
          path: pick([...pages, ...posts]),
          referrer: i % 3 === 0 ? 'https://www.google.com/' : '',
          screenWidth: 390,
          screenHeight: 844,
        }),
      });
    } else mix.push({ method: 'GET', path: `/no-such-page-${i}` });
  }
  return mix;
}

async function load(site: string) {
  const mix = await mixOf(site);
  const statuses = new Map<number, number>();
  let next = 0;
  const worker = async () => {
    while (next < mix.length) {
      const request = mix[next++];
      if (!request) break;
      const n = next;
      const response = await fetch(`${site}${request.path}`, {
        method: request.method,
        headers: {
          'accept-encoding': 'br, gzip',
          // Many visitors: the beacons' countries and the per-address limits see different addresses.
          'x-forwarded-for': `${81 + (n % 100)}.${n % 251}.${(n * 7) % 251}.${(n * 13) % 251}`,
          ...(request.body ? { 'content-type': 'application/json' } : {}),
        },
        ...(request.body ? { body: request.body } : {}),
      });
      await response.arrayBuffer();
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
  return statuses;
}

const OWNER = { username: 'bench-owner', password: 'bench-owner-password-123' };
const UPLOAD_MB = 45;

const resetPeak = (pid: number) => writeFileSync(`/proc/${pid}/clear_refs`, '5');

/** The owner previews an import of a zip of `UPLOAD_MB` MB (a post and a photo that does not compress). */
async function previewLargeImport(site: string) {
  const signIn = await fetch(`${site}/api/login`, {
    method: 'POST',
    headers: { origin: site, 'content-type': 'application/json' },
    body: JSON.stringify(OWNER),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const zip = zipSync(
    {
      'posts/large.md': new TextEncoder().encode(
        '---\ntitle: With a large photo\n---\n\n![A photo](images/photo.png)\n',
      ),
      'posts/images/photo.png': new Uint8Array(randomBytes(UPLOAD_MB * 1048576)),
    },
    { level: 0 },
  );
  const form = new FormData();
  form.append('_form', 'import');
  form.append('dryRun', 'true');
  form.append('file', new Blob([zip], { type: 'application/zip' }), 'posts.zip');
  const answer = await fetch(`${site}/admin/blog/data`, {
    method: 'POST',
    headers: { origin: site, cookie, accept: 'text/html' },
    body: form,
  });
  const page = await answer.text();
  if (!signIn.ok || !answer.ok || !page.includes('Nothing is written yet'))
    throw new Error(`the import preview was not shown (sign-in ${signIn.status}, page ${answer.status})`);
}

const readings: Record<string, Reading> = {};
const line = (label: string, reading: Reading) =>
  console.log(
    `${label.padEnd(44)} ${reading.rss.toFixed(0).padStart(5)} MB   (V8 heap ${reading.heapUsed.toFixed(0)} of ${reading.heapTotal.toFixed(0)} MB, outside it ${reading.external.toFixed(0)} MB)   ${reading.rss <= BUDGET_MB ? 'ok' : `OVER ${BUDGET_MB} MB`}`,
  );
try {
  console.log(
    `The server as \`npm start\` runs it (${startCommand}), on the embedded database; resident size once settled (budget ${BUDGET_MB} MB):`,
  );
  const port = await freePort();
  let server = await start(port);
  readings.firstStart = await settled(server.pid as number);
  line('after its first start (created and seeded)', readings.firstStart);
  await stop(server);
  server = await start(port);
  readings.start = await settled(server.pid as number);
  line('after a start on the existing database', readings.start);
  const statuses = await load(`http://127.0.0.1:${port}`);
  readings.afterRequests = await settled(server.pid as number);
  line(`after ${REQUESTS} mixed requests`, readings.afterRequests);
  console.log(
    `  answers: ${[...statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${count} x ${status}`)
      .join(', ')}`,
  );
  resetPeak(server.pid as number);
  await previewLargeImport(`http://127.0.0.1:${port}`);
  const peak = statusMb(server.pid as number, 'VmHWM');
  readings.afterUpload = await settled(server.pid as number);
  line(`after a ${UPLOAD_MB} MB import previewed on its page`, readings.afterUpload);
  console.log(`  highest while it was read: ${peak.toFixed(0)} MB`);
  await stop(server);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
save('memory', { budgetMb: BUDGET_MB, readings });
const over = Object.values(readings).some((reading) => reading.rss > BUDGET_MB);
console.log(over ? `\nBUDGET MISSED (at most ${BUDGET_MB} MB resident)` : '\nwithin budget');
process.exit(over ? 1 : 0);
