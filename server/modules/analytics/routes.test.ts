import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appMeta, pageViews } from '../../db/schema.ts';
import { createTestApp, freshIp, type TestApp } from '../../testing/test-app.ts';
import { createAnalyticsService, referrerHost } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

const browser =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';
const report = (payload: object, { ip = freshIp(), userAgent = browser } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/analytics/pageview',
    payload,
    remoteAddress: ip,
    headers: { 'user-agent': userAgent, host: 'portfolio.example' },
  });
const views = async () => (await t.database.db.select().from(pageViews)).sort((a, b) => a.id - b.id);

describe('POST /api/analytics/pageview', () => {
  it('stores path, referrer host and screen size, with a visitor hash and never the IP', async () => {
    await t.database.db.delete(pageViews);
    const res = await report(
      {
        path: '/blog?tag=react',
        referrer: 'https://www.google.com/search?q=x',
        screenWidth: 390,
        screenHeight: 844,
      },
      { ip: '198.51.100.7' },
    );
    expect(res.statusCode).toBe(204);
    expect(res.headers['set-cookie']).toBeUndefined();
    const [view] = await views();
    expect(view).toMatchObject({
      path: '/blog',
      referrer: 'google.com',
      screenWidth: 390,
      screenHeight: 844,
    });
    expect(view?.visitorHash).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(view)).not.toContain('198.51.100.7');
  });

  it('counts the same person as one visitor within a day, and two people as two', async () => {
    await t.database.db.delete(pageViews);
    await report({ path: '/' }, { ip: '198.51.100.8' });
    await report({ path: '/blog' }, { ip: '198.51.100.8' });
    await report({ path: '/' }, { ip: '198.51.100.9' });
    const hashes = (await views()).map((view) => view.visitorHash);
    expect(hashes[0]).toBe(hashes[1]);
    expect(hashes[2]).not.toBe(hashes[0]);
  });

  it('does not count bots or admin pages, and refuses a malformed report', async () => {
    await t.database.db.delete(pageViews);
    expect(
      (await report({ path: '/' }, { userAgent: 'Googlebot/2.1 (+http://www.google.com/bot.html)' }))
        .statusCode,
    ).toBe(204);
    expect((await report({ path: '/admin/blog' })).statusCode).toBe(204);
    expect(await views()).toEqual([]);
    expect((await report({ path: 'https://evil.example/' })).statusCode).toBe(400);
    expect((await report({ path: '//evil.example/' })).statusCode).toBe(400);
    expect((await report({ path: '/', screenWidth: -1 })).statusCode).toBe(400);
    expect(await views()).toEqual([]);
  });

  it('serves the script that reports page views, without cookies', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/insights.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/javascript');
    expect(res.body).toContain("'/api/analytics/pageview'");
    expect(res.body).toContain("credentials: 'omit'");
  });
});

describe('daily salt', () => {
  it('changes the visitor hash from one day to the next and deletes the old salt', async () => {
    let now = new Date('2026-11-21T23:59:00Z');
    const analytics = createAnalyticsService(t.database.db, { now: () => now });
    const yesterday = await analytics.visitorHash('203.0.113.1', browser);
    expect(await analytics.visitorHash('203.0.113.1', browser)).toBe(yesterday);
    now = new Date('2026-11-22T00:01:00Z');
    const today = await analytics.visitorHash('203.0.113.1', browser);
    expect(today).not.toBe(yesterday);
    const salts = (await t.database.db.select().from(appMeta)).filter((row) =>
      row.key.startsWith('analytics_salt:'),
    );
    expect(salts.map((row) => row.key)).toEqual(['analytics_salt:2026-11-22']);
  });
});

describe('referrerHost', () => {
  it('keeps the host of another site and drops this site, empty and odd values', () => {
    expect(referrerHost('https://news.ycombinator.com/item?id=1', 'portfolio.example')).toBe(
      'news.ycombinator.com',
    );
    expect(referrerHost('https://www.portfolio.example/blog', 'portfolio.example')).toBeNull();
    expect(referrerHost('', 'portfolio.example')).toBeNull();
    expect(referrerHost('not a url', 'portfolio.example')).toBeNull();
    expect(referrerHost('android-app://com.slack', 'portfolio.example')).toBeNull();
  });
});
