/** The owner's moderation of comments. */
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { insertComment, insertPost } from '../../db/factories.ts';
import { comments } from '../../db/schema.ts';
import { caller, signedInTestApp } from '../../testing/test-app.ts';

const { t, admin: adminCookie } = await signedInTestApp({ seed: false });
afterAll(() => t.close());
const call = caller(t, adminCookie);

describe('comment moderation', () => {
  it('lists pending comments with post, email and IP, and approving shows them on the post', async () => {
    const post = await insertPost(t.database.db, { title: 'Moderated post' });
    const pending = await insertComment(t.database.db, post.id, { content: 'Please approve me' });
    await t.app.inject(`/api/blog/post/${post.id}/comments`); // fill the cache
    const queue = (await call('GET', '/api/admin/comments?status=pending')).json();
    const item = queue.items.find((c: { id: number }) => c.id === pending.id);
    expect(item).toMatchObject({
      postTitle: 'Moderated post',
      email: pending.email,
      ipAddress: '203.0.113.7',
    });

    const res = await call('POST', '/api/admin/comments/moderate', { ids: [pending.id], action: 'approve' });
    expect(res.json()).toEqual({ changed: 1 });
    const visible = (await t.app.inject(`/api/blog/post/${post.id}/comments`)).json();
    expect(visible.map((c: { content: string }) => c.content)).toEqual(['Please approve me']);
  });

  it('marks spam and rejects in bulk', async () => {
    const post = await insertPost(t.database.db);
    const a = await insertComment(t.database.db, post.id);
    const b = await insertComment(t.database.db, post.id);
    const c = await insertComment(t.database.db, post.id);
    await call('POST', '/api/admin/comments/moderate', { ids: [a.id, b.id], action: 'spam' });
    const spam = await t.database.db.select().from(comments).where(eq(comments.isSpam, true));
    expect(spam.map((r) => r.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    await call('POST', '/api/admin/comments/moderate', { ids: [c.id], action: 'reject' });
    expect(await t.database.db.select().from(comments).where(eq(comments.id, c.id))).toEqual([]);
  });
});
