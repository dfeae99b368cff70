/**
 * Conversions by country and by touch (issue 48, points 3 and 4): the country of a visit and of a
 * lead comes from the bundled table (the address is not kept with it); a lead's won value goes to
 * its first touch (the earliest request or newsletter sign-up of the same email) unless the owner
 * asks for the last, to each post and project read in the visit, and the time from first visit to
 * won is reported.
 */
import { readFileSync } from 'node:fs';
import { desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminAnalytics } from '../../../common/schemas/analytics.ts';
import {
  analyticsDaily,
  analyticsVisits,
  newsletterSubscribers,
  notificationOutbox,
  quoteRequests,
} from '../../db/schema.ts';
import { analyticsTestApp, DESKTOP_BROWSER } from '../../testing/analytics-kit.ts';
import { sampleQuote } from '../../testing/samples.ts';
import { freshIp } from '../../testing/test-app.ts';

/** Addresses the bundled table places (server/lib/country.test.ts checks it). */
const IN_THE_US = '8.8.8.8';
const IN_AUSTRALIA = '1.0.0.1';
const DAY_MS = 86_400_000;

const { t, db, owner } = await analyticsTestApp([
  analyticsDaily,
  analyticsVisits,
  quoteRequests,
  newsletterSubscribers,
]);

const as = (ip: string) => ({ remoteAddress: ip, headers: { 'user-agent': DESKTOP_BROWSER } });
const pageView = (ip: string, path: string, referrer = '') =>
  t.app.inject({
    method: 'POST',
    url: '/api/analytics/pageview',
    payload: { path, referrer, screenWidth: 1280 },
    ...as(ip),
  });
const report = async (query = '') => {
  const answer = await t.app.inject({
    url: `/api/admin/analytics?days=30${query}`,
    headers: { cookie: owner },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as AdminAnalytics;
};
const table = (report: AdminAnalytics, dimension: string) =>
  report.sources.find((source) => source.dimension === dimension)?.rows ?? [];
const brief = (rows: AdminAnalytics['sources'][number]['rows']) =>
  rows.map(({ value, visitors, quotes, won, wonValueUsd }) => ({
    value,
    visitors,
    quotes,
    won,
    wonValueUsd,
  }));

async function quote(ip: string, email: string, source: Record<string, unknown>) {
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: { ...sampleQuote, email, message: `A request from ${email}, with enough words.`, source },
    ...as(ip),
  });
  expect(sent.statusCode, sent.body).toBe(201);
  const [row] = await db.select().from(quoteRequests).where(eq(quoteRequests.email, email));
  if (!row) throw new Error('request not stored');
  return row;
}

async function win(id: number, value: number) {
  const won = await t.app.inject({
    method: 'PATCH',
    url: `/api/admin/quotes/${id}`,
    payload: { stage: 'won', value },
    headers: { cookie: owner },
  });
  expect(won.statusCode, won.body).toBe(200);
}

describe('country (point 3)', () => {
  it('counts visitors and leads by the country of their address, keeps no address with it, and filters the funnels by it', async () => {
    expect((await pageView(IN_THE_US, '/')).statusCode).toBe(204);
    expect((await pageView(IN_THE_US, '/blog/a-post')).statusCode).toBe(204);
    expect((await pageView(IN_AUSTRALIA, '/')).statusCode).toBe(204);
    expect((await pageView(freshIp(), '/')).statusCode).toBe(204);
    const visits = await db.select().from(analyticsVisits);
    expect(visits.map((visit) => visit.country).sort()).toEqual(['AU', 'US', 'Unknown']);
    // The visit keeps the country, not the address it came from.
    expect(JSON.stringify(visits)).not.toContain(IN_THE_US);
    // A client cannot say where it is: the server looks the address up.
    const lead = await quote(IN_AUSTRALIA, 'aussie@example.com', { landingPage: '/', country: 'FR' });
    expect(lead.leadSource?.country).toBe('AU');
    await win(lead.id, 4000);

    const countries = table(await report(), 'country');
    expect(brief(countries)).toEqual([
      { value: 'AU', visitors: 1, quotes: 1, won: 1, wonValueUsd: 4000 },
      { value: 'Unknown', visitors: 1, quotes: 0, won: 0, wonValueUsd: 0 },
      { value: 'US', visitors: 1, quotes: 0, won: 0, wonValueUsd: 0 },
    ]);
    const fromTheUs = await report('&source=country:US');
    expect(fromTheUs.filter).toEqual({ dimension: 'country', value: 'US' });
    const builtIn = fromTheUs.funnels.find((funnel) => funnel.builtIn);
    expect(builtIn?.steps.slice(0, 2).map((step) => step.visitors)).toEqual([1, 1]);
    expect(builtIn?.steps.at(-1)?.visitors).toBe(0);
    const fromAustralia = await report('&source=country:AU');
    expect(fromAustralia.funnels.find((funnel) => funnel.builtIn)?.steps.at(-1)?.visitors).toBe(1);
  });
});

