import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicCommentListSchema } from '../../../common/schemas/comments.ts';
import { insertComment, insertPost } from '../../db/factories.ts';
import { allKeys, createTestApp, PRIVATE_KEYS, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

describe('GET /api/blog/post/:postId/comments', () => {
  it('lists only approved, non-spam comments, oldest first, without email or IP', async () => {
    const post = await insertPost(t.database.db);
    const db = t.database.db;
    await insertComment(db, post.id, {
      content: 'Second approved',
      isApproved: true,
      createdAt: new Date('2026-02-02'),
    });
    await insertComment(db, post.id, {
      content: 'First approved',
      isApproved: true,
      createdAt: new Date('2026-02-01'),
    });
    await insertComment(db, post.id, { content: 'Still pending' });
    await insertComment(db, post.id, { content: 'Approved but spam', isApproved: true, isSpam: true });

    const res = await t.app.inject(`/api/blog/post/${post.id}/comments`);
    expect(res.statusCode).toBe(200);
    const comments = publicCommentListSchema.parse(res.json());
    expect(comments.map((c) => c.content)).toEqual(['First approved', 'Second approved']);
    for (const key of PRIVATE_KEYS) expect(allKeys(res.json()).has(key)).toBe(false);
    expect(res.body).not.toMatch(/@example\.com|203\.0\.113/);
  });

  it('answers an empty list for a published post without comments', async () => {
    const post = await insertPost(t.database.db);
    const res = await t.app.inject(`/api/blog/post/${post.id}/comments`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('answers 404 for an unpublished post, an unknown id and a malformed id', async () => {
    const draft = await insertPost(t.database.db, { isPublished: false });
    await insertComment(t.database.db, draft.id, { isApproved: true });
    for (const id of [String(draft.id), '999999', 'abc', '-1', '1.5', '99999999999999999999']) {
      const res = await t.app.inject(`/api/blog/post/${id}/comments`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ message: 'Post not found' });
    }
  });
});
