/** The owner's review of guest posts. */
import { afterAll, describe, expect, it } from 'vitest';
import { insertPost } from '../../db/factories.ts';
import { blogContributions } from '../../db/schema.ts';
import { caller, signedInTestApp } from '../../testing/test-app.ts';

const { t, admin: adminCookie } = await signedInTestApp({ seed: false });
afterAll(() => t.close());
const call = caller(t, adminCookie);

describe('guest contributions', () => {
  it('approval makes a draft post, keeps the review notes, and the post can be published', async () => {
    await insertPost(t.database.db, { slug: 'notes-from-the-bench' });
    const [contribution] = await t.database.db
      .insert(blogContributions)
      .values({
        title: 'Notes from the bench',
        summary: 'A guest writes about repair benches.',
        content: 'Guest content. '.repeat(20),
        tags: ['guest'],
        authorName: 'Guest',
        authorEmail: 'guest@example.com',
      })
      .returning();
    const res = await call('POST', `/api/admin/contributions/${contribution?.id}/review`, {
      action: 'approve',
      reviewNotes: 'Lovely piece',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      isReviewed: true,
      isApproved: true,
      isSpam: false,
      reviewNotes: 'Lovely piece',
    });
    const post = (await call('GET', `/api/admin/posts/${res.json().postId}`)).json();
    // The slug of an existing post is never reused.
    expect(post).toMatchObject({
      title: 'Notes from the bench',
      isPublished: false,
      slug: 'notes-from-the-bench-2',
      status: 'draft',
      // The guest is the author shown, and a post sent without a cover gets a drawn one.
      guestAuthor: 'Guest',
    });
    expect(post.coverImage).toMatch(/^\/uploads\/.+\.webp$/);
    expect((await t.app.inject(post.coverImage)).statusCode).toBe(200);
    expect((await t.app.inject(`/api/blog/${post.slug}`)).statusCode).toBe(404);
    await call('PATCH', `/api/admin/posts/${post.id}`, { isPublished: true });
    const published = await t.app.inject(`/api/blog/${post.slug}`);
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ authorName: 'Guest', isGuestPost: true });
  });

  it('answers 404 for an unknown contribution and 400 for an unknown action', async () => {
    expect(
      (await call('POST', '/api/admin/contributions/999999/review', { action: 'reject' })).statusCode,
    ).toBe(404);
    const bad = await call('POST', '/api/admin/contributions/1/review', { action: 'publish' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.action).toBe('Choose approve, reject or spam');
  });
});

describe('contributions list', () => {
  it('carries the rendered, sanitised post for the preview', async () => {
    await t.database.db.insert(blogContributions).values({
      title: 'Rendered preview',
      summary: 'A guest post with markdown.',
      content: '## A heading\n\n**Bold** words <script>alert(1)</script> and more text here.',
      authorName: 'Guest',
      authorEmail: 'guest@example.com',
    });
    const list = (await call('GET', '/api/admin/contributions')).json();
    const item = list.items.find((c: { title: string }) => c.title === 'Rendered preview');
    expect(item.contentHtml).toContain('<strong>Bold</strong>');
    expect(item.contentHtml).toMatch(/<h2 id="a-heading">A heading<a class="heading-anchor"/);
    expect(item.contentHtml).not.toContain('<script');
  });
});
