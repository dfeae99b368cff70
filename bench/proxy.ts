/**
 * The caching proxy of docs/nginx/caching-proxy.conf, run here (issue 32): nginx (Debian's) in
 * front of the production build on a freshly seeded database, with that file as written, only
 * its ports and cache folder changed. Checks what the file promises, then measures:
 *
 * - anonymous pages, feeds, a page's data and its modules are kept (X-Cache-Status HIT); a
 *   signed-in browser always reaches the site (BYPASS) and sees itself signed in; the API's
 *   private answers are never kept;
 * - a post published by the owner shows to a visitor through the proxy within the stated time
 *   (SHARED_CACHE_SECONDS, 10 s here);
 * - the home page through the proxy serves at least 0.8 of what nginx serves sending the same
 *   bytes straight from a file (autocannon, 50 connections, interleaved rounds, medians).
 *
 * Exits 1 when a check or the budget is missed. Needs `npm run build` and nginx
 * (`apt-get install nginx-light`).
 *
 *   npm run bench:proxy [-- --rounds 3 --duration 5]
 */
import { writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { NGINX, nginxInstalled, startCachingProxy } from '../server/testing/nginx.ts';
import { freePort } from '../server/testing/ports.ts';
import { MAX_P99_MS, printRows, save, startBenchServer, type Target, throughput } from './measure.ts';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
  },
});
const rounds = Number(values.rounds);
const duration = Number(values.duration);
const connections = Number(values.connections);

/** Through the proxy, the home page serves at least this share of nginx sending the same bytes. */
const MIN_RATIO = 0.8;
/** How long a change may take to show through the proxy (the bench server's SHARED_CACHE_SECONDS). */
const SHARED_CACHE_SECONDS = 10;

if (!nginxInstalled()) {
  console.error(`nginx is not installed (${NGINX}): apt-get install -y nginx-light`);
  process.exit(2);
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}
/** One GET as a browser sends it (Brotli accepted; node:http does not decompress). */
function fetchRaw(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'br', ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    }).on('error', reject);
  });
}
const plain = async (url: string, headers: Record<string, string> = {}) => {
  const response = await fetch(url, { headers });
  return {
    status: response.status,
    cache: response.headers.get('x-cache-status'),
    text: await response.text(),
    response,
  };
};

const server = await startBenchServer({ SHARED_CACHE_SECONDS: String(SHARED_CACHE_SECONDS) });
const directPort = await freePort();
const direct = `http://127.0.0.1:${directPort}`;

// The home page's bytes as the site sends them to a browser (its smallest Brotli copy, made in
// the background once the page is kept): what nginx sends straight from a file.
await fetchRaw(`${server.site}/`);
await new Promise((resolve) => setTimeout(resolve, 2000));
const home = await fetchRaw(`${server.site}/`);

const nginx = await startCachingProxy({
  sitePort: new URL(server.site).port,
  workers: 2,
  // The yardstick: the same bytes, sent by nginx from a file.
  servers: (folder) => `
  server {
    listen 127.0.0.1:${directPort};
    root ${folder};
    location = /home.html {
      types { }
      default_type "text/html; charset=utf-8";
      add_header Content-Encoding br;
    }
  }`,
});
writeFileSync(join(nginx.folder, 'home.html'), home.body);
const proxy = nginx.url;

