/** The owner's analytics report. */
import { afterAll, describe, expect, it } from 'vitest';
import { pageViews } from '../../db/schema.ts';
import { caller, signedInTestApp } from '../../testing/test-app.ts';
import { createAnalyticsService } from './service.ts';

const { t, admin: adminCookie } = await signedInTestApp({ seed: false });
afterAll(() => t.close());
const call = caller(t, adminCookie);

describe('analytics', () => {
  it('counts views and visitors per day for 30 days, top pages and referrers, and devices', async () => {
    await t.database.db.delete(pageViews);
    const today = new Date();
    const threeDaysAgo = new Date(today.getTime() - 3 * 86_400_000);
    const longAgo = new Date(today.getTime() - 40 * 86_400_000);
    // Recorded as the site records them: the raw view and the day's roll-ups together.
    const views: [string, string, number | undefined, string | null, Date][] = [
      ['/', 'a', 390, 'google.com', today],
      ['/', 'a', 390, null, today],
      ['/blog', 'b', 1440, 'google.com', today],
      ['/blog', 'c', 800, 'news.ycombinator.com', threeDaysAgo],
      ['/', 'd', undefined, null, threeDaysAgo],
      ['/old', 'e', undefined, null, longAgo],
    ];
    for (const [path, visitor, screenWidth, referrerHost, at] of views) {
      await createAnalyticsService(t.database.db, { now: () => at }).record(
        { path, screenWidth, referrerHost },
        visitor,
      );
    }
    const res = await call('GET', '/api/admin/analytics');
    expect(res.statusCode).toBe(200);
    const stats = res.json();
    expect(stats.days).toHaveLength(30);
    expect(stats.days.at(-1)).toEqual({ date: today.toISOString().slice(0, 10), views: 3, visitors: 2 });
    expect(stats.days.at(-4)).toEqual({
      date: threeDaysAgo.toISOString().slice(0, 10),
      views: 2,
      visitors: 2,
    });
    expect(stats.days.at(-2)).toMatchObject({ views: 0, visitors: 0 });
    expect(stats.totals).toEqual({ views: 5, visitors: 4 });
    expect(stats.topPages).toEqual([
      { path: '/', views: 3, visitors: 2 },
      { path: '/blog', views: 2, visitors: 2 },
    ]);
    expect(stats.topReferrers).toEqual([
      { referrer: 'google.com', views: 2, visitors: 2 },
      { referrer: 'news.ycombinator.com', views: 1, visitors: 1 },
    ]);
    expect(stats.devices).toEqual(
      expect.arrayContaining([
        { device: 'Mobile', views: 2, visitors: 1 },
        { device: 'Desktop', views: 1, visitors: 1 },
        { device: 'Tablet', views: 1, visitors: 1 },
        { device: 'Unknown', views: 1, visitors: 1 },
      ]),
    );
    expect((await call('GET', '/api/admin/analytics?days=7')).json().days).toHaveLength(7);
    expect((await call('GET', '/api/admin/analytics?days=0')).statusCode).toBe(400);
  });
});
