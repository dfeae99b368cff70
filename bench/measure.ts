/**
 * What bench/api.ts and bench/scale.ts share: start the bench server (bench/api-server.ts) in
 * its own process, measure targets with autocannon in interleaved rounds against a bare Fastify
 * route measured in the same rounds, report medians and ratios, judge them against the budgets
 * of docs/architecture.md, and time single renders on one connection. `BENCH_NODE_ARGS` passes
 * flags to the server process (for example `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import autocannon from 'autocannon';

/** A loop that keeps a core busy until the process that started it has gone. */
const BUSY_UNTIL_ORPHANED = 'const parent = process.ppid; while (process.ppid === parent);';

/**
 * A slower host on this one (`--slow-host` of bench:lighthouse and bench:trace): pins this process
 * to the first core (the servers and browsers it starts after this inherit that) and starts a loop
 * that keeps that core busy beside them, a host a third to a quarter as fast by Lighthouse's
 * benchmark index. Returns the function that stops the loop; the loop also ends by itself once this
 * process has gone (a bench that failed before its `finally`), never left holding the core.
 */
export function shareOneCore(): () => void {
  execFileSync('taskset', ['--all-tasks', '--cpu-list', '--pid', '0', String(process.pid)], {
    stdio: 'ignore',
  });
  const busy = spawn('taskset', ['--cpu-list', '0', process.execPath, '-e', BUSY_UNTIL_ORPHANED], {
    stdio: 'ignore',
  });
  return () => busy.kill();
}

export interface BenchServer {
  site: string;
  bare: string;
  cookie: string;
  post: string;
  project: string;
  seeded: { posts: number; comments: number; views: number; seconds: number };
  database: string;
  stop(): void;
}

