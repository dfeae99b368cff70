/**
 * A post told to the fediverse at realistic size (issue 47, point 4), against the budgets in
 * docs/architecture.md: 1,000 followers on 200 servers (bench/api-server.ts adds them and delivers
 * in the site's process, as main.ts's periodic job does), each server a stand-in in this process
 * on 127.0.0.1 that answers an inbox post after `--latency` ms (a remote server's answer time: a
 * busy Mastodon answers its inbox in 0.1 to 1 s). Every other server offers a shared inbox, so the
 * post goes to one inbox there and to each follower's own inbox elsewhere.
 *
 * 1. Delivered: from the publish request until every inbox has the post's `Create`, signed, and
 *    each exactly once. Budget: SEND_BUDGET_S.
 * 2. The site during the send: the home page and a post (cached), read by a visitor already on
 *    the site (with the visit's cookie), each against the bare app answering its own bytes (the
 *    page budget of bench/api.ts), and against themselves measured before the publish in the same
 *    run (A/B). The send must outlast the measurement.
 *
 * Exits 1 when a budget is missed. Needs `npm run build` first.
 *
 *   npm run bench:fediverse [-- --followers 1000 --servers 200 --latency 500 --duration 2 --rounds 3]
 */
import { createServer, type Server } from 'node:http';
import { parseArgs } from 'node:util';
import {
  allOk,
  PAGE_MAX_SENT_BYTES,
  printRows,
  type Row,
  save,
  startBenchServer,
  type Target,
  throughput,
} from './measure.ts';

const { values } = parseArgs({
  options: {
    followers: { type: 'string', default: '1000' },
    servers: { type: 'string', default: '200' },
    latency: { type: 'string', default: '500' },
    duration: { type: 'string', default: '2' },
    connections: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '3' },
  },
});
const followers = Number(values.followers);
const serverCount = Number(values.servers);
const latency = Number(values.latency);
const options = {
  rounds: Number(values.rounds),
  duration: Number(values.duration),
  connections: Number(values.connections),
};
/** Budget: every inbox has the post within this many seconds of the publish. */
const SEND_BUDGET_S = 60;
/** Budget: the send slows a page by at most this much (A/B, same run; as bench/newsletter.ts). */
const MIN_AB_RATIO = 0.8;

/** What the stand-in servers received: one entry per inbox post. */
const received: { inbox: string; id: string; type: string; signed: boolean; at: number }[] = [];
const servers: Server[] = [];
const addresses: string[] = [];
for (let k = 0; k < serverCount; k++) {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers = request.headers;
      try {
        const activity = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string; type: string };
        received.push({
          inbox: `${addresses[k]}${request.url}`,
          id: activity.id,
          type: activity.type,
          signed: Boolean(headers.signature ?? headers['signature-input']),
          at: performance.now(),
        });
      } catch {
        // Counted as missing below.
      }
      setTimeout(() => response.writeHead(202).end(), latency);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  servers.push(server);
  addresses.push(`http://127.0.0.1:${port}`);
}
/** The inboxes a post must reach: a shared one on even servers, each follower's own elsewhere. */
const expected = new Set<string>();
for (let i = 0; i < followers; i++) {
  const k = i % serverCount;
  expected.add(k % 2 === 0 ? `${addresses[k]}/inbox` : `${addresses[k]}/users/u${i}/inbox`);
}

