import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminSummary } from '../../../common/schemas/admin.ts';
import type {
  AdminTestimonial,
  ShownTestimonial,
  TestimonialLink,
} from '../../../common/schemas/testimonials.ts';
import { notificationOutbox, quoteRequests, testimonials } from '../../db/schema.ts';
import { freshIp, signedInTestApp } from '../../testing/test-app.ts';
import { manualClock } from '../../testing/test-clock.ts';
import { NOT_SUBMITTED, NOTHING_TO_WITHDRAW, TESTIMONIAL_NOT_FOUND } from './service.ts';

const clock = manualClock('2026-11-10T15:00:00Z');

const { t, admin, user } = await signedInTestApp({ seed: false, clock });
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(testimonials);
  await t.database.db.delete(notificationOutbox);
  clock.set('2026-11-10T15:00:00Z');
});

const ask = async (payload: object, cookie = admin) =>
  t.app.inject({ method: 'POST', url: '/api/admin/testimonials', headers: { cookie }, payload });
const tokenOf = (link: string) => link.split('/testimonial/')[1] ?? '';
const invite = (token: string) => t.app.inject({ url: `/api/testimonial-requests/${token}` });
const submit = (token: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/testimonial-requests/${token}`,
    payload,
    remoteAddress: freshIp(),
  });
const withdraw = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/testimonial-requests/${token}/withdraw`,
    remoteAddress: freshIp(),
  });
const action = (id: number, name: 'approve' | 'hide' | 'link', cookie = admin) =>
  t.app.inject({ method: 'POST', url: `/api/admin/testimonials/${id}/${name}`, headers: { cookie } });
const shown = async () => (await t.app.inject({ url: '/api/testimonials' })).json() as ShownTestimonial[];
const list = async () =>
  (
    await t.app.inject({ url: '/api/admin/testimonials', headers: { cookie: admin } })
  ).json() as AdminTestimonial[];
const summary = async () =>
  (await t.app.inject({ url: '/api/admin/summary', headers: { cookie: admin } })).json() as AdminSummary;

const words = {
  name: 'Maria Gonzalez',
  role: 'Owner',
  company: 'Sweet Decatur Bakery',
  quote: 'The pre-order site paid for itself in a month, and Jordan answers the phone.',
  rating: 5,
};

async function asked(payload: object = { clientName: 'Maria Gonzalez' }) {
  const res = await ask(payload);
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json() as TestimonialLink;
  return { id: body.testimonial.id, token: tokenOf(body.link), body };
}

