/**
 * Posts told to the fediverse at realistic size (issue 47, point 4), against the budgets in
 * docs/architecture.md: 1,000 followers on 200 servers (bench/api-server.ts adds them and delivers
 * in the site's process, as main.ts's periodic job does), each server a stand-in in this process
 * on 127.0.0.1 that answers an inbox post after `--latency` ms (a remote server's answer time: a
 * busy Mastodon answers its inbox in 0.1 to 1 s). Every other server offers a shared inbox, so a
 * post goes to one inbox there and to each follower's own inbox elsewhere (600 inboxes).
 *
 * `--posts` posts are published while the deliveries wait, then each round measures the pages
 * twice: with the deliveries still waiting (A) and while they are sent (B), so both sides share
 * the machine's moods. Then the rest is sent.
 *
 * 1. The pages during the send: the home page and a post (cached), read by a visitor already on
 *    the site (with the visit's cookie), each against the bare app answering its own bytes (the
 *    page budget of bench/api.ts), and against themselves with the deliveries waiting (B / A, the
 *    median of the rounds' ratios).
 * 2. Delivered: every inbox has each post's `Create`, signed, exactly once; the inboxes reached a
 *    second while sending, and what that makes of one post's 600 inboxes (budget SEND_BUDGET_S).
 *
 * Exits 1 when a budget is missed. Needs `npm run build` first.
 *
 *   npm run bench:fediverse [-- --followers 1000 --servers 200 --latency 500 --posts 3 --duration 2 --rounds 5]
 */
import { createServer, type Server } from 'node:http';
import { parseArgs } from 'node:util';
import {
  MAX_P99_MS,
  maxSentBytesOf,
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
    posts: { type: 'string', default: '3' },
    duration: { type: 'string', default: '2' },
    connections: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '5' },
  },
});
const followers = Number(values.followers);
const serverCount = Number(values.servers);
const latency = Number(values.latency);
const posts = Number(values.posts);
const rounds = Number(values.rounds);
const options = { rounds: 1, duration: Number(values.duration), connections: Number(values.connections) };
/** Budget: one post's inboxes (600 for 1,000 followers on 200 servers) reached within this many seconds. */
const SEND_BUDGET_S = 60;
/** Budget: the send slows a page by at most this much (B / A; as bench/newsletter.ts). */
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

const median = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

const server = await startBenchServer({
  BENCH_FOLLOWERS: String(followers),
  BENCH_FEDIVERSE_SERVERS: JSON.stringify(addresses),
  BENCH_POSTS: '20',
});
const deliveries = (on: boolean) =>
  fetch(`${server.bare}/bench/deliveries?on=${on ? 1 : 0}`, { method: 'POST' });