export async function startBenchServer(env: Record<string, string> = {}): Promise<BenchServer> {
  const server = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_NODE_ARGS?.split(' ') ?? []),
      '--import',
      'tsx',
      join(import.meta.dirname, 'api-server.ts'),
    ],
    {
      // Production React on the server, as `npm start` runs it (the development build is 2-3x slower).
      env: { ...process.env, NODE_ENV: 'production', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  const info = await new Promise<Omit<BenchServer, 'stop'>>((resolve, reject) => {
    let buffer = '';
    server.stderr.on('data', (chunk) => {
      buffer += chunk;
      const line = buffer.split('\n').find((l) => l.startsWith('{"site"'));
      if (line) resolve(JSON.parse(line));
    });
    server.on('exit', (code) => reject(new Error(`bench server exited with ${code}: ${buffer}`)));
  });
  return { ...info, stop: () => server.kill('SIGTERM') };
}

export interface Target {
  name: string;
  url: string;
  headers?: Record<string, string>;
  /** A page or API budget: the median's ratio to the bare route (or `against`) must reach this. */
  minRatio?: number;
  /**
   * The route this target is judged against instead of the bare JSON route: for a page, the bare
   * app answering the page's own compressed bytes (ADR 010).
   */
  against?: Target;
  /** How many bytes one answer may have, decompressed (checked on one request). */
  maxBytes?: number;
  /** How many bytes one answer may have as sent with the target's headers (compressed). */
  maxSentBytes?: number;
}

export interface Row {
  name: string;
  reqPerSec: number;
  p99: number;
  /** To the bare JSON route of the same rounds. */
  ratio: number;
  /** To the route the target is judged against (the bare JSON route unless `against`). */
  judgedRatio: number;
  bytes: number;
  sentBytes: number;
  ok: boolean;
  budget: string;
}

/** The middle of a list of figures (the upper of the two middles for an even count). */
export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

export const MAX_P99_MS = 20;

async function run(target: Target, connections: number, duration: number) {
  const result = await autocannon({ url: target.url, connections, duration, headers: target.headers ?? {} });
  return {
    reqPerSec: result.requests.average,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

/**
 * Each target (and the bare route first) once per round, `rounds` times; the median of each.
 * A short warm-up per target fills caches and lets the JIT settle.
 */
export async function throughput(
  bare: Target,
  targets: Target[],
  { rounds, duration, connections }: { rounds: number; duration: number; connections: number },
): Promise<Row[]> {
  const all = [bare, ...targets];
  const results = new Map<string, { reqPerSec: number; p99: number; failures: number }[]>();
  for (const target of all) await run(target, connections, 1);
  for (let round = 0; round < rounds; round++) {
    for (const target of all) {
      const list = results.get(target.name) ?? [];
      list.push(await run(target, connections, duration));
      results.set(target.name, list);
    }
  }
  const rate = (target: Target) => median((results.get(target.name) ?? []).map((r) => r.reqPerSec));
  const bareRate = rate(bare) || 1;
  const rows: Row[] = [];
  for (const target of all) {
    const list = results.get(target.name) ?? [];
    const reqPerSec = median(list.map((r) => r.reqPerSec));
    const p99 = median(list.map((r) => r.p99));
    const failures = list.reduce((sum, r) => sum + r.failures, 0);
    const response = await fetch(target.url, { headers: target.headers ?? {} });
    const bytes = (await response.arrayBuffer()).byteLength;
    const sentBytes = await bytesAsSent(target);
    const ratio = reqPerSec / bareRate;
    const judgedRatio = target.against ? reqPerSec / (rate(target.against) || 1) : ratio;
    // The bare routes are yardsticks: measured, not judged.
    const judged = target !== bare && target.minRatio !== 0;
    const minRatio = judged ? (target.minRatio ?? 0.5) : 0;
    const ok =
      failures === 0 &&
      judgedRatio >= minRatio &&
      (!judged || p99 < MAX_P99_MS) &&
      (!target.maxBytes || bytes <= target.maxBytes) &&
      (!target.maxSentBytes || sentBytes <= target.maxSentBytes);
    const limits = [
      minRatio ? `>= ${minRatio} x ${target.against ? 'its bytes from a bare route' : 'bare'}` : '',
      judged ? `p99 < ${MAX_P99_MS} ms` : '',
      target.maxBytes ? `<= ${Math.round(target.maxBytes / 1024)} KB` : '',
      target.maxSentBytes ? `<= ${Math.round(target.maxSentBytes / 1024)} KB sent` : '',
      failures ? `${failures} FAILED` : '',
    ].filter(Boolean);
    rows.push({
      name: target.name,
      reqPerSec,
      p99,
      ratio,
      judgedRatio,
      bytes,
      sentBytes,
      ok,
      budget: limits.length ? limits.join(', ') : '-',
    });
  }
  return rows;
}

/** One answer's size as it crosses the wire with the target's headers (node:http does not decompress). */
export function bytesAsSent(target: Pick<Target, 'url' | 'headers'>): Promise<number> {
  return new Promise((resolve, reject) => {
    get(target.url, { headers: target.headers ?? {} }, (response) => {
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
      });
      response.on('end', () => resolve(size));
      response.on('error', reject);
    }).on('error', reject);
  });
}

/**
 * One request at a time for `duration` seconds, `rounds` times: the median of the rounds' median
 * times (a garbage collection or a neighbour's burst moves a mean, not a median).
 */
export async function singleRender(
  target: Target,
  { rounds, duration }: { rounds: number; duration: number },
) {
  const medians: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const times: number[] = [];
    await new Promise<void>((resolve, reject) => {
      const instance = autocannon(
        { url: target.url, connections: 1, duration, headers: target.headers ?? {} },
        (error) => (error ? reject(error) : resolve()),
      );
      instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
    });
    medians.push(median(times));
  }
  return median(medians);
}

export function printRows(title: string, rows: Row[]) {
  console.log(`\n${title}`);
  console.log(
    `${'target'.padEnd(34)} ${'req/s'.padStart(8)} ${'p99 ms'.padStart(8)} ${'x bare'.padStart(7)} ${'judged'.padStart(7)} ${'KB'.padStart(7)} ${'KB sent'.padStart(8)}   budget`,
  );
  for (const row of rows) {
    console.log(
      [
        row.name.padEnd(34),
        row.reqPerSec.toFixed(0).padStart(8),
        row.p99.toFixed(1).padStart(8),
        row.ratio.toFixed(3).padStart(7),
        row.judgedRatio.toFixed(3).padStart(7),
        (row.bytes / 1024).toFixed(1).padStart(7),
        (row.sentBytes / 1024).toFixed(1).padStart(8),
        `  ${row.ok ? 'ok' : 'MISSED'} (${row.budget})`,
      ].join(' '),
    );
  }
}

export const UNCACHED_MAX_MS = 8;
/** What one page may weigh as sent to a browser (Brotli): throughput falls with every byte (ADR 010). */
export const PAGE_MAX_SENT_BYTES = 16 * 1024;
/**
 * The home page's HTML as sent (Brotli) (issue 32; ADR 016: with the blog section's sign-up, was 10
 * KB, then 10.5). ADR 023: 12 KB, for the props its islands hydrate from (the projects, the skills,
 * the phrases) and their state, 1.3 KB in all, where the page fetched 118-140 KB of JavaScript at
 * load to hydrate the whole document. ADR 029: 18 KB, with the rules its first paint uses (5.4 KB),
 * where it waited for the whole stylesheet (11.4 KB) besides: 17.4 KB for the first paint, was 23.3.
 */
