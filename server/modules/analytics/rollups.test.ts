/**
 * The daily roll-ups equal a raw count: random page views recorded through the service, then
 * the dashboard's figures (read from the roll-ups) compared with the same figures counted from
 * the raw views. Also: retention deletes raw views but keeps the counts, and rebuilding the
 * roll-ups from raw views gives the same figures.
 */
import { and, count, countDistinct, desc, eq, gte, isNotNull, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsDaily, analyticsDailyVisitors, pageViews } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { deviceOf, rebuildRollups } from './rollups.ts';
import { createAnalyticsService } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

const DAY = 86_400_000;

/** An empty start: no views, no roll-ups, nobody counted yet today. */
async function clear() {
  await t.database.db.delete(pageViews);
  await t.database.db.delete(analyticsDaily);
  await t.database.db.delete(analyticsDailyVisitors);
}
const PATHS = ['/', '/blog', '/resume', '/blog/a-post'];
const REFERRERS = [null, 'google.com', 'news.ycombinator.com'];
const WIDTHS = [undefined, 390, 800, 1440];

/** The dashboard's figures counted straight from the raw views (what the roll-ups replace), of one page when given. */
async function fromRaw(days: number, today: Date, path?: string) {
  const since = new Date(today.getTime() - (days - 1) * DAY);
  const db = t.database.db;
  const inRange = and(gte(pageViews.createdAt, since), path ? eq(pageViews.path, path) : undefined);
  const views = count();
  const visitors = countDistinct(pageViews.visitorHash);
  const sorted = <T extends { views: number; name: string }>(rows: T[]) =>
    rows.sort((a, b) => b.views - a.views || (a.name < b.name ? -1 : 1));
  const [totals] = await db.select({ views, visitors }).from(pageViews).where(inRange);
  const pages = await db
    .select({ name: pageViews.path, views, visitors })
    .from(pageViews)
    .where(inRange)
    .groupBy(pageViews.path);
  const referrers = await db
    .select({ name: sql<string>`${pageViews.referrer}`, views, visitors })
    .from(pageViews)
    .where(and(inRange, isNotNull(pageViews.referrer)))
    .groupBy(pageViews.referrer);
  const raw = await db
    .select({ width: pageViews.screenWidth, visitor: pageViews.visitorHash })
    .from(pageViews)
    .where(inRange);
  const devices = new Map<string, { views: number; visitors: Set<string> }>();
  for (const row of raw) {
    const entry = devices.get(deviceOf(row.width)) ?? { views: 0, visitors: new Set<string>() };
    entry.views++;
    entry.visitors.add(row.visitor);
    devices.set(deviceOf(row.width), entry);
  }
  return {
    totals,
    topPages: sorted(pages)
      .slice(0, 10)
      .map(({ name, ...rest }) => ({ path: name, ...rest })),
    topReferrers: sorted(referrers)
      .slice(0, 10)
      .map(({ name, ...rest }) => ({ referrer: name, ...rest })),
    devices: [...devices]
      .map(([device, entry]) => ({ device, views: entry.views, visitors: entry.visitors.size }))
      .sort((a, b) => b.views - a.views),
  };
}

const view = fc.record({
  daysAgo: fc.integer({ min: 0, max: 35 }),
  path: fc.constantFrom(...PATHS),
  referrer: fc.constantFrom(...REFERRERS),
  width: fc.constantFrom(...WIDTHS),
  visitor: fc.integer({ min: 0, max: 6 }),
});

