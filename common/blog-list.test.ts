import { describe, expect, it } from 'vitest';
import {
  type BlogIndexEntry,
  blogListParams,
  blogListPath,
  SNIPPET_MARK_END,
  SNIPPET_MARK_START,
} from './blog-list.ts';
import { pageOfIndex } from './blog-search.ts';

const entry = (id: number, title: string, summary: string, tags: string[], text = ''): BlogIndexEntry => ({
  id,
  slug: `p${id}`,
  title,
  summary,
  tags,
  coverImage: '',
  publishedAt: null,
  text,
});
// Newest first, as the export writes it.
const index = [
  entry(
    1,
    'A day in the van',
    'Locksmith work.',
    ['Keys'],
    'One transponder would not pair with the immobilizer.',
  ),
  entry(2, 'One Schema', 'Validating forms with ZOD.', ['TypeScript']),
  entry(3, 'Transponder keys explained', 'Why a car key needs programming.', ['Keys', 'Automotive']),
  ...Array.from({ length: 13 }, (_, i) =>
    entry(10 + i, `Bench note ${i}`, 'Electronics on the bench.', ['Repair']),
  ),
];

describe('the blog list address', () => {
  it('leaves defaults out and reads back what it wrote', () => {
    expect(blogListPath({})).toBe('/api/blog-list');
    expect(blogListPath({ page: 2, q: ' keys ', tag: 'Repair' })).toBe(
      '/api/blog-list?q=keys&tag=Repair&page=2',
    );
    expect(blogListParams(new URLSearchParams('page=2&q=keys&tag=Repair'))).toEqual({
      page: 2,
      q: 'keys',
      tag: 'Repair',
    });
    expect(blogListParams(new URLSearchParams('page=-3'))).toEqual({ page: 1, q: '', tag: '' });
    // Never more than the API takes: a huge search is cut, not refused.
    const huge = blogListParams(new URLSearchParams(`q=${'a'.repeat(5000)}&tag=${'t'.repeat(99)}&page=1e9`));
    expect(huge).toEqual({ page: 1, q: 'a'.repeat(200), tag: 't'.repeat(40) });
  });
});

describe('the static copy’s search', () => {
  it('pages the whole list newest first, with every tag counted', () => {
    const first = pageOfIndex(index, {});
    expect(first.posts.map((post) => post.id)).toEqual([1, 2, 3, 10, 11, 12, 13, 14, 15, 16, 17, 18]);
    expect(first).toMatchObject({ total: 16, pageCount: 2, page: 1, pageSize: 12 });
    expect(pageOfIndex(index, { page: 2 }).posts).toHaveLength(4);
    expect(first.tags[0]).toEqual({ name: 'Repair', count: 13 });
  });

  it('needs every word, matches the last as a prefix, ranks titles first and marks a snippet', () => {
    const found = pageOfIndex(index, { q: 'Transp' });
    expect(found.posts.map((post) => post.id)).toEqual([3, 1]);
    expect(found.posts[1]?.snippet).toContain(`${SNIPPET_MARK_START}transponder${SNIPPET_MARK_END}`);
    expect(pageOfIndex(index, { q: 'zod forms' }).posts.map((post) => post.id)).toEqual([2]);
    expect(pageOfIndex(index, { q: 'zod keys' }).posts).toEqual([]);
  });

  it('filters by tag, with or without a search', () => {
    expect(pageOfIndex(index, { tag: 'Keys' }).posts.map((post) => post.id)).toEqual([1, 3]);
    expect(pageOfIndex(index, { tag: 'Keys', q: 'van' }).posts.map((post) => post.id)).toEqual([1]);
  });
});
