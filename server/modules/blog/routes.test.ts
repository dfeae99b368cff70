import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogPostListSchema, blogPostSchema } from '../../../common/schemas/blog.ts';
import { seedPosts } from '../../../content/blog-posts.ts';
import { insertPost } from '../../db/factories.ts';
import { blogPosts, users } from '../../db/schema.ts';
import { allKeys, createTestApp, PRIVATE_KEYS, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/blog', () => {
  it('lists only published posts, newest first, with the list fields', async () => {
    const res = await t.app.inject('/api/blog');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const posts = blogPostListSchema.parse(res.json());
    const published = seedPosts.filter((p) => p.isPublished);
    expect(posts.map((p) => p.slug)).toEqual(
      [...published]
        .sort((a, b) => (b.publishedAt ?? '').localeCompare(a.publishedAt ?? ''))
        .map((p) => p.slug),
    );
    expect(posts.some((p) => p.slug === 'pricing-service-work')).toBe(false);
    expect(Object.keys(res.json()[0]).sort()).toEqual(
      ['coverImage', 'id', 'publishedAt', 'slug', 'summary', 'tags', 'title'].sort(),
    );
  });

  it('shows a post published later only after the cache is invalidated by the write', async () => {
    await t.app.inject('/api/blog');
    await insertPost(t.database.db, { slug: 'fresh-news', publishedAt: new Date() });
    t.app.readCache.invalidate('blog:');
    const posts = (await t.app.inject('/api/blog')).json();
    expect(posts[0].slug).toBe('fresh-news');
  });
});

describe('GET /api/blog/:slug', () => {
  it('returns a published post with its content and an author label', async () => {
    const res = await t.app.inject('/api/blog/transponder-keys-explained');
    expect(res.statusCode).toBe(200);
    const post = blogPostSchema.parse(res.json());
    expect(post.title).toBe('Transponder Keys Explained: What Programming Really Means');
    expect(post.content).toContain('## The handshake you never see');
    expect(post.authorName).toBe('Jordan Ellis');
    expect(post.isPublished).toBe(true);
  });

  it('names the author from the users table and never leaks their email or password hash', async () => {
    const [author] = await t.database.db
      .insert(users)
      .values({
        username: 'guest-writer',
        fullName: 'Guest Writer',
        email: 'guest@example.com',
        password: 'hash',
      })
      .returning();
    await insertPost(t.database.db, { slug: 'guest-written', authorId: author?.id });
    const res = await t.app.inject('/api/blog/guest-written');
    expect(res.json().authorName).toBe('Guest Writer');
    expect(res.body).not.toContain('guest@example.com');
    for (const key of PRIVATE_KEYS) expect(allKeys(res.json()).has(key)).toBe(false);
  });

  it("bylines a post the owner writes with the profile's name, not the login name", async () => {
    const owner = await t.signIn('admin', 'owner-login');
    const written = await t.writePost(owner, {
      title: 'Written by the owner',
      slug: 'written-by-the-owner',
      summary: 'A post from the editor.',
      content: 'A body long enough for the editor to accept it as a post, and a little more.',
      isPublished: true,
    });
    expect(written.statusCode, written.body).toBe(201);
    const post = (await t.app.inject('/api/blog/written-by-the-owner')).json();
    expect(post.authorName).toBe('Jordan Ellis');
    const feed = await t.app.inject('/rss.xml');
    expect(feed.body).not.toContain('owner-login');
  });

  it('answers 404 JSON for a draft and for an unknown slug', async () => {
    for (const slug of ['pricing-service-work', 'no-such-post']) {
      const res = await t.app.inject(`/api/blog/${slug}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Post not found' });
    }
  });

  it('stops serving a post once it is unpublished and the cache is invalidated', async () => {
    expect((await t.app.inject('/api/blog/repair-before-replace')).statusCode).toBe(200);
    await t.database.db
      .update(blogPosts)
      .set({ isPublished: false })
      .where(eq(blogPosts.slug, 'repair-before-replace'));
    t.app.readCache.invalidate('blog:');
    expect((await t.app.inject('/api/blog/repair-before-replace')).statusCode).toBe(404);
  });
});