export const HOME_HTML_BUDGET = 18 * 1024;
/** What a page at `path` may weigh as sent: the home page's own budget, every other page's. */
export const maxSentBytesOf = (path: string) => (path === '/' ? HOME_HTML_BUDGET : PAGE_MAX_SENT_BYTES);

export async function benchmark({
  rounds,
  duration,
  connections,
  env = {},
  label,
  before,
  extra,
  renders: measureRenders = true,
}: {
  /** Also time pages rendered afresh for a signed-in visitor (default). */
  renders?: boolean;
  rounds: number;
  duration: number;
  connections: number;
  env?: Record<string, string>;
  label: string;
  /** Measurements and actions before the throughput rounds (a send started: bench/newsletter.ts). */
  before?: (server: BenchServer) => Promise<Record<string, number>>;
  /** More measurements against the same server, before it stops. */
  extra?: (server: BenchServer) => Promise<Record<string, number>>;
}) {
  const server = await startBenchServer(env);
  const browser = { 'accept-encoding': 'br, gzip' };
  const pages = [
    ['/', '/'],
    ['/blog', '/blog'],
    ['a post', server.post],
    ['a project', server.project],
  ] as const;
  try {
    console.log(
      `\n${label}: ${server.database}, ${server.seeded.posts} extra posts, ${server.seeded.comments} comments, ${server.seeded.views} page views (seeded in ${server.seeded.seconds} s); ${connections} connections, ${duration} s per target, median of ${rounds} rounds, Node ${process.version}`,
    );
    const first = before ? await before(server) : undefined;
    const bare: Target = { name: 'bare Fastify /hello', url: `${server.bare}/hello` };
    // Each page against the bare app answering that page's own bytes as sent (ADR 010); the API
    // reads against the bare JSON route, with their own bytes' yardstick printed beside them. The
    // yardsticks are measured in the same rounds and judged by nothing themselves.
    const measured = [
      ['GET /api/blog', '/api/blog', false],
      ['GET /api/skills', '/api/skills', false],
      ...pages.map(([name, path]) => [`page ${name} (cached)`, path, true] as const),
    ] as const;
    const yardsticks = measured.map(([name, path]) => ({
      name: `bare, the bytes of ${name.replace(/^(GET |page )/, '').replace(' (cached)', '')}`,
      url: `${server.bare}/copy?path=${encodeURIComponent(path)}`,
      minRatio: 0,
    }));
    const targets: Target[] = [
      ...measured.map(([name, path, page], index) => ({
        name,
        url: `${server.site}${path}`,
        headers: browser,
        ...(page ? { against: yardsticks[index], maxSentBytes: maxSentBytesOf(path) } : {}),
      })),
      ...yardsticks,
    ];
    const rows = await throughput(bare, targets, { rounds, duration, connections });
    printRows('Throughput (median of rounds; ratio to the bare route of the same rounds)', rows);

    if (measureRenders)
      console.log(
        `\nOne page at a time, rendered afresh for a signed-in visitor (budget <= ${UNCACHED_MAX_MS} ms):`,
      );
    const renders: { name: string; ms: number; ok: boolean }[] = [];
    for (const [name, path] of measureRenders ? pages : []) {
      const ms = await singleRender(
        { name, url: `${server.site}${path}`, headers: { ...browser, cookie: server.cookie } },
        { rounds, duration: Math.max(2, Math.round(duration / 2)) },
      );
      renders.push({ name, ms, ok: ms <= UNCACHED_MAX_MS });
      console.log(
        `  ${name.padEnd(12)} ${ms.toFixed(1).padStart(6)} ms   ${ms <= UNCACHED_MAX_MS ? 'ok' : 'MISSED'}`,
      );
    }
    return {
      rows,
      renders,
      seeded: server.seeded,
      database: server.database,
      before: first,
      extra: extra ? await extra(server) : undefined,
    };
  } finally {
    server.stop();
  }
}

export function save(name: string, result: object) {
  mkdirSync(join(import.meta.dirname, 'results'), { recursive: true });
  writeFileSync(
    join(import.meta.dirname, 'results', `${name}.json`),
    JSON.stringify({ date: new Date().toISOString(), ...result }, null, 2),
  );
}

export const allOk = (result: { rows: Row[]; renders: { ok: boolean }[] }) =>
  result.rows.every((row) => row.ok) && result.renders.every((render) => render.ok);