describe('asking a client', () => {
  it('gives a private link on this site; only its hash is stored', async () => {
    const { body, token } = await asked();
    expect(body.link).toMatch(/^http:\/\/localhost:\d+\/testimonial\/[A-Za-z0-9_-]{43}$/);
    expect(body).toMatchObject({
      emailed: false,
      testimonial: { clientName: 'Maria Gonzalez', status: 'requested' },
    });
    const [row] = await t.database.db.select().from(testimonials);
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
    // Nothing is emailed without an address.
    expect(await t.database.db.select().from(notificationOutbox)).toHaveLength(0);
  });

  it('emails the link to the client through the outbox when an address is given', async () => {
    const { body } = await asked({ clientName: 'Maria Gonzalez', email: 'maria@example.com' });
    expect(body.emailed).toBe(true);
    const [mail] = await t.database.db.select().from(notificationOutbox);
    expect(mail).toMatchObject({ kind: 'testimonial', recipient: 'maria@example.com', status: 'pending' });
    expect(mail?.body).toContain(body.link);
    expect(mail?.body).toMatch(/^Hello Maria Gonzalez,\n\nMessage: /);
  });

  it('ties the request to a quote request, and refuses one that does not exist', async () => {
    const [quote] = await t.database.db
      .insert(quoteRequests)
      .values({
        name: 'Derrick Thomas',
        email: 'derrick@example.com',
        projectType: 'webapp',
        budget: '5-10k',
        timeframe: '1month',
        message: 'A booking system for the detailing shop.',
        stage: 'won',
      })
      .returning();
    const { body } = await asked({ clientName: 'Derrick Thomas', quoteId: quote?.id });
    expect(body.testimonial).toMatchObject({ quoteId: quote?.id, quoteName: 'Derrick Thomas' });
    const missing = await ask({ clientName: 'Nobody Known', quoteId: 999_999 });
    expect(missing.statusCode).toBe(404);
    expect(await list()).toHaveLength(1);
  });

  it('validates the request and keeps it to the owner', async () => {
    expect((await ask({ clientName: 'M' })).json()).toMatchObject({
      message: 'Client name must be at least 2 characters',
    });
    expect((await ask({ clientName: 'Maria', email: 'not-an-address' })).statusCode).toBe(400);
    expect((await ask({ clientName: 'Maria' }, user)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/testimonials' })).statusCode).toBe(401);
    expect(await list()).toHaveLength(0);
  });
});

describe('the client through their link', () => {
  it('sees who was asked, then sends name, role, company, words and a rating', async () => {
    const { token } = await asked();
    const first = await invite(token);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect(first.json()).toMatchObject({ clientName: 'Maria Gonzalez', status: 'requested', quote: null });

    clock.set('2026-11-11T10:00:00Z');
    const sent = await submit(token, words);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({
      ...words,
      status: 'submitted',
      submittedAt: '2026-11-11T10:00:00.000Z',
    });
    // The owner is told, and the dashboard counts it as waiting.
    const [mail] = await t.database.db.select().from(notificationOutbox);
    expect(mail).toMatchObject({ kind: 'testimonial', recipient: null });
    expect(mail?.subject).toBe('New testimonial from Maria Gonzalez: approve it to show it');
    expect((await summary()).testimonialsWaiting).toBe(1);
    // Not on the site before approval.
    expect((await shown()).every((testimonial) => !testimonial.verified)).toBe(true);
  });

  it('used twice with the same words changes nothing; with new words it waits for approval again', async () => {
    const { id, token } = await asked();
    clock.set('2026-11-11T10:00:00Z');
    await submit(token, words);
    clock.set('2026-11-11T10:00:05Z');
    const again = await submit(token, words);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'submitted', submittedAt: '2026-11-11T10:00:00.000Z' });
    expect(await t.database.db.select().from(notificationOutbox)).toHaveLength(1);

    await action(id, 'approve');
    expect((await shown())[0]).toMatchObject({ name: 'Maria Gonzalez', verified: true });
    clock.set('2026-11-20T09:00:00Z');
    const changed = await submit(token, { ...words, quote: `${words.quote} Highly recommended.` });
    expect(changed.json()).toMatchObject({ status: 'submitted', submittedAt: '2026-11-20T09:00:00.000Z' });
    // Changed words leave the site until the owner approves them again.
    expect((await shown()).some((testimonial) => testimonial.verified)).toBe(false);
    const mails = await t.database.db.select().from(notificationOutbox);
    expect(mails.map((mail) => mail.subject)).toContain(
      'Maria Gonzalez changed their testimonial: approve it again',
    );
  });

  it('refuses bad input with a clear message and keeps what was stored', async () => {
    const { token } = await asked();
    await submit(token, words);
    const cases: Array<[object, string]> = [
      [{ ...words, quote: 'Too short.' }, 'Testimonial must be at least 20 characters'],
      [{ ...words, name: 'M' }, 'Name must be at least 2 characters'],
      [{ ...words, rating: 6 }, 'Rating must be a whole number from 1 to 5'],
      [{ ...words, rating: 4.5 }, 'Rating must be a whole number from 1 to 5'],
      [{ ...words, quote: 'x'.repeat(1001) }, 'Testimonial cannot exceed 1000 characters'],
      [{ ...words, company: 'Line\nbreak' }, 'Company must be a single line'],
    ];
    for (const [payload, message] of cases) {
      const res = await submit(token, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await invite(token)).json()).toMatchObject({ quote: words.quote, rating: 5 });
  });

  it('may leave role, company and rating out', async () => {
    const { token } = await asked();
    const res = await submit(token, {
      name: 'Alicia R.',
      quote: 'Cut and programmed a new van key in the parking lot.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ role: null, company: null, rating: null });
  });

  it('answers an unknown, malformed or replaced link with 404 and the same message', async () => {
    const { id, token } = await asked();
    for (const bad of ['x'.repeat(43), 'short', '..%2F..%2Fetc']) {
      const res = await invite(bad);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(TESTIMONIAL_NOT_FOUND);
    }
    const fresh = (await action(id, 'link')).json() as TestimonialLink;
    expect((await invite(token)).statusCode).toBe(404);
    expect((await submit(token, words)).statusCode).toBe(404);
    expect((await invite(tokenOf(fresh.link))).statusCode).toBe(200);
  });
});

describe('approval and withdrawal', () => {
  it('approval puts it on the home page, marked verified with its date; the placeholders go', async () => {
    const before = await shown();
    expect(before).toHaveLength(3);
    expect(before.every((testimonial) => !testimonial.verified)).toBe(true);

    const { id, token } = await asked();
    // Nothing to approve before the client writes.
    const early = await action(id, 'approve');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(NOT_SUBMITTED);

    clock.set('2026-11-11T10:00:00Z');
    await submit(token, words);
    clock.set('2026-11-12T08:00:00Z');
    const approved = await action(id, 'approve');
    expect(approved.json()).toMatchObject({ status: 'approved', approvedAt: '2026-11-12T08:00:00.000Z' });
    // A second click changes nothing.
    expect((await action(id, 'approve')).json()).toMatchObject({ approvedAt: '2026-11-12T08:00:00.000Z' });
    expect(await shown()).toEqual([
      {
        quote: words.quote,
        name: 'Maria Gonzalez',
        role: 'Owner',
        company: 'Sweet Decatur Bakery',
        rating: 5,
        verified: true,
        date: '2026-11-11T10:00:00.000Z',
      },
    ]);
    expect((await invite(token)).json()).toMatchObject({ status: 'approved' });
    expect((await summary()).testimonialsWaiting).toBe(0);

    // Taken off the site by the owner: it waits again, and the placeholders return.
    expect((await action(id, 'hide')).json()).toMatchObject({ status: 'submitted', approvedAt: null });
    expect((await shown()).every((testimonial) => !testimonial.verified)).toBe(true);
  });

  it('the client withdraws it through the same link: it leaves the site at once; twice changes nothing', async () => {
    const { id, token } = await asked();
    const early = await withdraw(token);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(NOTHING_TO_WITHDRAW);

    await submit(token, words);
    await action(id, 'approve');
    expect((await shown())[0]?.verified).toBe(true);
    clock.set('2026-12-01T12:00:00Z');
    const gone = await withdraw(token);
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toMatchObject({ status: 'withdrawn' });
    expect((await shown()).some((testimonial) => testimonial.verified)).toBe(false);
    expect((await withdraw(token)).json()).toMatchObject({ status: 'withdrawn' });
    const [row] = await t.database.db.select().from(testimonials).where(eq(testimonials.id, id));
    expect(row).toMatchObject({ status: 'withdrawn', approvedAt: null });
    expect(row?.withdrawnAt?.toISOString()).toBe('2026-12-01T12:00:00.000Z');
    // The owner cannot approve what was withdrawn.
    expect((await action(id, 'approve')).statusCode).toBe(409);
    // The client may write it again later: it waits for approval.
    expect((await submit(token, words)).json()).toMatchObject({ status: 'submitted' });
  });

  it('shows the newest approved first, at most six; deleting one takes it off', async () => {
    const ids: number[] = [];
    for (let i = 1; i <= 7; i++) {
      const { id, token } = await asked({ clientName: `Client ${i}` });
      await submit(token, { ...words, name: `Client ${i}` });
      clock.advance(60_000);
      await action(id, 'approve');
      ids.push(id);
    }
    const names = (await shown()).map((testimonial) => testimonial.name);
    expect(names).toEqual(['Client 7', 'Client 6', 'Client 5', 'Client 4', 'Client 3', 'Client 2']);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/testimonials/${ids[6]}`,
      headers: { cookie: admin },
    });
    expect(deleted.statusCode).toBe(204);
    expect((await shown())[0]?.name).toBe('Client 6');
  });
});
