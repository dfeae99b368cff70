import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../../../content/projects.ts';
import { blogPosts } from '../../db/schema.ts';
import { samplePostText } from '../../testing/samples.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { FEED_PATHS } from './feeds.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://jordan.example' } });
});
afterAll(() => t.close());

describe('GET /robots.txt', () => {
  it('allows the site, keeps crawlers out of the API and admin, and names the sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain('Disallow: /admin');
    expect(res.body).toContain('Sitemap: https://jordan.example/sitemap.xml');
  });
});

describe('GET /sitemap.xml', () => {
  it("lists every indexable page: home, blog, each tag's page, each published post and project, resume, recommendations, booking, images, guest posts, privacy and terms", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    const published = await t.database.db
      .select({ slug: blogPosts.slug })
      .from(blogPosts)
      .where(eq(blogPosts.isPublished, true));
    // Each tag a published post carries has its page.
    const tags = [
      ...new Set(
        (
          await t.database.db
            .select({ tags: blogPosts.tags })
            .from(blogPosts)
            .where(eq(blogPosts.isPublished, true))
        ).flatMap((row) => row.tags),
      ),
    ];
    expect(locs).toEqual(
      expect.arrayContaining([
        'https://jordan.example/',
        'https://jordan.example/blog',
        'https://jordan.example/resume',
        'https://jordan.example/recommendations',
        'https://jordan.example/book-a-call',
        'https://jordan.example/generate-images',
        'https://jordan.example/contribute',
        'https://jordan.example/privacy',
        'https://jordan.example/terms',
        // The newsletter's archive (no issue is sent yet).
        'https://jordan.example/newsletter',
        ...published.map(({ slug }) => `https://jordan.example/blog/${slug}`),
        ...projects.map(({ id }) => `https://jordan.example/projects/${id}`),
        ...tags.map((tag) => `https://jordan.example/blog/tag/${encodeURIComponent(tag)}`),
      ]),
    );
    expect(locs).toHaveLength(10 + published.length + projects.length + tags.length);
    expect(locs).toContain('https://jordan.example/blog/tag/Small%20Business');
    const [draft] = await t.database.db
      .select({ slug: blogPosts.slug })
      .from(blogPosts)
      .where(eq(blogPosts.isPublished, false));
    expect(draft).toBeDefined();
    expect(res.body).not.toContain(`/blog/${draft?.slug}<`);
  });
});

describe('conditional requests: what readers and crawlers poll is sent again only when it changed', () => {
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers, remoteAddress: '10.44.0.1' });
  const polled = [FEED_PATHS.rss, FEED_PATHS.atom, FEED_PATHS.json, '/sitemap.xml', '/api/blog'];

  it('answers each with an ETag, and 304 without a body to a copy that is current', async () => {
    for (const url of polled) {
      const first = await get(url);
      expect(first.statusCode, url).toBe(200);
      const etag = String(first.headers.etag);
      expect(etag, url).toMatch(/^W\/"[\w-]+"$/);
      const again = await get(url, { 'if-none-match': etag });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
      expect(again.headers.etag, url).toBe(etag);
      // Among others, and however it was compressed.
      expect((await get(url, { 'if-none-match': `W/"older", ${etag.slice(2)}` })).statusCode, url).toBe(304);
      expect((await get(url, { 'if-none-match': 'W/"older"' })).statusCode, url).toBe(200);
    }
    expect((await get('/api/blog')).headers['cache-control']).toBe('public, no-cache');
  });

  it('dates the feeds and the sitemap by their newest post: If-Modified-Since from then is a 304', async () => {
    for (const url of [FEED_PATHS.rss, FEED_PATHS.atom, FEED_PATHS.json, '/sitemap.xml']) {
      const first = await get(url);
      const lastModified = String(first.headers['last-modified']);
      expect(Date.parse(lastModified), url).toBeLessThan(Date.now());
      expect((await get(url, { 'if-modified-since': lastModified })).statusCode, url).toBe(304);
      const before = new Date(Date.parse(lastModified) - 1000).toUTCString();
      expect((await get(url, { 'if-modified-since': before })).statusCode, url).toBe(200);
      // If-None-Match decides when both are sent.
      expect(
        (await get(url, { 'if-modified-since': lastModified, 'if-none-match': 'W/"older"' })).statusCode,
        url,
      ).toBe(200);
    }
  });

  it('sends the new answer once a post is published: the old ETag no longer matches', async () => {
    const before = Object.fromEntries(
      await Promise.all(polled.map(async (url) => [url, String((await get(url)).headers.etag)])),
    );
    const admin = await t.signIn('admin');
    const created = await t.writePost(admin, {
      title: 'A fresh post for the pollers',
      slug: 'fresh-for-pollers',
      ...samplePostText,
      isPublished: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    for (const url of polled) {
      const after = await get(url, { 'if-none-match': before[url] ?? '' });
      expect(after.statusCode, url).toBe(200);
      expect(after.body, url).toContain('fresh-for-pollers');
    }
  });
});
