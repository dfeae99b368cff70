/**
 * The paged blog list and its full-text search (GET /api/blog, GET /api/blog-list): pages on the
 * published-date order, totals and links, weighted ranking (title before tags and summary before
 * body), prefix matching while typing, web-search syntax, snippets, the tag filter, and what a
 * write changes. Runs on PGlite and, in CI, on PostgreSQL with the same results.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SNIPPET_MARK_END, SNIPPET_MARK_START } from '../../../common/blog-list.ts';
import { insertPost } from '../../db/factories.ts';
import { createTestApp, freshIp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  // 30 dated posts, newest last inserted; a few with words to search for.
  for (let n = 1; n <= 30; n++) {
    await insertPost(t.database.db, {
      title: `Workshop notes ${n}`,
      slug: `workshop-notes-${n}`,
      summary: `Short summary number ${n}.`,
      content: `Plain body text for post ${n}, about batteries and bench power supplies.`,
      tags: n % 3 === 0 ? ['Repair', 'Electronics'] : ['Notes'],
      publishedAt: new Date(Date.UTC(2026, 0, n)),
    });
  }
  await insertPost(t.database.db, {
    title: 'Transponder keys, start to finish',
    slug: 'transponder-title',
    summary: 'Everything about programming a key.',
    content: 'A long body that says nothing more about the subject of the title.',
    tags: ['Keys'],
    publishedAt: new Date(Date.UTC(2025, 5, 1)),
  });
  await insertPost(t.database.db, {
    title: 'A day in the van',
    slug: 'transponder-body',
    summary: 'Locksmith work on the road.',
    content: 'Most of the day went to one transponder that would not pair with the immobilizer.',
    tags: ['Keys'],
    publishedAt: new Date(Date.UTC(2026, 1, 1)),
  });
  await insertPost(t.database.db, { title: 'A draft about transponders', slug: 'draft', isPublished: false });
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ url, remoteAddress: freshIp() });
const slugs = (body: { slug: string }[]) => body.map((post) => post.slug);

describe('GET /api/blog pages', () => {
  it('gives the 12 newest published posts with the spec’s fields, the total and a link to the next page', async () => {
    const res = await get('/api/blog');
    expect(res.statusCode).toBe(200);
    const posts = res.json();
    expect(posts).toHaveLength(12);
    expect(slugs(posts).slice(0, 3)).toEqual(['transponder-body', 'workshop-notes-30', 'workshop-notes-29']);
    expect(Object.keys(posts[0]).sort()).toEqual(
      ['coverImage', 'id', 'publishedAt', 'slug', 'summary', 'tags', 'title'].sort(),
    );
    expect(res.headers['x-total-count']).toBe('32');
    expect(res.headers.link).toBe('</api/blog?page=2&limit=12>; rel="next"');
  });

  it('pages without repeats or gaps, up to 50 at a time', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) seen.push(...slugs((await get(`/api/blog?page=${page}`)).json()));
    expect(seen).toHaveLength(32);
    expect(new Set(seen).size).toBe(32);
    const last = await get('/api/blog?page=3');
    expect(last.headers.link).toBe('</api/blog?page=2&limit=12>; rel="prev"');
    expect((await get('/api/blog?page=4')).json()).toEqual([]);
    expect((await get('/api/blog?limit=50')).json()).toHaveLength(32);
    for (const bad of ['limit=51', 'limit=0', 'page=0', 'page=x', `q=${'a'.repeat(201)}`]) {
      expect((await get(`/api/blog?${bad}`)).statusCode, bad).toBe(400);
    }
  });
});

describe('search', () => {
  it('finds words in the title, summary, tags and body, ranking a title match first, never a draft', async () => {
    const posts = (await get('/api/blog?q=transponder')).json();
    expect(slugs(posts)).toEqual(['transponder-title', 'transponder-body']);
  });

  it('matches a word being typed as a prefix, and stems words', async () => {
    expect(slugs((await get('/api/blog?q=transp')).json())).toEqual([
      'transponder-title',
      'transponder-body',
    ]);
    // "immobilizers" stems to the body's "immobilizer"; "programming" to the summary's.
    expect(slugs((await get('/api/blog?q=immobilizers')).json())).toEqual(['transponder-body']);
    expect(slugs((await get('/api/blog?q=PROGRAMMING')).json())).toEqual(['transponder-title']);
  });

  it('reads web-search syntax: quoted phrases, or, and minus', async () => {
    expect(slugs((await get('/api/blog?q="start to finish"')).json())).toEqual(['transponder-title']);
    expect(slugs((await get('/api/blog?q=transponder -immobilizer')).json())).toEqual(['transponder-title']);
    expect(slugs((await get('/api/blog?q=immobilizer or locksmith')).json())).toEqual(['transponder-body']);
  });

  it('gives each hit a snippet with the matched words marked', async () => {
    const [hit] = (await get('/api/blog?q=immobilizer')).json();
    expect(hit.snippet).toContain(`${SNIPPET_MARK_START}immobilizer${SNIPPET_MARK_END}`);
    expect(hit.snippet).not.toMatch(/[#*`]/);
  });

  it('combines with the tag filter, and says plainly when nothing matches', async () => {
    const repair = (await get('/api/blog?tag=Repair&limit=50')).json();
    expect(repair).toHaveLength(10);
    expect(repair.every((post: { tags: string[] }) => post.tags.includes('Repair'))).toBe(true);
    expect(slugs((await get('/api/blog?tag=Keys&q=van')).json())).toEqual(['transponder-body']);
    for (const q of ['zzzzqqq', 'the', '"', '-', 'or', '!!!', "'", '&|:*']) {
      const res = await get(`/api/blog?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
      expect(res.json(), q).toEqual([]);
      expect(res.headers['x-total-count']).toBe('0');
    }
  });
});

describe('GET /api/blog-list', () => {
  it('gives a page with its figures and every tag with its count, most used first', async () => {
    const page = (await get('/api/blog-list?page=2&tag=Notes')).json();
    expect(page).toMatchObject({ page: 2, pageSize: 12, total: 20, pageCount: 2, q: '', tag: 'Notes' });
    expect(page.posts).toHaveLength(8);
    expect(page.tags.slice(0, 4)).toEqual([
      { name: 'Notes', count: 20 },
      { name: 'Electronics', count: 10 },
      { name: 'Repair', count: 10 },
      { name: 'Keys', count: 2 },
    ]);
  });

  it('shows a post published later at once (the cached pages are dropped)', async () => {
    await get('/api/blog-list');
    await get('/api/blog?q=fresh');
    const before = await get('/api/blog?page=3');
    expect(before.headers['x-total-count']).toBe('32');
    expect(before.headers.link).toBe('</api/blog?page=2&limit=12>; rel="prev"');
    const admin = await t.signIn('admin');
    const created = await t.writePost(admin, {
      title: 'Fresh from the bench',
      slug: 'fresh-from-the-bench',
      summary: 'A brand new post.',
      content: 'Newly written words about a freshly repaired amplifier, long enough.',
      coverImage: '/images/posts/repair-before-replace.svg',
      tags: ['Repair'],
      isPublished: true,
    });
    expect(created.statusCode).toBe(201);
    expect((await get('/api/blog-list')).json().posts[0].slug).toBe('fresh-from-the-bench');
    expect(slugs((await get('/api/blog?q=fresh')).json())).toEqual(['fresh-from-the-bench']);
    // The list's body and headers, kept together, change together.
    const after = await get('/api/blog?page=3');
    expect(after.headers['x-total-count']).toBe('33');
    expect(slugs(after.json())).toHaveLength(9);
    expect((await get('/api/blog')).headers['x-total-count']).toBe('33');
  });
});
