/**
 * bench:api on a database of realistic size: 2,000 posts, 20,000 comments and 1,000,000 page
 * views (PGlite in memory by default; PostgreSQL with TEST_DATABASE_URL), seeded in SQL before the
 * server starts. Prints the same figures as bench:api (median of rounds, ratio to a bare route of
 * the same rounds, one uncached render at a time) plus the Admin Dashboard's 30-day analytics read.
 * Budgets (docs/architecture.md): the bench:api budgets; the blog's pages and API answers no larger
 * than at 4 posts (they are paged), compared with bench/results/api.json when bench:api ran
 * before; the analytics read under 50 ms. Exits 1 when one is missed. Needs `npm run build`.
 *
 *   npm run bench:scale [-- --posts 2000 --comments 20000 --views 1000000 --duration 5 --rounds 3]
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { allOk, benchmark, type Row, save } from './measure.ts';

const { values } = parseArgs({
  options: {
    posts: { type: 'string', default: '2000' },
    comments: { type: 'string', default: '20000' },
    views: { type: 'string', default: '1000000' },
    quotes: { type: 'string', default: '20000' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '3' },
  },
});
const ANALYTICS_MAX_MS = 50;
const PIPELINE_MAX_MS = 50;
const SIZE_TOLERANCE = 0.2;

const result = await benchmark({
  rounds: Number(values.rounds),
  duration: Number(values.duration),
  connections: Number(values.connections),
  env: {
    BENCH_POSTS: values.posts,
    BENCH_COMMENTS: values.comments,
    BENCH_VIEWS: values.views,
    BENCH_QUOTES: values.quotes,
  },
  label: 'bench:scale',
  extra: async (server) => {
    // The dashboard's reads, as the owner's browser asks for them: median of 7.
    const median = async (path: string) => {
      const times: number[] = [];
      for (let i = 0; i < 7; i++) {
        const started = performance.now();
        const response = await fetch(`${server.site}${path}`, { headers: { cookie: server.cookie } });
        if (!response.ok) throw new Error(`${path} answered ${response.status}`);
        await response.arrayBuffer();
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      return times[3] ?? 0;
    };
    return {
      analyticsMs: await median('/api/admin/analytics?days=30'),
      pipelineMs: await median('/api/admin/pipeline'),
    };
  },
});

const analyticsMs = Number(result.extra?.analyticsMs ?? 0);
const analyticsOk = analyticsMs <= ANALYTICS_MAX_MS;
const pipelineMs = Number(result.extra?.pipelineMs ?? 0);
const pipelineOk = pipelineMs <= PIPELINE_MAX_MS;
console.log(
  `Admin pipeline at ${values.quotes} quote requests, over HTTP: median ${pipelineMs.toFixed(1)} ms (budget <= ${PIPELINE_MAX_MS} ms)   ${pipelineOk ? 'ok' : 'MISSED'}`,
);
console.log(
  `\nAdmin analytics, 30 days, over HTTP: median ${analyticsMs.toFixed(1)} ms (budget <= ${ANALYTICS_MAX_MS} ms)   ${analyticsOk ? 'ok' : 'MISSED'}`,
);

// The same answers as at the seeded size (4 posts): the blog is paged, so no bigger.
let sizesOk = true;
const small = join(import.meta.dirname, 'results', 'api.json');
if (existsSync(small)) {
  const before = JSON.parse(readFileSync(small, 'utf8')) as { rows: Row[] };
  console.log('\nAnswer sizes against bench:api (seeded size), within 20 %:');
  for (const row of result.rows) {
    const base = before.rows.find((r) => r.name === row.name);
    if (!base || base.bytes === 0) continue;
    const growth = row.bytes / base.bytes - 1;
    const ok = growth <= SIZE_TOLERANCE;
    sizesOk &&= ok;
    console.log(
      `  ${row.name.padEnd(34)} ${(base.bytes / 1024).toFixed(1).padStart(7)} KB -> ${(row.bytes / 1024).toFixed(1).padStart(7)} KB   ${ok ? 'ok' : 'MISSED'}`,
    );
  }
} else {
  console.log('\n(run `npm run bench:api` first to compare answer sizes with the seeded database)');
}

save('scale', { ...result, analyticsMs, pipelineMs });
const ok = allOk(result) && analyticsOk && pipelineOk && sizesOk;
console.log(ok ? '\nwithin budget' : '\nBUDGET MISSED');
process.exit(ok ? 0 : 1);