const checks: { name: string; value: string; ok: boolean; budget: string }[] = [];
const sides: Record<'A' | 'B', Row[][]> = { A: [], B: [] };
let summary: Row[] = [];
try {
  console.log(
    `\nbench:fediverse (${followers} followers on ${serverCount} servers, ${expected.size} inboxes a post, ${posts} posts, answers after ${latency} ms): ${server.database}; ${options.connections} connections, ${options.duration} s per target, ${rounds} rounds of A (deliveries waiting) then B (sending), Node ${process.version}`,
  );
  // A reader already on the site who has read the post (the visit's cookie says so): what a first
  // visit's cookie costs a cached page is bench:api's to judge; this bench is about the send.
  const landing = await fetch(`${server.site}${server.post}`);
  const visit = landing.headers.getSetCookie().find((cookie) => cookie.startsWith('visit='));
  if (!visit) throw new Error('the post page set no visit cookie');
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
      maxSentBytes: maxSentBytesOf(path),
    })),
    ...yardsticks,
  ];

  await deliveries(false);
  const published: number[] = [];
  for (let n = 0; n < posts; n++) {
    const answer = await fetch(`${server.site}/api/blog`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: server.cookie, origin: server.site },
      body: JSON.stringify({
        title: `Bench: a post for a thousand followers, number ${n + 1}`,
        slug: `bench-a-post-for-a-thousand-followers-${n + 1}`,
        summary: 'What the fediverse bench publishes to start a delivery.',
        content: 'A body long enough for the editor, published to start the delivery of the fediverse bench.',
        tags: ['bench', 'fediverse'],
        isPublished: true,
      }),
    });
    if (answer.status !== 201) throw new Error(`publish failed: ${answer.status} ${await answer.text()}`);
    published.push(performance.now());
  }

  let sendingMs = 0;
  let sentWhileMeasured = 0;
  for (let round = 0; round < rounds; round++) {
    sides.A.push(await throughput(bare, targets, options));
    await deliveries(true);
    const from = performance.now();
    const before = received.length;
    sides.B.push(await throughput(bare, targets, options));
    await deliveries(false);
    sendingMs += performance.now() - from;
    sentWhileMeasured += received.length - before;
  }
  const total = expected.size * posts;
  const outlasted = received.length < total;
  await deliveries(true);
  const until = performance.now() + SEND_BUDGET_S * posts * 2000;
  while (received.filter((entry) => entry.type === 'Create').length < total && performance.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // A moment more, so a second copy sent late would be seen.
  await new Promise((resolve) => setTimeout(resolve, latency * 2));

  // Each side's medians, judged as bench:api judges them; B / A as the median of the rounds' ratios.
  const sideRows = (side: Row[][]): Row[] =>
    (side[0] ?? []).map((first) => {
      const of = (name: string) => side.map((rows) => rows.find((row) => row.name === name) as Row);
      const reqPerSec = median(of(first.name).map((row) => row.reqPerSec));
      const p99 = median(of(first.name).map((row) => row.p99));
      const target = targets.find((t) => t.name === first.name);
      const against = target?.against
        ? median(of(target.against.name).map((row) => row.reqPerSec))
        : median(of(bare.name).map((row) => row.reqPerSec));
      const judgedRatio = reqPerSec / (against || 1);
      const judged = Boolean(target?.against);
      return {
        ...first,
        reqPerSec,
        p99,
        ratio: reqPerSec / (median(of(bare.name).map((row) => row.reqPerSec)) || 1),
        judgedRatio,
        ok:
          !judged ||
          (judgedRatio >= 0.5 && p99 < MAX_P99_MS && first.sentBytes <= (target?.maxSentBytes ?? 0)),
      };
    });
  const a = sideRows(sides.A);
  const b = sideRows(sides.B);
  printRows('Deliveries waiting (A; medians of the rounds)', a);
  printRows('Sending (B; medians of the rounds)', b);
  summary = b;

  const creates = received.filter((entry) => entry.type === 'Create');
  const perInbox = new Map<string, number>();
  for (const entry of creates)
    perInbox.set(`${entry.id} ${entry.inbox}`, (perInbox.get(`${entry.id} ${entry.inbox}`) ?? 0) + 1);
  const ids = new Set(creates.map((entry) => entry.id));
  const twice = [...perInbox.values()].filter((count) => count > 1).length;
  const stray = creates.filter((entry) => !expected.has(entry.inbox)).length;
  const missing = ids.size === posts ? total - perInbox.size : total;
  checks.push({
    name: `every inbox, each post once (${perInbox.size} of ${total}; ${twice} twice, ${stray} stray)`,
    value: `${creates.length} posts, ${ids.size} activities`,
    ok: missing === 0 && twice === 0 && stray === 0 && creates.length === total,
    budget: `${total} copies, one each`,
  });
  checks.push({
    name: 'each copy signed',
    value: `${creates.filter((entry) => entry.signed).length} of ${creates.length}`,
    ok: creates.length > 0 && creates.every((entry) => entry.signed),
    budget: 'all',
  });
  const rate = sentWhileMeasured / (sendingMs / 1000);
  checks.push({
    name: `sent while measured (${sentWhileMeasured} in ${(sendingMs / 1000).toFixed(0)} s): one post's ${expected.size} inboxes in`,
    value: `${(expected.size / rate).toFixed(1)} s (${rate.toFixed(1)}/s)`,
    ok: rate > 0 && expected.size / rate <= SEND_BUDGET_S,
    budget: `<= ${SEND_BUDGET_S} s`,
  });
  checks.push({
    name: 'deliveries left when the measuring ended',
    value: outlasted ? 'some' : 'none',
    ok: outlasted,
    budget: 'some (else raise --posts)',
  });
  for (const [name] of pages) {
    const ratios = sides.A.map((rows, round) => {
      const before = rows.find((row) => row.name === name)?.reqPerSec ?? 0;
      const during = sides.B[round]?.find((row) => row.name === name)?.reqPerSec ?? 0;
      return during / (before || 1);
    });
    const ratio = median(ratios);
    checks.push({
      name: `${name}: sending / waiting (rounds: ${ratios.map((r) => r.toFixed(2)).join(', ')})`,
      value: `${median(sides.A.map((rows) => rows.find((row) => row.name === name)?.reqPerSec ?? 0)).toFixed(0)} -> ${median(sides.B.map((rows) => rows.find((row) => row.name === name)?.reqPerSec ?? 0)).toFixed(0)} req/s (${ratio.toFixed(3)})`,
      ok: ratio >= MIN_AB_RATIO,
      budget: `>= ${MIN_AB_RATIO}`,
    });
  }
  console.log('\nThe send:');
  for (const check of checks)
    console.log(
      `  ${check.name.padEnd(76)} ${check.value.padStart(28)}   ${check.ok ? 'ok' : 'MISSED'} (${check.budget})`,
    );
  save('fediverse', { before: a, rows: b, checks, followers, servers: serverCount, latency, posts });
} finally {
  server.stop();
  for (const stand of servers) stand.close();
}

const ok =
  summary.length > 0 &&
  summary.every((row) => row.ok) &&
  checks.length > 0 &&
  checks.every((check) => check.ok);
console.log(ok ? '\nwithin budget' : '\nBUDGET MISSED');
process.exit(ok ? 0 : 1);