const server = await startBenchServer({
  BENCH_FOLLOWERS: String(followers),
  BENCH_FEDIVERSE_SERVERS: JSON.stringify(addresses),
  BENCH_POSTS: '20',
});
const checks: { name: string; value: string; ok: boolean; budget: string }[] = [];
let before: Row[] = [];
let during: Row[] = [];
try {
  console.log(
    `\nbench:fediverse (${followers} followers on ${serverCount} servers, ${expected.size} inboxes, answers after ${latency} ms): ${server.database}; ${options.connections} connections, ${options.duration} s per target, median of ${options.rounds} rounds, Node ${process.version}`,
  );
  // A reader already on the site, with the visit's cookie: what a first visit's cookie costs a
  // cached page is bench:api's to judge; this bench is about what the send costs them.
  const landing = await fetch(`${server.site}/`);
  const visit = landing.headers.getSetCookie().find((cookie) => cookie.startsWith('visit='));
  if (!visit) throw new Error('the home page set no visit cookie');
  const browser = { 'accept-encoding': 'br, gzip', cookie: visit.split(';')[0] ?? '' };
  const bare: Target = { name: 'bare Fastify /hello', url: `${server.bare}/hello` };
  const pages = [
    ['page / (cached)', '/'],
    ['page a post (cached)', server.post],
  ] as const;
  const yardsticks = pages.map(([name, path]) => ({
    name: `bare, the bytes of ${name.replace('page ', '').replace(' (cached)', '')}`,
    url: `${server.bare}/copy?path=${encodeURIComponent(path)}`,
    minRatio: 0,
  }));
  const targets: Target[] = [
    ...pages.map(([name, path], index) => ({
      name,
      url: `${server.site}${path}`,
      headers: browser,
      against: yardsticks[index],
      maxSentBytes: PAGE_MAX_SENT_BYTES,
    })),
    ...yardsticks,
  ];
  before = await throughput(bare, targets, options);
  printRows('Before the send (the A side)', before);

  const published = performance.now();
  const answer = await fetch(`${server.site}/api/blog`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: server.cookie, origin: server.site },
    body: JSON.stringify({
      title: 'Bench: a post for a thousand followers',
      slug: 'bench-a-post-for-a-thousand-followers',
      summary: 'What the fediverse bench publishes to start a delivery.',
      content: 'A body long enough for the editor, published to start the delivery of the fediverse bench.',
      tags: ['bench', 'fediverse'],
      isPublished: true,
    }),
  });
  if (answer.status !== 201) throw new Error(`publish failed: ${answer.status} ${await answer.text()}`);

  during = await throughput(bare, targets, options);
  const measuredUntil = performance.now();
  printRows('During the send (the B side)', during);

  const creates = () => received.filter((entry) => entry.type === 'Create');
  while (performance.now() - published < SEND_BUDGET_S * 2000) {
    if (new Set(creates().map((entry) => entry.inbox)).size >= expected.size) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // A moment more, so a second copy sent late would be seen.
  await new Promise((resolve) => setTimeout(resolve, latency * 2));
  const got = creates();
  const last = Math.max(...got.map((entry) => entry.at));
  const seconds = (last - published) / 1000;
  const perInbox = new Map<string, number>();
  for (const entry of got) perInbox.set(entry.inbox, (perInbox.get(entry.inbox) ?? 0) + 1);
  const missing = [...expected].filter((inbox) => !perInbox.has(inbox)).length;
  const twice = [...perInbox.values()].filter((count) => count > 1).length;
  const stray = [...perInbox.keys()].filter((inbox) => !expected.has(inbox)).length;
  const ids = new Set(got.map((entry) => entry.id)).size;
  checks.push({
    name: `every inbox, once (${perInbox.size} of ${expected.size}; ${missing} missing, ${twice} twice, ${stray} stray)`,
    value: `${got.length} posts, ${ids} activity`,
    ok: missing === 0 && twice === 0 && stray === 0 && ids === 1 && got.length === expected.size,
    budget: `${expected.size} inboxes, one copy each`,
  });
  checks.push({
    name: 'each copy signed',
    value: `${got.filter((entry) => entry.signed).length} of ${got.length}`,
    ok: got.length > 0 && got.every((entry) => entry.signed),
    budget: 'all',
  });
  checks.push({
    name: `delivered (${(expected.size / seconds).toFixed(1)} inboxes a second)`,
    value: `${seconds.toFixed(1)} s`,
    ok: missing === 0 && seconds <= SEND_BUDGET_S,
    budget: `<= ${SEND_BUDGET_S} s after the publish`,
  });
  checks.push({
    name: 'the send outlasted the B side',
    value: `${((measuredUntil - published) / 1000).toFixed(1)} s of ${seconds.toFixed(1)} s`,
    ok: last > measuredUntil,
    budget: 'measured during it (else raise --latency)',
  });
  for (const row of before.filter((entry) => entry.name.startsWith('page'))) {
    const after = during.find((entry) => entry.name === row.name);
    if (!after) continue;
    const ratio = after.reqPerSec / row.reqPerSec;
    checks.push({
      name: `${row.name}: during / before the send`,
      value: `${row.reqPerSec.toFixed(0)} -> ${after.reqPerSec.toFixed(0)} req/s (${ratio.toFixed(3)})`,
      ok: ratio >= MIN_AB_RATIO,
      budget: `>= ${MIN_AB_RATIO}`,
    });
  }
  console.log('\nThe send:');
  for (const check of checks)
    console.log(
      `  ${check.name.padEnd(62)} ${check.value.padStart(30)}   ${check.ok ? 'ok' : 'MISSED'} (${check.budget})`,
    );
} finally {
  server.stop();
  for (const stand of servers) stand.close();
}

save('fediverse', { before, rows: during, checks, followers, servers: serverCount, latency });
const ok =
  allOk({ rows: during, renders: [] }) &&
  allOk({ rows: before, renders: [] }) &&
  checks.length > 0 &&
  checks.every((check) => check.ok);
console.log(ok ? '\nwithin budget' : '\nBUDGET MISSED');
process.exit(ok ? 0 : 1);
