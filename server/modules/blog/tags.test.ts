/** Tags as one set (issue 34): spellings matched, the first kept, renamed and merged by the owner. */
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { tagKey } from '../../../common/text.ts';
import { blogPosts } from '../../db/schema.ts';
import { caller, signedInTestApp } from '../../testing/test-app.ts';

const { t, admin, user } = await signedInTestApp({ seed: false });
afterAll(() => t.close());
const call = caller(t, admin);

const write = async (slug: string, tags: string[], isPublished = true) => {
  const res = await t.writePost(admin, {
    title: `A post about ${slug}`,
    slug,
    summary: 'A summary of at least ten characters.',
    content: 'A body long enough for the editor to accept it as a post, and then some.',
    coverImage: '/images/posts/repair-before-replace.svg',
    tags,
    isPublished,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; tags: string[] };
};
const tagsOf = async (slug: string) =>
  (await t.database.db.select().from(blogPosts).where(eq(blogPosts.slug, slug)))[0]?.tags;

describe('one tag whatever its spelling', () => {
  it('matches tags without case, spaces, dots, hyphens or underscores counting', () => {
    for (const spelling of ['Next.js', 'next js', 'next-js', 'NEXT_JS', ' nextjs ']) {
      expect(tagKey(spelling), spelling).toBe('nextjs');
    }
    expect(tagKey('C++')).toBe('c++');
    expect(tagKey('-')).toBe('-');
  });

  it('keeps the spelling the blog used first, within a post and across posts', async () => {
    expect((await write('first-next', ['Next.js', 'next-js'])).tags).toEqual(['Next.js']);
    expect((await write('second-next', ['next js', 'React'])).tags).toEqual(['Next.js', 'React']);
    expect((await write('third-next', ['NEXT-JS'], false)).tags).toEqual(['Next.js']);
    // An edit that sends another spelling keeps the blog's.
    const { id } = await write('fourth-post', ['Rust']);
    const edited = await call('PATCH', `/api/admin/posts/${id}`, { tags: ['next_js', 'rust'] });
    expect(edited.json().tags).toEqual(['Next.js', 'Rust']);
  });

  it('finds the posts of a tag by any of its spellings', async () => {
    const list = (await t.app.inject(`/api/blog?tag=${encodeURIComponent('next js')}`)).json();
    expect(list.map((post: { slug: string }) => post.slug).sort()).toEqual([
      'first-next',
      'fourth-post',
      'second-next',
    ]);
  });
});

describe("the owner's tags", () => {
  it('lists every tag with its count, drafts included, most used first', async () => {
    const res = await call('GET', '/api/admin/tags');
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([
      { name: 'Next.js', count: 4 },
      { name: 'React', count: 1 },
      { name: 'Rust', count: 1 },
    ]);
  });

  it('renames a tag on every post, and merges it into a tag that exists', async () => {
    const renamed = await call('POST', '/api/admin/tags/rename', { from: 'nextjs', to: 'Next' });
    expect(renamed.json()).toEqual({ changed: 4 });
    expect(await tagsOf('second-next')).toEqual(['Next', 'React']);
    // Merged: a post carrying both keeps one.
    const merged = await call('POST', '/api/admin/tags/rename', { from: 'React', to: 'next' });
    expect(merged.json()).toEqual({ changed: 1 });
    expect(await tagsOf('second-next')).toEqual(['Next']);
    const list = (await t.app.inject('/api/blog-list')).json();
    expect(list.tags).toEqual([
      { name: 'Next', count: 3 },
      { name: 'Rust', count: 1 },
    ]);
    // Only a spelling changes: every post keeps the tag.
    expect((await call('POST', '/api/admin/tags/rename', { from: 'Next', to: 'NEXT' })).json()).toEqual({
      changed: 4,
    });
    expect(await tagsOf('first-next')).toEqual(['NEXT']);
  });

  it('refuses an empty or too long name and changes nothing; a visitor or a user may not', async () => {
    const empty = await call('POST', '/api/admin/tags/rename', { from: 'NEXT', to: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Write the new name');
    expect(
      (await call('POST', '/api/admin/tags/rename', { from: 'NEXT', to: 'x'.repeat(200) })).statusCode,
    ).toBe(400);
    expect(await tagsOf('first-next')).toEqual(['NEXT']);
    expect((await call('POST', '/api/admin/tags/rename', { from: 'NEXT', to: 'Y' }, user)).statusCode).toBe(
      403,
    );
    expect((await call('GET', '/api/admin/tags', undefined, '')).statusCode).toBe(401);
    // A tag nobody has: nothing to change.
    expect((await call('POST', '/api/admin/tags/rename', { from: 'Elixir', to: 'Erlang' })).json()).toEqual({
      changed: 0,
    });
  });
});

describe("a tag's own feed", () => {
  it('lists the live posts of the tag under any spelling; a tag no live post carries is a 404', async () => {
    const feed = await t.app.inject('/blog/tag/next/rss.xml');
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(feed.body).toContain('<title>Jordan Ellis | Blog: NEXT</title>');
    expect(feed.body).toContain('/blog/tag/NEXT/rss.xml" rel="self"');
    // Three live posts carry it; the draft does not show.
    expect(feed.body.match(/<item>/g)).toHaveLength(3);
    expect(feed.body).not.toContain('third-next');
    expect((await t.app.inject('/blog/tag/Elixir/rss.xml')).statusCode).toBe(404);
    await write('draft-only', ['Draft only tag'], false);
    expect((await t.app.inject('/blog/tag/Draft%20only%20tag/rss.xml')).statusCode).toBe(404);
  });
});

describe("the owner's spelling", () => {
  it('holds for every later post, even once no post carries the tag', async () => {
    const { id } = await write('imported-math', ['math', 'statistics']);
    expect((await call('POST', '/api/admin/tags/rename', { from: 'math', to: 'Math' })).statusCode).toBe(200);
    expect(await tagsOf('imported-math')).toEqual(['Math', 'statistics']);
    // The only post with it goes; a later one (an import's lower-case spelling) still gets 'Math'.
    expect((await call('DELETE', `/api/admin/posts/${id}`)).statusCode).toBe(204);
    expect((await write('later-math', ['MATH', 'math'])).tags).toEqual(['Math']);
    // Merged into another tag: the merged tag's spelling is not kept.
    expect(
      (await call('POST', '/api/admin/tags/rename', { from: 'statistics', to: 'Math' })).statusCode,
    ).toBe(200);
    expect((await write('later-statistics', ['Statistics'])).tags).toEqual(['Statistics']);
  });
});

describe('a tag renamed or merged', () => {
  const movedTo = async (path: string) => {
    const res = await t.app.inject(`/api/old-address?path=${encodeURIComponent(path)}`);
    return res.statusCode === 200 ? res.json().location : res.statusCode;
  };
  const rename = async (from: string, to: string) =>
    expect((await call('POST', '/api/admin/tags/rename', { from, to })).statusCode).toBe(200);

  it('keeps its page and feed, leading to the tag it became, through later renames, until it is a tag again', async () => {
    await write('locked-out-at-night', ['Lockouts']);
    await write('a-spare-key-in-time', ['Lockouts', 'Car keys']);
    await rename('Lockouts', 'Locked out');
    expect(await movedTo('/blog/tag/Lockouts')).toBe('/blog/tag/Locked%20out');
    expect(await movedTo('/blog/tag/lockouts/rss.xml')).toBe('/blog/tag/Locked%20out/rss.xml');
    const feed = await t.app.inject('/blog/tag/Lockouts/rss.xml');
    expect(feed.statusCode).toBe(301);
    expect(feed.headers.location).toBe('/blog/tag/Locked%20out/rss.xml');
    // Merged on into another tag: both old names lead there.
    await rename('Locked out', 'Car keys');
    expect(await movedTo('/blog/tag/Lockouts')).toBe('/blog/tag/Car%20keys');
    expect(await movedTo('/blog/tag/Locked%20out')).toBe('/blog/tag/Car%20keys');
    // Renamed back: the old name is a tag's own again, and the other name is the old one now.
    await rename('Car keys', 'Lockouts');
    expect(await movedTo('/blog/tag/Lockouts')).toBe(404);
    expect(await movedTo('/blog/tag/Car%20keys')).toBe('/blog/tag/Lockouts');
    expect((await t.app.inject('/blog/tag/Lockouts/rss.xml')).statusCode).toBe(200);
  });

  it('a tag nobody carried, or one whose posts are all off the site, leads nowhere', async () => {
    expect(await movedTo('/blog/tag/never-a-tag')).toBe(404);
    expect((await t.app.inject('/blog/tag/never-a-tag/rss.xml')).statusCode).toBe(404);
    await write('a-draft-about-fobs', ['Fob drafts'], false);
    await rename('Fob drafts', 'Fobs in waiting');
    expect(await movedTo('/blog/tag/Fob%20drafts')).toBe(404);
  });
});