const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  console.log(`${ok ? 'ok    ' : 'FAILED'} ${what}`);
  if (!ok) failures.push(what);
};
const rows: object[] = [];
try {
  console.log(
    `nginx ${NGINX} in front of the site (${server.site}); SHARED_CACHE_SECONDS=${SHARED_CACHE_SECONDS}`,
  );

  // What is kept, and what is not. The first page of a visit comes from the site (it sets the
  // visit's cookie), and so does a post or project the visit had not read last (the cookie notes
  // it); a browser holding the cookie is then served from the cache.
  const first = await fetch(`${proxy}/`);
  const visitor = { cookie: '' };
  const keep = (response: Response) => {
    const visit = response.headers.getSetCookie().find((c) => c.startsWith('visit='));
    if (visit) visitor.cookie = visit.split(';')[0] ?? '';
  };
  keep(first);
  check(
    first.headers.get('x-cache-status') === 'BYPASS' && visitor.cookie !== '',
    'the first page of a visit reaches the site, which notes the visit',
  );
  for (const path of ['/', '/blog', server.post, server.project, '/rss.xml', '/sitemap.xml']) {
    for (let i = 0; i < 2; i++) keep((await plain(`${proxy}${path}`, visitor)).response);
    const again = await plain(`${proxy}${path}`, visitor);
    check(again.status === 200 && again.cache === 'HIT', `${path} is kept for visitors (${again.cache})`);
  }
  const page = await plain(`${proxy}/`, visitor);
  // The page's data, which its starter fetches (ADR 017), and its module script.
  const data = page.text.match(/"(\/_hydration\/[^"\\]+)"/)?.[1] ?? '';
  const module = page.text.match(/import "(\/assets\/[\w.-]+\.js)"/)?.[1] ?? '';
  check(data !== '' && module !== '', 'the home page names its data and its modules');
  for (const path of [data, module]) {
    await plain(`${proxy}${path}`);
    check((await plain(`${proxy}${path}`)).cache === 'HIT', `${path.split('?')[0]} is kept`);
  }
  const owner = await plain(`${proxy}/`, { cookie: server.cookie });
  check(
    owner.cache === 'BYPASS' && owner.text.includes('Account menu for @bench-owner'),
    'a signed-in browser reaches the site and sees itself signed in',
  );
  const anonymousAfter = await plain(`${proxy}/`, visitor);
  check(!anonymousAfter.text.includes('bench-owner'), 'the signed-in page is never handed to a visitor');
  await plain(`${proxy}/api/user`, { cookie: server.cookie });
  const userAgain = await plain(`${proxy}/api/user`, { cookie: server.cookie });
  check(userAgain.cache !== 'HIT', 'a personal API answer is never kept');

  // Throughput: the home page through the proxy against nginx sending the same bytes.
  const browser = { 'accept-encoding': 'br', ...visitor };
  const yardstick: Target = {
    name: 'nginx sending the bytes from a file',
    url: `${direct}/home.html`,
    headers: browser,
  };
  const rowsOf = await throughput(
    yardstick,
    [{ name: 'the home page through the proxy', url: `${proxy}/`, headers: browser, minRatio: MIN_RATIO }],
    { rounds, duration, connections },
  );
  const viaProxy = await fetchRaw(`${proxy}/`, visitor);
  printRows(
    `home page, ${connections} connections, ${duration} s per target, median of ${rounds} interleaved rounds (body ${viaProxy.body.length} bytes both ways: ${viaProxy.body.equals(home.body) ? 'identical' : 'DIFFERENT'})`,
    rowsOf,
  );
  const through = rowsOf[1];
  check(
    through?.ok === true,
    `through the proxy the home page serves ${through?.ratio.toFixed(2)} x nginx sending the same bytes (budget >= ${MIN_RATIO}, p99 < ${MAX_P99_MS} ms)`,
  );
  rows.push(...rowsOf);

  // A published post shows through the proxy within the stated time.
  const slug = `through-the-proxy-${Date.now().toString(36)}`;
  const title = `Through the proxy ${Date.now().toString(36)}`;
  await plain(`${proxy}/blog`);
  check((await plain(`${proxy}/blog`)).cache === 'HIT', '/blog is kept before the post is published');
  const published = await fetch(`${server.site}/api/blog`, {
    method: 'POST',
    headers: { cookie: server.cookie, 'content-type': 'application/json', origin: server.site },
    body: JSON.stringify({
      title,
      slug,
      summary: 'Published while a caching proxy keeps the blog.',
      content: 'A post published to check how soon a caching proxy in front of the site shows it.',
      coverImage: '/images/posts/repair-before-replace.svg',
      isPublished: true,
    }),
  });
  check(published.status === 201, `the owner publishes a post (${published.status})`);
  const start = performance.now();
  let shownAfter = Number.POSITIVE_INFINITY;
  while (performance.now() - start < (SHARED_CACHE_SECONDS + 5) * 1000) {
    if ((await plain(`${proxy}/blog`)).text.includes(title)) {
      shownAfter = (performance.now() - start) / 1000;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  check(
    shownAfter <= SHARED_CACHE_SECONDS + 0.5,
    `the new post shows on /blog through the proxy after ${shownAfter.toFixed(1)} s (stated: within ${SHARED_CACHE_SECONDS} s)`,
  );
  rows.push({ name: 'post shown after (s)', value: shownAfter });
} finally {
  await nginx.stop();
  server.stop();
}
save('proxy', { rounds, duration, connections, rows, failures });
console.log(failures.length === 0 ? '\nwithin budget' : `\nMISSED: ${failures.join('; ')}`);
process.exit(failures.length === 0 ? 0 : 1);
