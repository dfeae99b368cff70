import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FORM_TOKEN_TTL_MS } from '../../../common/constants.ts';
import { insertPost } from '../../db/factories.ts';
import { comments, notificationOutbox } from '../../db/schema.ts';
import { FORM_EXPIRED, FORM_USED } from '../../lib/anti-spam.ts';
import { tampered } from '../../testing/samples.ts';
import { createTestApp, freshIp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let postId: number;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  postId = (await insertPost(t.database.db, { title: 'A post to discuss' })).id;
});
afterAll(() => t.close());
afterEach(() => {
  vi.restoreAllMocks();
});

const valid = () => ({
  name: 'Sam Reader',
  email: 'sam@example.com',
  content: 'This was really useful, thank you!',
  captchaToken: 'not-a-robot',
  formToken: t.formToken('comment', postId),
});
const submit = (payload: object, id: number | string = postId) =>
  t.app.inject({ method: 'POST', url: `/api/blog/post/${id}/comments`, payload, remoteAddress: freshIp() });
const commentCount = async () => (await t.database.db.select({ n: count() }).from(comments))[0]?.n ?? 0;

describe('POST /api/blog/post/:postId/comments', () => {
  it('stores the comment awaiting moderation, keeps the IP private, notifies the owner', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/blog/post/${postId}/comments`,
      payload: { ...valid(), captchaToken: '  NOT-A-ROBOT ' },
      remoteAddress: '203.0.113.44',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Your comment has been submitted and is awaiting moderation.' });
    const [row] = await t.database.db.select().from(comments).where(eq(comments.postId, postId));
    expect(row).toMatchObject({
      name: 'Sam Reader',
      isApproved: false,
      isSpam: false,
      ipAddress: '203.0.113.44',
    });
    const publicList = await t.app.inject(`/api/blog/post/${postId}/comments`);
    expect(publicList.json()).toEqual([]);
    const notes = await t.database.db
      .select()
      .from(notificationOutbox)
      .where(eq(notificationOutbox.kind, 'comment'));
    expect(notes[0]?.subject).toBe('New comment on "A post to discuss" awaits moderation');
  });

  it('shows the comment once it is approved', async () => {
    await submit({ ...valid(), content: 'Approved comment text here' });
    await t.database.db
      .update(comments)
      .set({ isApproved: true })
      .where(eq(comments.content, 'Approved comment text here'));
    t.app.readCache.invalidate(`comments:${postId}`);
    const list = (await t.app.inject(`/api/blog/post/${postId}/comments`)).json();
    expect(list.map((c: { content: string }) => c.content)).toContain('Approved comment text here');
  });

  it.each([
    ['name', { name: 'S' }, 'Name must be at least 2 characters'],
    ['email', { email: 'sam' }, 'Please enter a valid email address'],
    ['content', { content: 'Too short' }, 'Comment must be at least 10 characters'],
    ['captchaToken', { captchaToken: '' }, 'Please complete the CAPTCHA verification'],
    ['captchaToken', { captchaToken: 'i-am-a-robot' }, 'Please complete the CAPTCHA verification'],
  ])('answers 400 on a bad %s with the spec message and stores nothing', async (field, change, message) => {
    const before = await commentCount();
    const res = await submit({ ...valid(), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(res.json().errors[field]).toBe(message);
    expect(await commentCount()).toBe(before);
  });

  it('answers a bot that fills the honeypot or submits too fast with a normal success, storing nothing', async () => {
    const before = await commentCount();
    const honeypot = await submit({ ...valid(), website: 'http://spam.example' });
    const tooFast = await submit({ ...valid(), formToken: t.formToken('comment', postId, 500) });
    for (const res of [honeypot, tooFast]) {
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ message: 'Your comment has been submitted and is awaiting moderation.' });
    }
    expect(await commentCount()).toBe(before);
  });

  it('asks to reload the page when the form token is missing, forged, expired or for another form', async () => {
    const before = await commentCount();
    const forged = tampered(t.formToken('comment', postId));
    for (const formToken of [
      undefined,
      'forged',
      `${Date.now() - 60_000}.AAAA`,
      forged,
      t.formToken('comment', postId + 1),
      t.formToken('contribution'),
      t.formToken('endorsement', postId),
      t.formToken('comment', postId, FORM_TOKEN_TTL_MS + 60_000),
    ]) {
      const res = await submit({ ...valid(), formToken });
      expect(res.statusCode, String(formToken)).toBe(400);
      expect(res.json()).toMatchObject({ message: FORM_EXPIRED, errors: { formToken: FORM_EXPIRED } });
    }
    expect(await commentCount()).toBe(before);
  });

  it('takes one comment per form token: a script replaying it gets four refusals, and none of them is stored', async () => {
    const { token } = (
      await t.app.inject({ url: `/api/form-token?form=comment&postId=${postId}`, remoteAddress: freshIp() })
    ).json();
    expect(token).toMatch(new RegExp(`^comment\\.${postId}\\.`));
    // A person takes longer than the minimum fill time to write: move the clock on instead of waiting.
    const realNow = Date.now.bind(Date);
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() + 10_000);
    const before = await commentCount();
    const ip = freshIp();
    const answers = [];
    for (let i = 1; i <= 5; i++) {
      answers.push(
        await t.app.inject({
          method: 'POST',
          url: `/api/blog/post/${postId}/comments`,
          payload: { ...valid(), content: `Replayed comment number ${i}`, formToken: token },
          remoteAddress: ip,
        }),
      );
    }
    expect(answers.map((res) => res.statusCode)).toEqual([201, 400, 400, 400, 400]);
    for (const res of answers.slice(1)) expect(res.json().message).toBe(FORM_USED);
    expect(await commentCount()).toBe(before + 1);
    const stored = await t.database.db.select({ content: comments.content }).from(comments);
    expect(
      stored.filter((row) => row.content.startsWith('Replayed comment')).map((row) => row.content),
    ).toEqual(['Replayed comment number 1']);
    vi.restoreAllMocks();
  });

  it('spends the token of a bot submission too, so replaying it is refused', async () => {
    const formToken = t.formToken('comment', postId);
    expect((await submit({ ...valid(), formToken, website: 'http://spam.example' })).statusCode).toBe(201);
    const replay = await submit({ ...valid(), formToken });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(FORM_USED);
  });

  it('issues tokens only for a known form, and a comment token only with its post', async () => {
    for (const query of [
      '',
      '?form=other',
      '?form=comment',
      '?form=endorsement',
      '?form=comment&postId=abc',
    ]) {
      const res = await t.app.inject({ url: `/api/form-token${query}`, remoteAddress: freshIp() });
      expect(res.statusCode, query).toBe(400);
    }
    const res = await t.app.inject({ url: '/api/form-token?form=contribution', remoteAddress: freshIp() });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 404 for an unknown or unpublished post', async () => {
    const draft = await insertPost(t.database.db, { isPublished: false });
    for (const id of [draft.id, 987654, 'abc']) {
      const res = await submit(valid(), id);
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.json()).toEqual({ message: 'Post not found' });
    }
  });
});
