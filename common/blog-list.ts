/**
 * The blog list's address: its page, search and tag in the URL, and its limits. Small on
 * purpose, as every page that reads the blog loads it; the static copy's in-browser search
 * is in blog-search.ts.
 */
// Types only from the schemas: this runs in the browser, which must not load zod for it.
import { MAX_TAG_LENGTH } from './constants.ts';
import type { BlogPostSummary } from './schemas/blog.ts';

/** The blog list: posts per page, and the most an API client may ask for at once. */
export const BLOG_PAGE_SIZE = 12;
export const BLOG_MAX_PAGE_SIZE = 50;
export const BLOG_MAX_PAGE = 100_000;
export const BLOG_MAX_QUERY_LENGTH = 200;
/** The tag filter takes no longer tag than a post may carry. */
export const BLOG_MAX_TAG_LENGTH = MAX_TAG_LENGTH;

/** Marks around a matched word in a search snippet (private-use characters: they never occur in posts). */
export const SNIPPET_MARK_START = '\ue000';
export const SNIPPET_MARK_END = '\ue001';

/** A post in the static copy's search index: its summary fields and the plain text of its body. */
export interface BlogIndexEntry extends BlogPostSummary {
  text: string;
}

export interface BlogListParams {
  page?: number;
  q?: string;
  tag?: string;
}

/** The API path of a page of the blog list; defaults are left out, so the first page is `/api/blog-list`. */
export function blogListPath({ page = 1, q = '', tag = '' }: BlogListParams): string {
  const params = new URLSearchParams();
  if (q.trim()) params.set('q', q.trim());
  if (tag) params.set('tag', tag);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `/api/blog-list?${query}` : '/api/blog-list';
}

/** The page, search and tag of an address's query (the /blog page and the API path share them). */
export function blogListParams(search: URLSearchParams): Required<BlogListParams> {
  const page = Number(search.get('page') ?? '1');
  return {
    // Within what the API accepts: an address with more simply searches for less.
    page: Number.isInteger(page) && page >= 1 && page <= BLOG_MAX_PAGE ? page : 1,
    q: (search.get('q') ?? '').trim().slice(0, BLOG_MAX_QUERY_LENGTH).trim(),
    tag: (search.get('tag') ?? '').trim().slice(0, BLOG_MAX_TAG_LENGTH).trim(),
  };
}
