/**
 * The Admin Dashboard's analytics read (GET /api/admin/analytics), computed on request from
 * page_views: how long it takes as the table grows. Fills an embedded database (PGlite, the
 * default; or PostgreSQL with TEST_DATABASE_URL) with page views spread over 40 days, then times
 * the 30-day summary. Prints the median and worst of the runs per size and compares the slowest
 * median with the dashboard's target. ARCHITECTURE.md sets no budget for admin pages (one person
 * opens them); the target here is 1 s at up to 100,000 page views, many times what a personal
 * site sees in 30 days. Past it, a daily roll-up table is due (docs/architecture.md).
 *
 *   npm run bench:analytics [-- --sizes 10000,100000 --runs 5]
 */
import { parseArgs } from 'node:util';
import { pageViews } from '../server/db/schema.ts';
import { createAdminService } from '../server/modules/admin/service.ts';
import { openTestDatabase } from '../server/testing/test-app.ts';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000,100000' },
    runs: { type: 'string', default: '5' },
  },
});
const sizes = values.sizes.split(',').map(Number);
const runs = Number(values.runs);
const TARGET_MS = 1000;
const DAY_MS = 86_400_000;
const PATHS = ['/', '/blog', '/resume', '/recommendations', '/projects/keycode-help', '/blog/one-schema'];
const REFERRERS = [null, null, null, 'google.com', 'news.ycombinator.com', 'linkedin.com'];
const WIDTHS = [390, 414, 820, 1280, 1440, 1920, null];

const database = await openTestDatabase();
const admin = createAdminService(database.db, { invalidate() {} } as never);
let rows = 0;
let worstMedian = 0;
try {
  for (const size of sizes) {
    // Add rows up to this size, in batches (one visitor makes about 4 views a day).
    while (rows < size) {
      const batch = Array.from({ length: Math.min(2000, size - rows) }, (_, i) => {
        const n = rows + i;
        return {
          path: PATHS[n % PATHS.length] ?? '/',
          referrer: REFERRERS[n % REFERRERS.length] ?? null,
          screenWidth: WIDTHS[n % WIDTHS.length] ?? null,
          visitorHash: `v${Math.floor(n / 4)}`,
          createdAt: new Date(Date.now() - (n % 40) * DAY_MS - (n % 1000) * 1000),
        };
      });
      await database.db.insert(pageViews).values(batch);
      rows += batch.length;
    }
    await admin.analytics(30); // warm-up
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      await admin.analytics(30);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)] ?? 0;
    worstMedian = Math.max(worstMedian, median);
    console.log(
      `${String(size).padStart(7)} page views: median ${median.toFixed(1)} ms, worst ${times.at(-1)?.toFixed(1)} ms (${database.kind})`,
    );
  }
} finally {
  await database.close();
}
const largest = sizes.at(-1) ?? 0;
if (worstMedian > TARGET_MS) {
  console.log(`over target: ${worstMedian.toFixed(1)} ms > ${TARGET_MS} ms at up to ${largest} page views`);
  process.exitCode = 1;
} else {
  console.log(
    `within target: ${worstMedian.toFixed(1)} ms <= ${TARGET_MS} ms at up to ${largest} page views`,
  );
}