describe('daily roll-ups', () => {
  it('give the same figures as counting the raw views', async () => {
    const today = new Date();
    const report = createAnalyticsService(t.database.db, { now: () => today });
    await fc.assert(
      fc.asyncProperty(fc.array(view, { minLength: 1, maxLength: 60 }), async (views) => {
        await clear();
        // In the order time runs: a view is always recorded on the day it happens.
        for (const v of [...views].sort((a, b) => b.daysAgo - a.daysAgo)) {
          const at = new Date(today.getTime() - v.daysAgo * DAY);
          // A visitor hash belongs to one day (the salt changes daily), as on the site.
          await createAnalyticsService(t.database.db, { now: () => at }).record(
            { path: v.path, referrerHost: v.referrer, screenWidth: v.width },
            `${at.toISOString().slice(0, 10)}-${v.visitor}`,
          );
        }
        const rolled = await report.report(30);
        const raw = await fromRaw(30, new Date(`${today.toISOString().slice(0, 10)}T00:00:00Z`));
        expect(rolled.totals).toEqual(raw.totals);
        expect(rolled.topPages).toEqual(raw.topPages);
        expect(rolled.topReferrers).toEqual(raw.topReferrers);
        const byDevice = (rows: { device: string }[]) =>
          [...rows].sort((a, b) => (a.device < b.device ? -1 : 1));
        expect(byDevice(rolled.devices)).toEqual(byDevice(raw.devices));
        // The report of one page (issue 48, point 5): its segment's roll-ups equal its raw views.
        for (const path of PATHS) {
          const onePage = await report.report(30, { dimension: 'page', value: path });
          const rawPage = await fromRaw(30, new Date(`${today.toISOString().slice(0, 10)}T00:00:00Z`), path);
          expect(onePage.totals).toEqual(rawPage.totals);
          expect(onePage.topPages).toEqual(rawPage.topPages);
          expect(onePage.topReferrers).toEqual(rawPage.topReferrers);
          expect(byDevice(onePage.devices)).toEqual(byDevice(rawPage.devices));
        }
        // And rebuilding them from the raw views changes nothing.
        await rebuildRollups(t.database.db);
        expect(await report.report(30)).toEqual(rolled);
      }),
      { numRuns: 15 },
    );
  });

  it('keep their counts when raw views past the retention are deleted', async () => {
    await clear();
    const today = new Date();
    const old = new Date(today.getTime() - 20 * DAY);
    await createAnalyticsService(t.database.db, { now: () => old }).record(
      { path: '/blog', referrerHost: null },
      'old-visitor',
    );
    // A service with a 10-day retention sweeps on its first view.
    await createAnalyticsService(t.database.db, { now: () => today, rawRetentionDays: 10 }).record(
      { path: '/', referrerHost: null },
      'new-visitor',
    );
    expect((await t.database.db.select().from(pageViews)).map((row) => row.path)).toEqual(['/']);
    const report = createAnalyticsService(t.database.db, { now: () => today });
    const stats = await report.report(30);
    expect(stats.totals).toEqual({ views: 2, visitors: 2 });
    expect(stats.topPages.map((row) => row.path).sort()).toEqual(['/', '/blog']);
    expect(
      (await t.database.db.select().from(analyticsDaily).orderBy(desc(analyticsDaily.day))).length,
    ).toBeGreaterThan(0);
  });
});

describe('the period compared with the one before, and visitors right now (issue 48, point 5)', () => {
  it('sums the as many days before the period, and counts the visitors of the last 5 minutes', async () => {
    await clear();
    let clock = new Date('2026-03-01T12:00:00.000Z');
    const analytics = createAnalyticsService(t.database.db, { now: () => clock });
    const view = (visitor: string) => analytics.record({ path: '/', referrerHost: null }, visitor);
    // 9 to 7 days ago: in the 7 days before the period; 2 days ago and today: in it.
    for (const [daysAgo, visitors] of [
      [9, ['a', 'b']],
      [8, ['a']],
      [7, ['c']],
      [2, ['d']],
    ] as const) {
      clock = new Date(Date.parse('2026-03-01T12:00:00.000Z') - daysAgo * DAY);
      for (const visitor of visitors) await view(visitor);
    }
    clock = new Date('2026-03-01T11:50:00.000Z');
    await view('e');
    clock = new Date('2026-03-01T11:57:00.000Z');
    await view('f');
    await view('f');
    clock = new Date('2026-03-01T12:00:00.000Z');
    const report = await analytics.report(7);
    expect(report.totals).toEqual({ views: 4, visitors: 3 });
    // A 7-day period is today and the 6 days before; the one before it, 13 to 7 days ago.
    expect(report.previous).toEqual({ views: 4, visitors: 4 });
    expect(report.rightNow).toBe(1);
    // An empty period before: zeros, never an error.
    expect((await analytics.report(1)).previous).toEqual({ views: 0, visitors: 0 });
  });
});
