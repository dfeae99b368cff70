import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, notificationOutbox, quoteRequests } from '../../db/schema.ts';
import { createTestApp, freshIp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

const quote = {
  name: 'Dana Smith',
  email: 'dana@example.com',
  phone: '404-555-0100',
  company: 'Smith Bakery',
  projectType: 'ecommerce',
  budget: '5-10k',
  timeframe: '3months',
  message: 'We need an online shop for our cakes.',
};
const send = (payload: object, remoteAddress = freshIp()) =>
  t.app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress });
const quoteCount = async () => (await t.database.db.select({ n: count() }).from(quoteRequests))[0]?.n;
/** Notifications of one kind waiting in the outbox. */
const notesOf = async (kind: 'quote' | 'contact') =>
  (
    await t.database.db
      .select({ n: count() })
      .from(notificationOutbox)
      .where(eq(notificationOutbox.kind, kind))
  )[0]?.n ?? 0;

describe('POST /api/contact with a quote request', () => {
  it('stores every field with the IP and writes a notification', async () => {
    const res = await send({ ...quote, newsletter: true, readAt: '2020-01-01', id: 99 }, '203.0.113.10');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ kind: 'quote', message: 'Quote Request Sent' });
    const [row] = await t.database.db.select().from(quoteRequests);
    expect(row).toMatchObject({ ...quote, newsletter: true, ipAddress: '203.0.113.10', readAt: null });
    expect(row?.id).not.toBe(99);
    // The newsletter box asked for the newsletter's confirmation too (its own tests).
    const [note] = await t.database.db
      .select()
      .from(notificationOutbox)
      .where(eq(notificationOutbox.kind, 'quote'));
    expect(note).toMatchObject({
      kind: 'quote',
      status: 'pending',
      subject: 'New quote request from Dana Smith',
    });
    expect(note?.body).toContain('Project type: ecommerce');
    expect(note?.body).toContain('Message: We need an online shop for our cakes.');
  });

  it('defaults newsletter to false and accepts no phone or company', async () => {
    const { phone: _p, company: _c, ...minimal } = quote;
    expect((await send(minimal)).statusCode).toBe(201);
  });

  it.each([
    ['name', { name: '' }, 'Name is required'],
    ['name', { name: '   ' }, 'Name is required'],
    ['email', { email: 'not-an-email' }, 'Invalid email address'],
    ['projectType', { projectType: '' }, 'Please select a project type'],
    ['projectType', { projectType: 'spaceship' }, 'Please select a project type'],
    ['budget', { budget: undefined }, 'Please select a budget range'],
    ['timeframe', { timeframe: 'yesterday' }, 'Please select a timeframe'],
    ['message', { message: 'too short' }, 'Message must be at least 10 characters'],
  ])('answers 400 on a bad %s with the spec message and stores nothing', async (field, change, message) => {
    const before = await quoteCount();
    const res = await send({ ...quote, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
    expect(await quoteCount()).toBe(before);
  });
});

describe('POST /api/contact with a contact message', () => {
  const message = {
    name: 'Lee',
    email: 'lee@example.com',
    subject: 'Hello',
    message: 'Can we talk next week?',
  };

  it('stores it and notifies the owner', async () => {
    const res = await send(message);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ kind: 'contact', message: 'Message sent' });
    const rows = await t.database.db.select().from(contactMessages);
    expect(rows.at(-1)).toMatchObject(message);
  });

  it.each([
    ['subject', { subject: '' }, 'Subject is required'],
    ['message', { message: 'short' }, 'Message must be at least 10 characters'],
    ['email', { email: 'x@' }, 'Invalid email address'],
  ])('answers 400 on a bad %s', async (field, change, msg) => {
    const res = await send({ ...message, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(msg);
  });
});

describe('the same message sent twice at once (a client that sends again on a slow answer)', () => {
  it('is stored once and tells the owner once; every answer says it was sent', async () => {
    const twice = {
      name: 'Sam',
      email: 'sam-twice@example.com',
      subject: 'A key fob',
      message: 'My fob stopped answering the car yesterday.',
    };
    const stored = async () =>
      (
        await t.database.db
          .select({ n: count() })
          .from(contactMessages)
          .where(eq(contactMessages.email, twice.email))
      )[0]?.n;
    const notes = () => notesOf('contact');
    const notesBefore = await notes();
    const answers = await Promise.all([send(twice), send(twice), send(twice)]);
    for (const res of answers) expect(res.json()).toEqual({ kind: 'contact', message: 'Message sent' });
    expect(await stored()).toBe(1);
    expect((await notes()) - notesBefore).toBe(1);
    expect((await send({ ...twice, subject: 'A second fob' })).statusCode).toBe(201);
    expect(await stored()).toBe(2);
  });
});

describe('rate limit', () => {
  it('allows a handful of submissions per IP per 10 minutes, then 429 with Retry-After', async () => {
    const ip = '198.51.100.77';
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await send(quote, ip)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    const limited = await send(quote, ip);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('the same quote sent twice at once (a double press, two tabs)', () => {
  it('is stored once and tells the owner once; both answers thank the visitor', async () => {
    const twice = { ...quote, email: 'twice@example.com', message: 'The same words, sent twice at once.' };
    const notes = () => notesOf('quote');
    const stored = async () =>
      (
        await t.database.db
          .select({ n: count() })
          .from(quoteRequests)
          .where(eq(quoteRequests.email, 'twice@example.com'))
      )[0]?.n;
    const notesBefore = await notes();
    const answers = await Promise.all([send(twice), send(twice), send(twice)]);
    for (const res of answers) expect(res.json()).toEqual({ kind: 'quote', message: 'Quote Request Sent' });
    expect(await stored()).toBe(1);
    expect((await notes()) - notesBefore).toBe(1);
    // Other words from the same visitor are another request.
    expect((await send({ ...twice, message: 'Something else entirely, a second project.' })).statusCode).toBe(
      201,
    );
    expect(await stored()).toBe(2);
  });
});
