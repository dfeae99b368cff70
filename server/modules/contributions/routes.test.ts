import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogContributions, notificationOutbox } from '../../db/schema.ts';
import { createTestApp, freshIp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

const valid = () => ({
  title: 'Diagnosing a dead laptop',
  summary: 'A step-by-step approach to finding the fault on a laptop that will not power on.',
  content: 'Start with the charger. '.repeat(12),
  tags: 'repair, laptops, , electronics',
  authorName: 'Guest Writer',
  authorEmail: 'guest@example.com',
  captchaToken: 'not-a-robot',
  formToken: t.formToken('contribution'),
});
const submit = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/blog/contributions', payload, remoteAddress: freshIp() });
const total = async () => (await t.database.db.select({ n: count() }).from(blogContributions))[0]?.n ?? 0;

describe('POST /api/blog/contributions', () => {
  it('stores the guest post unreviewed, unapproved and not spam, with tags split, and notifies', async () => {
    const res = await submit(valid());
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toMatch(/awaiting review/);
    const [row] = await t.database.db.select().from(blogContributions);
    expect(row).toMatchObject({
      title: 'Diagnosing a dead laptop',
      tags: ['repair', 'laptops', 'electronics'],
      coverImage: '',
      isReviewed: false,
      isApproved: false,
      isSpam: false,
      reviewNotes: null,
    });
    const notes = await t.database.db.select().from(notificationOutbox);
    expect(notes.map((n) => n.kind)).toContain('contribution');
  });

  it.each([
    ['title', { title: 'Shrt' }, 'Title must be at least 5 characters'],
    ['title', { title: 'x'.repeat(101) }, 'Title cannot exceed 100 characters'],
    ['summary', { summary: 'Too short summary' }, 'Summary must be at least 20 characters'],
    ['summary', { summary: 'y'.repeat(501) }, 'Summary cannot exceed 500 characters'],
    ['content', { content: 'Not nearly long enough.' }, 'Content must be at least 200 characters'],
    ['tags', { tags: ' , ' }, 'At least one tag is required'],
    ['tags', { tags: [] }, 'At least one tag is required'],
    ['authorName', { authorName: 'G' }, 'Author name is required'],
    ['authorEmail', { authorEmail: 'guest' }, 'Valid email address is required'],
    ['captchaToken', { captchaToken: '' }, 'CAPTCHA verification is required'],
    ['coverImage', { coverImage: 'javascript:alert(1)' }, 'Cover image must be a valid URL'],
  ])('answers 400 on a bad %s with the spec message', async (field, change, message) => {
    const before = await total();
    const res = await submit({ ...valid(), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
    expect(await total()).toBe(before);
  });

  it('stores nothing for a bot, while answering as for a person', async () => {
    const before = await total();
    const res = await submit({ ...valid(), website: 'filled' });
    expect(res.statusCode).toBe(201);
    expect(await total()).toBe(before);
  });
});
