import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminQuote, Pipeline, QuoteEvent } from '../../../common/schemas/contact.ts';
import { formTokenUses, notificationOutbox, quoteEvents, quoteRequests } from '../../db/schema.ts';
import { freshIp, signedInTestApp } from '../../testing/test-app.ts';
import { manualClock } from '../../testing/test-clock.ts';

const clock = manualClock('2026-11-10T15:00:00Z');

const { t, admin, user } = await signedInTestApp({ seed: false, clock });
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(quoteRequests);
  // Each test's quotes are new requests, though the same words at the same (stopped) clock time
  // as another test's: without their claims, as a site ten minutes later would be.
  await t.database.db.delete(formTokenUses);
  clock.set('2026-11-10T15:00:00Z');
});

/** A quote request sent through the site's form, received at `at`. */
async function submitQuote(name: string, at: Date, source?: unknown) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/contact',
    remoteAddress: freshIp(),
    payload: {
      ...(source === undefined ? {} : { source }),
      name,
      email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`,
      projectType: 'webapp',
      budget: '5-10k',
      timeframe: '1month',
      message: 'We need a booking system for the shop.',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const [row] = await t.database.db
    .update(quoteRequests)
    .set({ createdAt: at })
    .where(eq(quoteRequests.name, name))
    .returning();
  if (!row) throw new Error('no quote stored');
  return row.id;
}

const patch = (id: number, payload: object, cookie = admin) =>
  t.app.inject({ method: 'PATCH', url: `/api/admin/quotes/${id}`, headers: { cookie }, payload });
const pipeline = async () =>
  (await t.app.inject({ url: '/api/admin/pipeline', headers: { cookie: admin } })).json() as Pipeline;
const history = async (id: number) =>
  (
    await t.app.inject({ url: `/api/admin/quotes/${id}/history`, headers: { cookie: admin } })
  ).json() as QuoteEvent[];

describe('a quote request in the pipeline', () => {
  it('starts New, and each move records its time; the first reply is kept once', async () => {
    const id = await submitQuote('Dana Baker', new Date('2026-11-10T09:00:00Z'));
    expect((await pipeline()).columns[0]).toMatchObject({ stage: 'new', count: 1 });

    clock.set('2026-11-10T15:00:00Z');
    const replied = await patch(id, { stage: 'replied' });
    expect(replied.statusCode, replied.body).toBe(200);
    expect(replied.json()).toMatchObject({
      stage: 'replied',
      firstReplyAt: '2026-11-10T15:00:00.000Z',
      decidedAt: null,
      // Answering reads it.
      readAt: '2026-11-10T15:00:00.000Z',
    });

    clock.set('2026-11-12T10:00:00Z');
    expect((await patch(id, { stage: 'proposal', value: 7500 })).json()).toMatchObject({
      stage: 'proposal',
      valueUsd: 7500,
      firstReplyAt: '2026-11-10T15:00:00.000Z',
    });
    // Back to New by mistake, and on again: the first reply stays when it was.
    clock.set('2026-11-12T10:05:00Z');
    await patch(id, { stage: 'new' });
    clock.set('2026-11-20T16:00:00Z');
    const won = (await patch(id, { stage: 'won' })).json() as AdminQuote;
    expect(won).toMatchObject({
      stage: 'won',
      firstReplyAt: '2026-11-10T15:00:00.000Z',
      decidedAt: '2026-11-20T16:00:00.000Z',
      valueUsd: 7500,
    });

    expect((await history(id)).map((event) => [event.stage, event.createdAt])).toEqual([
      ['replied', '2026-11-10T15:00:00.000Z'],
      ['proposal', '2026-11-12T10:00:00.000Z'],
      ['new', '2026-11-12T10:05:00.000Z'],
      ['won', '2026-11-20T16:00:00.000Z'],
    ]);
  });

  it('marked Won straight from New, it was decided, not answered: no first reply is stamped', async () => {
    const id = await submitQuote('Sam Straight', new Date('2026-11-10T09:00:00Z'));
    clock.set('2026-11-11T09:00:00Z');
    expect((await patch(id, { stage: 'won' })).json()).toMatchObject({
      stage: 'won',
      firstReplyAt: null,
      decidedAt: '2026-11-11T09:00:00.000Z',
    });
    clock.set('2026-11-11T10:00:00Z');
    expect((await patch(id, { stage: 'lost' })).json()).toMatchObject({ firstReplyAt: null });
  });

  it('keeps dated notes in its history, and a value alone changes nothing else', async () => {
    const id = await submitQuote('Lee Fixit', new Date('2026-11-09T09:00:00Z'));
    clock.set('2026-11-09T11:30:00Z');
    const note = await t.app.inject({
      method: 'POST',
      url: `/api/admin/quotes/${id}/notes`,
      headers: { cookie: admin },
      payload: { note: 'Called: wants it live before the holidays.\nSend two options.' },
    });
    expect(note.statusCode, note.body).toBe(201);
    expect(note.json()).toMatchObject({
      stage: null,
      note: 'Called: wants it live before the holidays.\nSend two options.',
      createdAt: '2026-11-09T11:30:00.000Z',
    });

    const [before] = await t.database.db.select().from(quoteRequests).where(eq(quoteRequests.id, id));
    const valued = await patch(id, { value: 4200 });
    expect(valued.statusCode).toBe(200);
    const [after] = await t.database.db.select().from(quoteRequests).where(eq(quoteRequests.id, id));
    expect(after).toEqual({ ...before, valueUsd: 4200 });
    // No move, no event: the history holds the note alone.
    expect((await history(id)).map((event) => event.note)).toEqual([
      'Called: wants it live before the holidays.\nSend two options.',
    ]);
    // The value can be cleared.
    expect((await patch(id, { value: null })).json()).toMatchObject({ valueUsd: null });
  });

  it.each([
    [{}, 'Say the stage or the value'],
    [{ stage: 'maybe' }, 'Choose a stage'],
    [{ value: -5 }, 'Value cannot be negative'],
    [{ value: 12.5 }, 'Value must be a whole number of dollars'],
    [{ value: '900' }, 'Value must be a whole number of dollars'],
  ])('refuses %j with a clear message and changes nothing', async (payload, message) => {
    const id = await submitQuote('Pat Refused', new Date('2026-11-09T09:00:00Z'));
    const [before] = await t.database.db.select().from(quoteRequests).where(eq(quoteRequests.id, id));
    const res = await patch(id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(message);
    const [after] = await t.database.db.select().from(quoteRequests).where(eq(quoteRequests.id, id));
    expect(after).toEqual(before);
  });

  it('refuses an empty note, and answers 404 for a request that does not exist', async () => {
    const id = await submitQuote('Sam Empty', new Date('2026-11-09T09:00:00Z'));
    const empty = await t.app.inject({
      method: 'POST',
      url: `/api/admin/quotes/${id}/notes`,
      headers: { cookie: admin },
      payload: { note: '   ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Note is required');
    expect(await t.database.db.select().from(quoteEvents)).toEqual([]);
    expect((await patch(999_999, { stage: 'won' })).statusCode).toBe(404);
    const missing = await t.app.inject({
      url: '/api/admin/quotes/999999/history',
      headers: { cookie: admin },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('is the owner’s alone', async () => {
    const id = await submitQuote('Kim Private', new Date('2026-11-09T09:00:00Z'));
    expect((await patch(id, { stage: 'won' }, user)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'PATCH', url: `/api/admin/quotes/${id}`, payload: {} })).statusCode,
    ).toBe(401);
    expect((await t.app.inject({ url: '/api/admin/pipeline', headers: { cookie: user } })).statusCode).toBe(
      403,
    );
  });
});

describe('the pipeline', () => {
  it('measures the first reply against the 24-hour promise and counts what still waits', async () => {
    clock.set('2026-11-10T12:00:00Z');
    const fast = await submitQuote('Fast Reply', new Date('2026-11-08T10:00:00Z'));
    const slow = await submitQuote('Slow Reply', new Date('2026-11-05T10:00:00Z'));
    await submitQuote('Still Waiting', new Date('2026-11-10T08:00:00Z'));
    await submitQuote('Long Waiting', new Date('2026-11-08T08:00:00Z'));
    const archived = await submitQuote('Spam Archived', new Date('2026-11-01T08:00:00Z'));
    await t.database.db
      .update(quoteRequests)
      .set({ archivedAt: clock.now() })
      .where(eq(quoteRequests.id, archived));

    clock.set('2026-11-08T14:00:00Z'); // 4 h after
    await patch(fast, { stage: 'replied' });
    clock.set('2026-11-07T10:00:00Z'); // 48 h after
    await patch(slow, { stage: 'replied' });
    clock.set('2026-11-10T12:00:00Z');

    const { firstReply, columns } = await pipeline();
    expect(firstReply).toEqual({
      promiseHours: 24,
      answered: 2,
      withinPromise: 1,
      medianMinutes: 26 * 60,
      // Waiting: not yet answered and not archived; overdue: received more than 24 h ago.
      waiting: 2,
      overdue: 1,
    });
    // The board leaves archived requests out.
    expect(columns.map((column) => [column.stage, column.count])).toEqual([
      ['new', 2],
      ['replied', 2],
      ['proposal', 0],
      ['won', 0],
      ['lost', 0],
    ]);
    expect(columns[0]?.quotes.map((quote) => quote.name)).toEqual(['Still Waiting', 'Long Waiting']);
  });

  it('gives each month its wins, losses, win rate and won value, by the month of the decision', async () => {
    const a = await submitQuote('October Win', new Date('2026-09-20T10:00:00Z'));
    const b = await submitQuote('October Loss', new Date('2026-10-01T10:00:00Z'));
    const c = await submitQuote('November Win', new Date('2026-10-25T10:00:00Z'));
    const d = await submitQuote('November Win Two', new Date('2026-11-02T10:00:00Z'));
    clock.set('2026-10-10T10:00:00Z');
    await patch(a, { stage: 'won', value: 3000 });
    await patch(b, { stage: 'lost', value: 9000 });
    clock.set('2026-11-03T10:00:00Z');
    await patch(c, { stage: 'won', value: 1500 });
    await patch(d, { stage: 'won' });
    clock.set('2026-11-10T12:00:00Z');

    const { months, columns } = await pipeline();
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual({ month: '2026-11', won: 2, lost: 0, winRate: 1, wonValueUsd: 1500 });
    expect(months[1]).toEqual({ month: '2026-10', won: 1, lost: 1, winRate: 0.5, wonValueUsd: 3000 });
    expect(months[2]).toEqual({ month: '2026-09', won: 0, lost: 0, winRate: null, wonValueUsd: 0 });
    expect(months[11]?.month).toBe('2025-12');
    expect(columns.find((column) => column.stage === 'won')).toMatchObject({ count: 3, valueUsd: 4500 });
    expect(columns.find((column) => column.stage === 'lost')).toMatchObject({ count: 1, valueUsd: 9000 });

    // Reopened: the decision no longer counts.
    await patch(b, { stage: 'proposal' });
    expect((await pipeline()).months[1]).toMatchObject({ won: 1, lost: 0, winRate: 1 });
  });
});

describe('where clients come from', () => {
  it('records each request’s source and shows requests, won work and value by source and by post', async () => {
    const fromNewsletter = {
      landingPage: '/?utm_source=newsletter&utm_medium=email&utm_campaign=fall',
      referrer: 'news.example.com',
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'fall',
      lastRead: '/blog/transponder-keys-explained',
    };
    const newsletter = await submitQuote('From Newsletter', new Date('2026-11-01T10:00:00Z'), fromNewsletter);
    await submitQuote('From Search', new Date('2026-11-02T10:00:00Z'), {
      landingPage: '/blog/transponder-keys-explained',
      referrer: 'www.google.com',
      lastRead: '/blog/transponder-keys-explained',
    });
    await submitQuote('From Search Two', new Date('2026-11-03T10:00:00Z'), {
      landingPage: '/projects/3',
      referrer: 'www.google.com',
      lastRead: '/projects/3',
    });
    await submitQuote('Typed The Address', new Date('2026-11-04T10:00:00Z'), { landingPage: '/' });
    await submitQuote('Old Browser', new Date('2026-11-05T10:00:00Z'));
    await patch(newsletter, { stage: 'won', value: 4200 });

    const [stored] = await t.database.db.select().from(quoteRequests).where(eq(quoteRequests.id, newsletter));
    // With when its visit began (the time it was sent, when the form did not say).
    expect(stored?.leadSource).toEqual({ ...fromNewsletter, startedAt: expect.any(String) });
    const [note] = await t.database.db
      .select()
      .from(notificationOutbox)
      .where(eq(notificationOutbox.subject, 'New quote request from From Newsletter'));
    expect(note?.body).toContain(
      'Came from: newsletter / email (fall), landed on /?utm_source=newsletter&utm_medium=email&utm_campaign=fall, read /blog/transponder-keys-explained',
    );

    const { sources, pages, columns } = await pipeline();
    expect(sources).toEqual([
      { label: 'Direct', quotes: 2, won: 0, wonValueUsd: 0 },
      { label: 'www.google.com', quotes: 2, won: 0, wonValueUsd: 0 },
      { label: 'newsletter', quotes: 1, won: 1, wonValueUsd: 4200 },
    ]);
    expect(pages).toEqual([
      { label: '/blog/transponder-keys-explained', quotes: 2, won: 1, wonValueUsd: 4200 },
      { label: '/projects/3', quotes: 1, won: 0, wonValueUsd: 0 },
    ]);
    // The card carries it too.
    const card = columns.find((column) => column.stage === 'won')?.quotes[0];
    expect(card?.leadSource).toMatchObject({ utmSource: 'newsletter' });
  });

  it('drops a source it cannot make sense of, and keeps the request', async () => {
    const id = await submitQuote('Odd Source', new Date('2026-11-01T10:00:00Z'), {
      referrer: 'https://evil.example/<script>',
      landingPage: 'javascript:alert(1)',
    });
    const [stored] = await t.database.db.select().from(quoteRequests).where(eq(quoteRequests.id, id));
    expect(stored?.name).toBe('Odd Source');
    expect(stored?.leadSource).toBeNull();
  });
});
