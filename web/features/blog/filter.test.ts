import { describe, expect, it } from 'vitest';
import type { BlogPostSummary } from '../../../common/schemas/blog.ts';
import { distinctTags, filterPosts, longDate } from './filter.ts';

const post = (id: number, title: string, summary: string, tags: string[]): BlogPostSummary => ({
  id,
  slug: `p${id}`,
  title,
  summary,
  tags,
  coverImage: '',
  publishedAt: null,
});
const posts = [
  post(1, 'Transponder Keys Explained', 'Why a car key needs programming.', ['Automotive', 'Security']),
  post(2, 'One Schema', 'Validating forms with ZOD.', ['TypeScript']),
  post(3, 'Repair first', 'Electronics on the bench.', ['Electronics', 'Automotive']),
];

describe('filterPosts', () => {
  it('matches title or summary, ignoring case', () => {
    expect(filterPosts(posts, { search: 'zod', tag: null }).map((p) => p.id)).toEqual([2]);
    expect(filterPosts(posts, { search: 'KEYS', tag: null }).map((p) => p.id)).toEqual([1]);
    expect(filterPosts(posts, { search: '  ', tag: null })).toHaveLength(3);
  });

  it('narrows to one tag, together with the search', () => {
    expect(filterPosts(posts, { search: '', tag: 'Automotive' }).map((p) => p.id)).toEqual([1, 3]);
    expect(filterPosts(posts, { search: 'bench', tag: 'Automotive' }).map((p) => p.id)).toEqual([3]);
    expect(filterPosts(posts, { search: 'zod', tag: 'Automotive' })).toEqual([]);
  });
});

describe('distinctTags and longDate', () => {
  it('lists each tag once, alphabetically', () => {
    expect(distinctTags(posts)).toEqual(['Automotive', 'Electronics', 'Security', 'TypeScript']);
  });

  it("formats dates as 'MMMM d, yyyy'", () => {
    expect(longDate('2026-11-02T23:30:00Z')).toBe('November 2, 2026');
  });
});
