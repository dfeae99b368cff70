/**
 * Every report filtered (issue 48, point 5): by one value of a visit's source (a campaign, a
 * country, a device), by a page, or by a goal; the figures per day, the period before, right now,
 * the pages, referrers, devices, goals and sources all read under the filter's segment, the
 * pipeline's leads beside them where it can tell, and a filter that is none refused with a 400.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminAnalytics } from '../../../common/schemas/analytics.ts';
import { analyticsDaily, analyticsVisits, goalEvents, pageViews, quoteRequests } from '../../db/schema.ts';
import { analyticsTestApp, DESKTOP_BROWSER } from '../../testing/analytics-kit.ts';
import { sampleQuote } from '../../testing/samples.ts';

/** Addresses the bundled table places (server/lib/country.test.ts). */
const IN_THE_US = '8.8.8.8';
const IN_AUSTRALIA = '1.0.0.1';
const SITE = 'https://jordan.example';

const { t, db, owner } = await analyticsTestApp([]);

/** A visitor: one address and its own browser (the daily hash tells them apart). */
const visitor = (ip: string, name: string, width: number) => {
  const headers = { 'user-agent': `${DESKTOP_BROWSER} ${name}` };
  return {
    view: (path: string, referrer = '') =>
      t.app.inject({
        method: 'POST',
        url: '/api/analytics/pageview',
        payload: { path, referrer, screenWidth: width },
        remoteAddress: ip,
        headers,
      }),
    /** Follows the GitHub link on a page of the site (a counted redirect). */
    github: (from: string) =>
      t.app.inject({
        url: '/go/github',
        remoteAddress: ip,
        headers: { ...headers, referer: `${SITE}${from}` },
      }),
    quote: (email: string, source: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { ...sampleQuote, email, source },
        remoteAddress: ip,
        headers: { ...headers, referer: `${SITE}/contact` },
      }),
  };
};

