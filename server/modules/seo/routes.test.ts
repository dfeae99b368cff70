import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../../../content/projects.ts';
import { blogPosts } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

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
  it('lists every indexable page: home, blog, each published post and project, resume, recommendations, booking, images, guest posts, privacy and terms', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    const published = await t.database.db
      .select({ slug: blogPosts.slug })
      .from(blogPosts)
      .where(eq(blogPosts.isPublished, true));
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
        ...published.map(({ slug }) => `https://jordan.example/blog/${slug}`),
        ...projects.map(({ id }) => `https://jordan.example/projects/${id}`),
      ]),
    );
    expect(locs).toHaveLength(9 + published.length + projects.length);
    const [draft] = await t.database.db
      .select({ slug: blogPosts.slug })
      .from(blogPosts)
      .where(eq(blogPosts.isPublished, false));
    expect(draft).toBeDefined();
    expect(res.body).not.toContain(`/blog/${draft?.slug}<`);
  });
});
