import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { LeadsBySource } from '../../../common/channels.ts';
import { notificationOutbox, quoteRequests } from '../../db/schema.ts';
import { createTestApp, freshIp, signedInTestApp } from '../../testing/test-app.ts';
import { manualClock } from '../../testing/test-clock.ts';
import { digestWeekOf, wonBySource } from './digest.ts';

const NY = 'America/New_York';
const clock = manualClock('2026-11-23T14:00:00Z'); // Monday 09:00 in Atlanta

const { t, admin, user } = await signedInTestApp({
  seed: false,
  clock,
  env: { PUBLIC_URL: 'https://jordan.example' },
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(notificationOutbox);
});

const get = (url: string, cookie = admin) => t.app.inject({ url, headers: { cookie } });
const sendQuote = (name: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/contact',
    remoteAddress: freshIp(),
    payload: {
      name,
      email: 'lead@example.com',
      projectType: 'website',
      budget: '2-5k',
      timeframe: 'asap',
      message: 'A site for the shop, with opening hours.',
    },
  });

describe('the outbox, as the owner sees it', () => {
  it('says that email is not set up, and how much waits', async () => {
    await sendQuote('Waiting Lead');
    const summary = (await get('/api/admin/summary')).json();
    expect(summary).toMatchObject({ mailConfigured: false, outboxPending: 1, outboxFailed: 0 });
  });

  it('knows when email is set up', async () => {
    const configured = await createTestApp({
      seed: false,
      env: { SMTP_URL: 'smtp://127.0.0.1:2525', NOTIFY_EMAIL: 'owner@example.com' },
    });
    try {
      const cookie = await configured.signIn('admin');
      const summary = await configured.app.inject({ url: '/api/admin/summary', headers: { cookie } });
      expect(summary.json()).toMatchObject({ mailConfigured: true });
    } finally {
      await configured.close();
    }
  });

  it('lists every message with its state, newest first, one state at a time', async () => {
    await sendQuote('First Lead');
    await sendQuote('Second Lead');
    const [first] = await t.database.db
      .update(notificationOutbox)
      .set({ status: 'failed', attempts: 8, lastError: 'connect ECONNREFUSED 127.0.0.1:2525' })
      .where(eq(notificationOutbox.subject, 'New quote request from First Lead'))
      .returning();

    const all = (await get('/api/admin/outbox')).json();
    expect(all.total).toBe(2);
    expect(all.items.map((message: { subject: string }) => message.subject)).toEqual([
      'New quote request from Second Lead',
      'New quote request from First Lead',
    ]);
    expect(all.items[1]).toMatchObject({
      id: first?.id,
      kind: 'quote',
      recipient: null,
      status: 'failed',
      attempts: 8,
      lastError: 'connect ECONNREFUSED 127.0.0.1:2525',
    });
    expect(all.items[0].body).toContain('Name: Second Lead');

    const failed = (await get('/api/admin/outbox?status=failed')).json();
    expect(failed.items.map((message: { id: number }) => message.id)).toEqual([first?.id]);
    expect((await get('/api/admin/outbox?status=bogus')).statusCode).toBe(400);
  });

  it('retries a failed message with a fresh count, refuses a sent one, and is the owner’s alone', async () => {
    await sendQuote('Retry Lead');
    const [row] = await t.database.db
      .update(notificationOutbox)
      .set({ status: 'failed', attempts: 8, nextAttemptAt: new Date('2030-01-01T00:00:00Z') })
      .returning();
    const id = row?.id ?? 0;

    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/admin/outbox/${id}/retry`,
          headers: { cookie: user },
        })
      ).statusCode,
    ).toBe(403);
    const retried = await t.app.inject({
      method: 'POST',
      url: `/api/admin/outbox/${id}/retry`,
      headers: { cookie: admin },
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'pending', attempts: 0 });
    const [after] = await t.database.db
      .select()
      .from(notificationOutbox)
      .where(eq(notificationOutbox.id, id));
    expect(after?.nextAttemptAt.getTime()).toBeLessThan(Date.now() + 1000);

    await t.database.db
      .update(notificationOutbox)
      .set({ status: 'sent', sentAt: new Date() })
      .where(eq(notificationOutbox.id, id));
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/outbox/${id}/retry`,
      headers: { cookie: admin },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This message was sent already');
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/admin/outbox/999999/retry',
      headers: { cookie: admin },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('the weekly digest', () => {
  it('names the week\u2019s won deals by source, most value first', () => {
    const lead = (source: Partial<LeadsBySource>, won: number, wonValue: number): LeadsBySource => ({
      referrer: null,
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
      landing: null,
      lastRead: null,
      reads: [],
      country: null,
      quotes: won,
      won,
      wonValue,
      ...source,
    });
    expect(wonBySource([])).toBe('none this week');
    expect(
      wonBySource([
        lead({ referrer: 'www.google.com' }, 1, 2000),
        lead({ utmSource: 'newsletter', utmCampaign: 'spring' }, 2, 12000),
        lead({ referrer: 'www.bing.com' }, 1, 500),
        lead({}, 0, 0),
      ]),
    ).toBe('newsletter (spring): $12,000 from 2 deals, search: $2,500 from 2 deals');
  });

  it.each([
    ['Monday 07:59 in Atlanta: not yet', '2026-11-23T12:59:00Z', null],
    ['Monday 08:00 in Atlanta', '2026-11-23T13:00:00Z', '2026-11-23'],
    ['Sunday 23:30 in Atlanta (Monday in UTC): still last week', '2026-11-30T04:30:00Z', '2026-11-23'],
    ['Wednesday: this week', '2026-11-25T20:00:00Z', '2026-11-23'],
    // Clocks went back on Sunday 1 November: Monday 08:00 is 13:00 UTC, not 12:00.
    ['the Monday after the change, 07:30 local', '2026-11-02T12:30:00Z', null],
    ['the Monday after the change, 08:00 local', '2026-11-02T13:00:00Z', '2026-11-02'],
    ['a summer Monday, 08:00 local (12:00 UTC)', '2026-07-06T12:00:00Z', '2026-07-06'],
  ])('%s', (_name, at, week) => {
    expect(digestWeekOf(new Date(at), NY)).toBe(week);
  });

  it('is queued once a week with the week’s figures, however many processes ask', async () => {
    clock.set('2026-11-23T14:00:00Z');
    await t.database.db.delete(quoteRequests);
    await sendQuote('Dana Lead');
    await sendQuote('Lee Lead');
    const call = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      remoteAddress: freshIp(),
      payload: {
        start: '2026-11-24T14:00:00.000Z',
        name: 'Cal Booker',
        email: 'cal@example.com',
        topic: 'A repair shop website',
      },
    });
    expect(call.statusCode, call.body).toBe(201);
    const reader = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter/subscribe',
      remoteAddress: freshIp(),
      payload: { email: 'new-reader@example.com' },
    });
    expect(reader.statusCode).toBe(202);
    // A visitor's goal, and Lee's request won this week from the spring campaign.
    const seen = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/goal',
      remoteAddress: freshIp(),
      headers: {
        'user-agent':
          'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
      },
      payload: { goal: 'contact_form', path: '/' },
    });
    expect(seen.statusCode).toBe(204);
    await t.database.db
      .update(quoteRequests)
      .set({
        stage: 'won',
        valueUsd: 8500,
        decidedAt: new Date('2026-11-22T15:00:00Z'),
        leadSource: { utmSource: 'newsletter', utmMedium: 'email', utmCampaign: 'spring' },
      })
      .where(eq(quoteRequests.name, 'Lee Lead'));
    await t.database.db.delete(notificationOutbox);

    const results = await Promise.all([
      t.app.digest.runOnce(),
      t.app.digest.runOnce(),
      t.app.digest.runOnce(),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const digests = await t.database.db
      .select()
      .from(notificationOutbox)
      .where(eq(notificationOutbox.kind, 'digest'));
    expect(digests).toHaveLength(1);
    expect(digests[0]?.subject).toBe('Your week on the site: 0 page views, 2 quote requests');
    expect(digests[0]?.recipient).toBeNull();
    expect(digests[0]?.body).toContain('New quote requests: 2: Dana Lead (website), Lee Lead (website)');
    expect(digests[0]?.body).toContain('Dashboard: https://jordan.example/admin/blog/pipeline');
    expect(digests[0]?.body).toContain('New subscribers: 1 signed up, 0 confirmed');
    // The requests above came from a test client's agent, which counts as a bot: only the visitor's goal.
    expect(digests[0]?.body).toContain('Goals reached: Contact form seen 1\n');
    expect(digests[0]?.body).toContain('Won this week by source: newsletter (spring): $8,500 from 1 deal');
    expect(digests[0]?.body).toContain(
      'Calls booked: 1: Cal Booker (Tuesday, November 24, 2026 at 9:00 AM EST)',
    );

    // Later the same week: nothing more. The next Monday: the next one.
    clock.set('2026-11-27T14:00:00Z');
    expect(await t.app.digest.runOnce()).toBe(false);
    clock.set('2026-11-30T13:30:00Z');
    expect(await t.app.digest.runOnce()).toBe(true);
    expect(
      await t.database.db.select().from(notificationOutbox).where(eq(notificationOutbox.kind, 'digest')),
    ).toHaveLength(2);
  });
});
