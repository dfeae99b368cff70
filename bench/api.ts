/**
 * API throughput benchmark (ARCHITECTURE.md budgets): autocannon with 50
 * connections against GET /api/blog, GET /api/skills and a bare Fastify route
 * returning constant JSON, all in the same run on the same machine. Prints
 * req/s, p99 latency and each endpoint's ratio to the bare route, and exits 1
 * when a budget is missed: ratio >= 0.5 and p99 < 20 ms.
 *
 *   npm run bench:api [-- --duration 10 --connections 50]
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
  },
});
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
const rows: { name: string; reqPerSec: number; p99: number; ratio: number; ok: boolean }[] = [];
try {
  let bareRate = 0;
  for (const target of targets) {
    const { reqPerSec, p99 } = await measure(target.url);
    if (rows.length === 0) bareRate = reqPerSec;
    const ratio = reqPerSec / bareRate;
    const ok = rows.length === 0 ? p99 < MAX_P99_MS : ratio >= MIN_RATIO && p99 < MAX_P99_MS;
    rows.push({ name: target.name, reqPerSec, p99, ratio, ok });
  }
} finally {
  server.kill('SIGTERM');
}

console.log(
  `\nAPI benchmark: ${connections} connections, ${duration} s per endpoint, Node ${process.version}`,
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
  JSON.stringify({ date: new Date().toISOString(), connections, duration, rows }, null, 2),
);
process.exit(rows.every((row) => row.ok) ? 0 : 1);
