import type { BlogPostSummary } from '../../../common/schemas/blog.ts';

export interface PostFilter {
  /** Free text matched against title and summary, case-insensitive. */
  search: string;
  /** One tag, or null for all. */
  tag: string | null;
}

export function filterPosts(
  posts: readonly BlogPostSummary[],
  { search, tag }: PostFilter,
): BlogPostSummary[] {
  const needle = search.trim().toLowerCase();
  return posts.filter(
    (post) =>
      (!needle || post.title.toLowerCase().includes(needle) || post.summary.toLowerCase().includes(needle)) &&
      (!tag || post.tags.includes(tag)),
  );
}

/** Every distinct tag, alphabetically. */
export function distinctTags(posts: readonly BlogPostSummary[]): string[] {
  return [...new Set(posts.flatMap((post) => post.tags))].sort((a, b) => a.localeCompare(b));
}

/** 'MMMM d, yyyy' (November 22, 2026), in UTC so the server and the browser agree. */
export function longDate(iso: string): string {
  return new Intl.DateTimeFormat('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(iso));
}
