/**
 * The Admin Dashboard's analytics read (GET /api/admin/analytics) as page_views grows. The read
 * comes from the daily roll-ups (server/modules/analytics/rollups.ts), so it should cost the same
 * at a million views as at ten thousand. Fills a database (PGlite, the default; or PostgreSQL with
 * TEST_DATABASE_URL) with page views spread over 40 days in SQL, rebuilds the roll-ups from them,
 * then times the 30-day summary: the median and worst of the runs per size. Budget
 * (docs/architecture.md): under 50 ms at 1,000,000 page views. Also prints what recording one view
 * (the raw row plus its roll-ups) costs.
 *
 *   npm run bench:analytics [-- --sizes 10000,100000,1000000 --runs 5]
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { rebuildRollups } from '../server/modules/analytics/rollups.ts';
import { createAnalyticsService } from '../server/modules/analytics/service.ts';
import { openTestDatabase } from '../server/testing/test-app.ts';
import { fillToScale } from './scale-data.ts';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000,100000,1000000' },
    runs: { type: 'string', default: '5' },
  },
});
const sizes = values.sizes.split(',').map(Number);
const runs = Number(values.runs);
const TARGET_MS = 50;

const database = await openTestDatabase();
const reader = createAnalyticsService(database.db);
let rows = 0;
let worstMedian = 0;
try {
  for (const size of sizes) {
    const started = performance.now();
    await fillToScale(database.db, { posts: 0, comments: 0, views: size - rows });
    rows = size;
    await rebuildRollups(database.db);
    const seeded = (performance.now() - started) / 1000;
    await reader.report(30); // warm-up
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      await reader.report(30);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)] ?? 0;
    worstMedian = Math.max(worstMedian, median);
    const rollupRows = (
      (await database.db.execute(sql`select count(*)::int as n from analytics_daily`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]?.n;
    console.log(
      `${String(size).padStart(8)} page views (${rollupRows} roll-up rows, filled in ${seeded.toFixed(1)} s): median ${median.toFixed(1)} ms, worst ${times.at(-1)?.toFixed(1)} ms (${database.kind})`,
    );
  }
  // What recording a view costs now that it also keeps the roll-ups.
  const analytics = createAnalyticsService(database.db);
  const recordTimes: number[] = [];
  for (let i = 0; i < 200; i++) {
    const start = performance.now();
    await analytics.record(
      { path: `/blog/p${i % 20}`, referrerHost: i % 3 ? null : 'google.com', screenWidth: 390 },
      `bench-${i % 50}`,
    );
    recordTimes.push(performance.now() - start);
  }
  recordTimes.sort((a, b) => a - b);
  console.log(`recording one view: median ${recordTimes[100]?.toFixed(2)} ms over 200 views`);
} finally {
  await database.close();
}
const largest = sizes.at(-1) ?? 0;
if (worstMedian > TARGET_MS) {
  console.log(`over budget: ${worstMedian.toFixed(1)} ms > ${TARGET_MS} ms at up to ${largest} page views`);
  process.exitCode = 1;
} else {
  console.log(
    `within budget: ${worstMedian.toFixed(1)} ms <= ${TARGET_MS} ms at up to ${largest} page views`,
  );
}
