import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicComment } from '../../../common/schemas/comments.ts';
import { insertPost } from '../../db/factories.ts';
import { comments, notificationOutbox } from '../../db/schema.ts';
import { freshIp, signedInTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let admin: string;
let user: string;
let postId: number;
beforeAll(async () => {
  ({ t, admin, user } = await signedInTestApp({
    seed: false,
    env: { PUBLIC_URL: 'https://jordan.example' },
  }));
  postId = (await insertPost(t.database.db, { title: 'Replacing a fob battery', slug: 'fob-battery' })).id;
});
afterAll(() => t.close());

async function comment(name: string, notifyOnReply: boolean) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/blog/post/${postId}/comments`,
    remoteAddress: freshIp(),
    payload: {
      name,
      email: `${name.toLowerCase()}@example.com`,
      content: `Question from ${name}: which battery does it take?`,
      captchaToken: 'not-a-robot',
      formToken: t.formToken('comment', postId),
      notifyOnReply,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const [row] = await t.database.db
    .select()
    .from(comments)
    .where(and(eq(comments.postId, postId), eq(comments.name, name)));
  if (!row) throw new Error('comment not stored');
  return row;
}

const reply = (id: number, content: string, cookie = admin) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/comments/${id}/reply`,
    headers: { cookie },
    payload: { content },
  });
const replyEmails = () =>
  t.database.db.select().from(notificationOutbox).where(eq(notificationOutbox.kind, 'reply'));
const publicList = async () =>
  (await t.app.inject(`/api/blog/post/${postId}/comments`)).json() as PublicComment[];

describe('the owner replies to a comment', () => {
  it('shows the answer under the comment, marked as the author’s, and approves the comment', async () => {
    const asked = await comment('Riley', false);
    expect(await publicList()).toEqual([]);
    const res = await reply(asked.id, 'A CR2032, flat side up.');
    expect(res.statusCode).toBe(201);
    const list = await publicList();
    expect(list.map(({ name, parentId, isAuthorReply }) => ({ name, parentId, isAuthorReply }))).toEqual([
      { name: 'Riley', parentId: null, isAuthorReply: false },
      { name: 'Jordan Ellis', parentId: asked.id, isAuthorReply: true },
    ]);
    // Nobody asked for an email.
    expect(await replyEmails()).toHaveLength(0);
    // An answer to the answer stays one level deep, under the same comment.
    const answer = list[1] as PublicComment;
    await reply(answer.id, 'And mind the contacts.');
    expect((await publicList()).filter((c) => c.parentId === asked.id)).toHaveLength(2);
  });

  it('emails a commenter who asked, once per answer, with a link that stops further emails', async () => {
    const asked = await comment('Casey', true);
    expect(asked.unsubscribeToken).toMatch(/^[\w-]{32}$/);
    await reply(asked.id, 'It takes a CR2025.');
    const [email, ...more] = await replyEmails();
    expect(more).toHaveLength(0);
    expect(email).toMatchObject({
      recipient: 'casey@example.com',
      subject: 'Jordan Ellis replied to your comment on "Replacing a fob battery"',
      status: 'pending',
    });
    expect(email?.body).toContain('Jordan Ellis replied: It takes a CR2025.');
    expect(email?.body).toMatch(/https:\/\/jordan\.example\/blog\/fob-battery#comment-\d+/);
    const stop =
      email?.body.match(/https:\/\/jordan\.example(\/comments\/unsubscribe\?token=[\w-]+)/)?.[1] ?? '';
    expect(stop).not.toBe('');

    // The link asks first (a mail scanner opening it changes nothing), then stops.
    const page = await t.app.inject(stop);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Stop emails about replies');
    await reply(asked.id, 'Or a CR2032 in the newer fobs.');
    expect(await replyEmails()).toHaveLength(2);
    const stopped = await t.app.inject({
      method: 'POST',
      url: stop,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://jordan.example' },
      payload: '',
    });
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.body).toContain('You will get no more emails about replies');
    await reply(asked.id, 'One more thought.');
    expect(await replyEmails()).toHaveLength(2);
  });

  it('is for the owner only, and refuses a bad reply, a spam comment and an unknown one', async () => {
    const asked = await comment('Devon', true);
    expect((await reply(asked.id, 'Hello', user)).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/admin/comments/${asked.id}/reply`,
          payload: { content: 'Hi' },
        })
      ).statusCode,
    ).toBe(401);
    const empty = await reply(asked.id, ' ');
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Reply must be at least 2 characters');
    expect((await reply(999_999, 'Hello there')).statusCode).toBe(404);
    await t.database.db.update(comments).set({ isSpam: true }).where(eq(comments.id, asked.id));
    expect((await reply(asked.id, 'Hello there')).statusCode).toBe(409);
    expect((await t.app.inject('/comments/unsubscribe?token=nope')).statusCode).toBe(404);
  });
});
