/**
 * A newsletter send at realistic size, against the budgets in docs/architecture.md: 10,000
 * confirmed subscribers (bench/api-server.ts adds them and runs the sender in the site's process,
 * to a stand-in SMTP server in this process on 127.0.0.1), then a post published through the API.
 *
 * 1. Queued: from the publish request until every delivery of the post's issue is in the outbox
 *    (read through the owner's API). Budget: under a second.
 * 2. The site during the send: the pages and API reads of bench/api.ts (autocannon, median of the
 *    rounds, against the bare routes of the same rounds), judged by the same budgets, and the home
 *    page and a post compared with themselves measured before the publish in the same run (A/B).
 * 3. The rate: what the stand-in SMTP server received over the send, per second, at most
 *    NEWSLETTER_RATE (default 5) with 10 % for the clock's edges.
 *
 * Exits 1 when a budget is missed. Needs `npm run build` first.
 *
 *   npm run bench:newsletter [-- --subscribers 10000 --rate 5 --duration 5 --rounds 3]
 */
import { parseArgs } from 'node:util';
import { startSmtpStandIn } from '../server/testing/smtp-stand-in.ts';
import { allOk, benchmark, printRows, save, type Target, throughput } from './measure.ts';

const { values } = parseArgs({
  options: {
    subscribers: { type: 'string', default: '10000' },
    rate: { type: 'string', default: '5' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '3' },
  },
});
const subscribers = Number(values.subscribers);
const rate = Number(values.rate);
const rounds = Number(values.rounds);
const duration = Number(values.duration);
const connections = Number(values.connections);
/** Budget: a send is queued within this many milliseconds of the publish. */
const QUEUE_BUDGET_MS = 1000;
/**
 * Budget: the send slows a page by at most this much (A/B, same run; two cores carry the load, the
 * site and the sender, so rounds differ by 10-15 % without any send).
 */
const MIN_AB_RATIO = 0.8;

const smtp = await startSmtpStandIn();
const checks: { name: string; value: string; ok: boolean; budget: string }[] = [];
let baseline: Awaited<ReturnType<typeof throughput>> = [];
let sendStarted = 0;

const result = await benchmark({
  rounds,
  duration,
  connections,
  // Pages rendered afresh for a signed-in visitor are bench:api's; this one is about the send.
  renders: false,
  label: `bench:newsletter (${subscribers} subscribers, ${rate} emails a second)`,
  env: {
    BENCH_SUBSCRIBERS: String(subscribers),
    BENCH_SMTP_URL: smtp.url,
    NEWSLETTER_RATE: String(rate),
    BENCH_POSTS: '20',
  },
  before: async (server) => {
    const browser = { 'accept-encoding': 'br, gzip' };
    const bare: Target = { name: 'bare Fastify /hello', url: `${server.bare}/hello` };
    const pages: Target[] = [
      { name: 'page / (cached)', url: `${server.site}/`, headers: browser, minRatio: 0 },
      { name: 'page a post (cached)', url: `${server.site}${server.post}`, headers: browser, minRatio: 0 },
    ];
    baseline = await throughput(bare, pages, { rounds, duration, connections });
    printRows('Before the send (the A side)', baseline);

    const started = performance.now();
    const published = await fetch(`${server.site}/api/blog`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: server.cookie, origin: server.site },
      body: JSON.stringify({
        title: 'Bench: a post for ten thousand readers',
        slug: 'bench-a-post-for-ten-thousand-readers',
        summary: 'What the newsletter bench publishes to start a send.',
        content: 'A body long enough for the editor, published to start the newsletter send of the bench.',
        isPublished: true,
      }),
    });
    if (published.status !== 201)
      throw new Error(`publish failed: ${published.status} ${await published.text()}`);
    // The issue and its deliveries are written in one transaction: once the public archive lists
    // it, every delivery is queued. (The archive is a cheap read; polling the owner's counts as
    // often would compete with the very insert it times.)
    while (performance.now() - started < 30_000) {
      const archive = (await (await fetch(`${server.site}/api/newsletter/issues`)).json()) as {
        items: { kind: string }[];
      };
      if (archive.items.some((item) => item.kind === 'post')) break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const queueMs = performance.now() - started;
    sendStarted = Date.now();
    const overview = (await (
      await fetch(`${server.site}/api/admin/newsletter`, { headers: { cookie: server.cookie } })
    ).json()) as { issues: { kind: string; recipients: number }[] };
    const queued = overview.issues.find((entry) => entry.kind === 'post')?.recipients ?? 0;
    const expected = subscribers - Math.floor(subscribers / 4);
    checks.push({
      name: `queued ${queued} deliveries (every new post: ${expected})`,
      value: `${queueMs.toFixed(0)} ms`,
      ok: queued === expected && queueMs < QUEUE_BUDGET_MS,
      budget: `< ${QUEUE_BUDGET_MS} ms, all of them`,
    });
    return { queueMs, queued };
  },
  extra: async () => {
    const seconds = (Date.now() - sendStarted) / 1000;
    const sent = smtp.received.length;
    const perSecond = sent / seconds;
    checks.push({
      name: `delivered during the measurements (${sent} in ${seconds.toFixed(0)} s)`,
      value: `${perSecond.toFixed(2)} a second`,
      ok: sent > 0 && perSecond <= rate * 1.1,
      budget: `> 0 and <= ${rate} a second (+10 %)`,
    });
    return { sent, seconds, perSecond };
  },
});

for (const before of baseline.filter((row) => row.name.startsWith('page'))) {
  const during = result.rows.find((row) => row.name === before.name);
  if (!during) continue;
  const ratio = during.reqPerSec / before.reqPerSec;
  checks.push({
    name: `${before.name}: during / before the send`,
    value: `${before.reqPerSec.toFixed(0)} -> ${during.reqPerSec.toFixed(0)} req/s (${ratio.toFixed(3)})`,
    ok: ratio >= MIN_AB_RATIO,
    budget: `>= ${MIN_AB_RATIO}`,
  });
}
console.log('\nThe send:');
for (const check of checks)
  console.log(
    `  ${check.name.padEnd(58)} ${check.value.padStart(26)}   ${check.ok ? 'ok' : 'MISSED'} (${check.budget})`,
  );
await smtp.close();
save('newsletter', { ...result, checks });
const ok = allOk(result) && checks.every((check) => check.ok);
console.log(ok ? '\nwithin budget' : '\nBUDGET MISSED');
process.exit(ok ? 0 : 1);
