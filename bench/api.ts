/**
 * API throughput benchmark (ARCHITECTURE.md budgets): autocannon with 50
 * connections against GET /api/blog, GET /api/skills and a bare Fastify route
 * returning constant JSON, all in the same run on the same machine. Prints
 * req/s, p99 latency and each endpoint's ratio to the bare route, and exits 1
 * when a budget is missed: ratio >= 0.5 and p99 < 20 ms.
 *
 * The endpoints are measured in interleaved rounds (bare, blog, skills, bare, …)
 * and each is judged by its best round: on a shared 2-core machine noise only
 * ever slows a run down, and interleaving keeps one noisy moment from landing on
 * a single endpoint.
 *
 *   npm run bench:api [-- --duration 10 --connections 50 --rounds 3]
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    'log-level': { type: 'string', default: 'info' },
    rounds: { type: 'string', default: '3' },
  },
});
const rounds = Number(values.rounds);
const duration = Number(values.duration);
const connections = Number(values.connections);
const MIN_RATIO = 0.5;
const MAX_P99_MS = 20;

const server = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'api-server.ts')], {
  env: { ...process.env, LOG_LEVEL: values['log-level'] },
  stdio: ['ignore', 'ignore', 'pipe'],
});
const addresses = await new Promise<{ site: string; bare: string }>((resolve, reject) => {
  let buffer = '';
  server.stderr.on('data', (chunk) => {
    buffer += chunk;
    const line = buffer.split('\n').find((l) => l.startsWith('{"site"'));
    if (line) resolve(JSON.parse(line));
  });
  server.on('exit', (code) => reject(new Error(`bench server exited with ${code}: ${buffer}`)));
});

async function measure(url: string) {
  // A short warm-up fills the read cache and lets the JIT settle.
  await autocannon({ url, connections, duration: 2 });
  const result = await autocannon({ url, connections, duration });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { reqPerSec: result.requests.average, p99: result.latency.p99 };
}

const targets = [
  { name: 'bare Fastify /hello', url: `${addresses.bare}/hello` },
  { name: 'GET /api/blog', url: `${addresses.site}/api/blog` },
  { name: 'GET /api/skills', url: `${addresses.site}/api/skills` },
];
const best = new Map<string, { reqPerSec: number; p99: number }>();
try {
  for (let round = 0; round < rounds; round++) {
    for (const target of targets) {
      const result = await measure(target.url);
      const previous = best.get(target.name);
      if (!previous || result.reqPerSec > previous.reqPerSec) best.set(target.name, result);
    }
  }
} finally {
  server.kill('SIGTERM');
}
const bareRate = best.get(targets[0]?.name ?? '')?.reqPerSec ?? 1;
const rows = targets.map((target, index) => {
  const { reqPerSec, p99 } = best.get(target.name) ?? { reqPerSec: 0, p99: Number.POSITIVE_INFINITY };
  const ratio = reqPerSec / bareRate;
  const ok = p99 < MAX_P99_MS && (index === 0 || ratio >= MIN_RATIO);
  return { name: target.name, reqPerSec, p99, ratio, ok };
});

console.log(
  `\nAPI benchmark: ${connections} connections, ${duration} s per endpoint, best of ${rounds} interleaved rounds, Node ${process.version}`,
);
console.log('endpoint               req/s      p99 ms   ratio   budget');
for (const row of rows) {
  console.log(
    `${row.name.padEnd(22)} ${row.reqPerSec.toFixed(0).padStart(7)} ${row.p99.toFixed(1).padStart(10)} ${row.ratio
      .toFixed(2)
      .padStart(7)}   ${row.ok ? 'ok' : 'MISSED'}`,
  );
}
console.log(`budget: ratio >= ${MIN_RATIO} of the bare route, p99 < ${MAX_P99_MS} ms`);

mkdirSync(join(import.meta.dirname, 'results'), { recursive: true });
writeFileSync(
  join(import.meta.dirname, 'results', 'api.json'),
  JSON.stringify({ date: new Date().toISOString(), connections, duration, rounds, rows }, null, 2),
);
process.exit(rows.every((row) => row.ok) ? 0 : 1);