describe('first and last touch (point 4)', () => {
  const now = Date.now();
  const twelveDaysAgo = new Date(now - 12 * DAY_MS).toISOString();

  it('credits a won deal to the campaign that first brought the client, or to the last visit on request, and reports the time to won', async () => {
    // Twelve days ago the visitor came from the spring campaign and signed up for the newsletter.
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter/subscribe',
      payload: {
        email: 'returning@example.com',
        leadSource: {
          landingPage: '/?utm_source=newsletter&utm_campaign=spring',
          utmSource: 'newsletter',
          utmCampaign: 'spring',
          startedAt: twelveDaysAgo,
        },
      },
      ...as(IN_THE_US),
    });
    expect(signup.statusCode, signup.body).toBeLessThan(300);
    // Today the same person found the site on a search engine, read two posts and asked for a quote.
    const lead = await quote(IN_THE_US, 'Returning@Example.com', {
      landingPage: '/blog/key-fobs',
      referrer: 'www.google.com',
      lastRead: '/projects/keycode-help',
      reads: ['/blog/key-fobs', '/projects/keycode-help'],
      startedAt: new Date(now - 3_600_000).toISOString(),
    });
    expect(lead.firstTouch).toMatchObject({ utmCampaign: 'spring', startedAt: twelveDaysAgo, country: 'US' });
    await win(lead.id, 12_000);
    // The owner sees both touches on the request, and the email said where it came from.
    const listed = await t.app.inject({ url: '/api/admin/quotes', headers: { cookie: owner } });
    const [item] = listed.json().items;
    expect(item.leadSource).toMatchObject({ referrer: 'www.google.com', country: 'US' });
    expect(item.firstTouch).toMatchObject({ utmCampaign: 'spring', startedAt: twelveDaysAgo });
    const [note] = await db
      .select()
      .from(notificationOutbox)
      .where(eq(notificationOutbox.subject, `New quote request from ${sampleQuote.name}`))
      .orderBy(desc(notificationOutbox.id))
      .limit(1);
    expect(note?.body).toContain(
      'Came from: www.google.com, landed on /blog/key-fobs, read /projects/keycode-help and 1 more, from United States',
    );

    const first = await report();
    expect(first.credit).toBe('first');
    expect(brief(table(first, 'utm_campaign'))).toEqual([
      { value: 'spring', visitors: 0, quotes: 1, won: 1, wonValueUsd: 12_000 },
    ]);
    expect(brief(table(first, 'channel'))).toEqual([
      { value: 'newsletter', visitors: 0, quotes: 1, won: 1, wonValueUsd: 12_000 },
    ]);
    expect(first.timeToWon.deals).toBe(1);
    expect(first.timeToWon.medianDays).toBeCloseTo(12, 0);

    const last = await report('&credit=last');
    expect(last.credit).toBe('last');
    expect(table(last, 'utm_campaign')).toEqual([]);
    expect(brief(table(last, 'channel'))).toEqual([
      { value: 'search', visitors: 0, quotes: 1, won: 1, wonValueUsd: 12_000 },
    ]);
    // Each post and project read in the visit brought the deal.
    expect(brief(table(last, 'read'))).toEqual([
      { value: '/blog/key-fobs', visitors: 0, quotes: 1, won: 1, wonValueUsd: 12_000 },
      { value: '/projects/keycode-help', visitors: 0, quotes: 1, won: 1, wonValueUsd: 12_000 },
    ]);
    // A credit that is no choice is the default, quietly.
    expect((await report('&credit=everything')).credit).toBe('first');
    // The CSV of a table follows the credit asked for.
    const csv = await t.app.inject({
      url: '/api/admin/analytics/export.csv?report=sources:channel&credit=last',
      headers: { cookie: owner },
    });
    expect(csv.body).toContain('search');
    expect(csv.body).not.toContain('newsletter');
  });

  it('is its own first touch when it is the first, and does not believe a visit start from the future or from long ago', async () => {
    const ahead = await quote(freshIp(), 'ahead@example.com', {
      landingPage: '/',
      startedAt: new Date(now + 5 * DAY_MS).toISOString(),
    });
    const sentAt = ahead.createdAt.getTime();
    expect(Math.abs(Date.parse(ahead.leadSource?.startedAt ?? '') - sentAt)).toBeLessThan(60_000);
    expect(ahead.firstTouch).toEqual(ahead.leadSource);
    const ancient = await quote(freshIp(), 'ancient@example.com', {
      landingPage: '/',
      startedAt: '2001-01-01T00:00:00.000Z',
    });
    expect(Date.parse(ancient.firstTouch?.startedAt ?? '')).toBeGreaterThan(now - DAY_MS);
    // No deal won yet: nothing to time.
    expect((await report()).timeToWon).toEqual({ deals: 0, medianDays: null });
  });

  it('gives the requests kept before first touches existed theirs, as migration 0028 does', async () => {
    const older = await quote(freshIp(), 'kept@example.com', {
      landingPage: '/?utm_campaign=autumn',
      utmCampaign: 'autumn',
    });
    await quote(freshIp(), 'KEPT@example.com', {
      landingPage: '/',
      referrer: 'news.ycombinator.com',
    });
    await db
      .update(quoteRequests)
      .set({ createdAt: new Date(now - 5 * DAY_MS) })
      .where(eq(quoteRequests.id, older.id));
    // As kept then: no first touch, and no visit start in the source.
    await db.update(quoteRequests).set({ firstTouch: null, leadSource: sql`lead_source - 'startedAt'` });
    const migration = readFileSync(
      new URL('../../db/migrations/0028_lead_touches.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration.split('--> statement-breakpoint').at(-1) ?? '';
    expect(backfill).toMatch(/^\s*-- The requests already kept/);
    await db.execute(sql.raw(backfill));
    const rows = await db.select().from(quoteRequests).orderBy(quoteRequests.id);
    expect(rows.map((row) => row.firstTouch?.utmCampaign)).toEqual(['autumn', 'autumn']);
    const olderAt = rows.find((row) => row.id === older.id)?.createdAt.toISOString();
    expect(rows.map((row) => row.firstTouch?.startedAt)).toEqual([olderAt, olderAt]);
  });
});