const report = async (filter: string) => {
  const answer = await t.app.inject({
    url: `/api/admin/analytics?days=30&source=${encodeURIComponent(filter)}`,
    headers: { cookie: owner },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as AdminAnalytics;
};
const table = (report: AdminAnalytics, dimension: string) =>
  report.sources.find((source) => source.dimension === dimension)?.rows ?? [];
const reached = (report: AdminAnalytics) =>
  Object.fromEntries(
    report.goals.filter((goal) => goal.completions > 0).map((goal) => [goal.goal, goal.completions]),
  );

beforeAll(async () => {
  for (const table of [analyticsDaily, analyticsVisits, goalEvents, pageViews, quoteRequests])
    await db.delete(table);
  // Ana, in the US on a desktop, came from the spring campaign, read a post and followed the GitHub link on it.
  const ana = visitor(IN_THE_US, 'ana', 1280);
  expect((await ana.view('/?utm_source=newsletter&utm_campaign=spring')).statusCode).toBe(204);
  await ana.view('/blog/a-post');
  expect((await ana.github('/blog/a-post')).statusCode).toBe(302);
  // Ben, in the US on a desktop, typed the address, read another post and asked for a quote.
  const ben = visitor(IN_THE_US, 'ben', 1280);
  await ben.view('/');
  await ben.view('/blog/another-post');
  expect(
    (await ben.quote('ben@example.com', { landingPage: '/', lastRead: '/blog/another-post' })).statusCode,
  ).toBe(201);
  // Cleo, in Australia on a phone, came from a search engine straight to the first post.
  const cleo = visitor(IN_AUSTRALIA, 'cleo', 390);
  await cleo.view('/blog/a-post', 'https://www.google.com/');
});

describe('a report of one source', () => {
  it('counts only the visits of that campaign, in every figure', async () => {
    const spring = await report('utm_campaign:spring');
    expect(spring.filter).toEqual({ dimension: 'utm_campaign', value: 'spring' });
    expect(spring.totals).toEqual({ views: 2, visitors: 1 });
    expect(spring.days.at(-1)).toMatchObject({ views: 2, visitors: 1 });
    expect(spring.previous).toEqual({ views: 0, visitors: 0 });
    expect(spring.rightNow).toBe(1);
    expect(spring.topPages.map((row) => row.path)).toEqual(['/', '/blog/a-post']);
    expect(spring.topReferrers).toEqual([]);
    expect(spring.devices).toEqual([{ device: 'Desktop', views: 2, visitors: 1 }]);
    expect(reached(spring)).toEqual({ github: 1 });
    // The Sources tables of those visits: their country, their device.
    expect(table(spring, 'country').map(({ value, visitors }) => ({ value, visitors }))).toEqual([
      { value: 'US', visitors: 1 },
    ]);
    // The built-in funnel of the campaign's visitors.
    expect(spring.funnels[0]?.steps.slice(0, 2).map((step) => step.visitors)).toEqual([1, 1]);
  });

  it('counts a country and a device the same way, with the leads of the country beside them', async () => {
    const us = await report('country:US');
    expect(us.totals).toEqual({ views: 4, visitors: 2 });
    expect(reached(us)).toEqual({ github: 1, quote: 1 });
    expect(table(us, 'channel').map(({ value, visitors, quotes }) => ({ value, visitors, quotes }))).toEqual([
      { value: 'direct', visitors: 1, quotes: 1 },
      { value: 'newsletter', visitors: 1, quotes: 0 },
    ]);
    const phones = await report('visit_device:Mobile');
    expect(phones.totals).toEqual({ views: 1, visitors: 1 });
    expect(phones.topReferrers.map((row) => row.referrer)).toEqual(['google.com']);
    // The pipeline does not know a lead's device: no request figures by device.
    expect(table(phones, 'channel')[0]).toMatchObject({ value: 'search', visitors: 1, quotes: null });
  });
});

describe('a report of one page', () => {
  it('counts its views, where they came from, on what, and the goals reached on it', async () => {
    const page = await report('page:/blog/a-post');
    expect(page.totals).toEqual({ views: 2, visitors: 2 });
    expect(page.rightNow).toBe(2);
    expect(page.topPages.map((row) => row.path)).toEqual(['/blog/a-post']);
    expect(page.topReferrers.map((row) => row.referrer)).toEqual(['google.com']);
    expect(page.devices.map((row) => row.device).sort()).toEqual(['Desktop', 'Mobile']);
    expect(reached(page)).toEqual({ github: 1 });
    // Funnels follow a visit from its source: a page does not filter them.
    expect(page.funnels[0]?.steps[0]?.visitors).toBe(3);
  });
});

describe('a report of one goal', () => {
  it('counts those who reached it: each day its completions, the pages it was reached on, their sources', async () => {
    const github = await report('goal:github');
    expect(github.totals).toEqual({ views: 1, visitors: 1 });
    expect(github.topPages.map((row) => row.path)).toEqual(['/blog/a-post']);
    expect(github.devices).toEqual([{ device: 'Desktop', views: 1, visitors: 1 }]);
    expect(table(github, 'utm_campaign')).toMatchObject([
      { value: 'spring', visitors: 1, completions: 1, converted: 1, rate: 1 },
    ]);
    expect(reached(github)).toEqual({ github: 1 });
    const quotes = await report('goal:quote');
    // A quote is the pipeline's request: its leads stay beside those who sent one.
    expect(table(quotes, 'landing')).toMatchObject([{ value: '/', quotes: 1 }]);
  });

  it('answers zeros for a goal nobody reached, a page nobody viewed, a source nobody came from', async () => {
    for (const filter of ['goal:booking', 'page:/nowhere', 'utm_campaign:winter', 'country:FR']) {
      const empty = await report(filter);
      expect(empty.totals).toEqual({ views: 0, visitors: 0 });
      expect(empty.topPages).toEqual([]);
      expect(empty.rightNow).toBe(0);
    }
  });
});

describe('a filter that is none', () => {
  it('is refused with a 400 and a message, never a 5xx', async () => {
    for (const filter of [
      'page:blog',
      'page:/blog?x=1',
      `page:/${'a'.repeat(400)}`,
      'goal:everything',
      'read:/blog/a-post',
      'weather:sunny',
      'country:',
      'spring',
    ]) {
      const answer = await t.app.inject({
        url: `/api/admin/analytics?source=${encodeURIComponent(filter)}`,
        headers: { cookie: owner },
      });
      expect(answer.statusCode, filter).toBe(400);
      expect(answer.json().message).toMatch(/Choose a source, a page or a goal from the list/);
    }
    // The CSV of a filtered report holds the filtered figures.
    const csv = await t.app.inject({
      url: `/api/admin/analytics/export.csv?report=pages&source=${encodeURIComponent('goal:github')}`,
      headers: { cookie: owner },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('/blog/a-post');
    expect(csv.body).not.toContain('/blog/another-post');
  });
});
