/**
 * What the blog's queries share about a post's row: the list's columns, the search query and its
 * snippet, a post's status (draft, scheduled, published), the owner's view of it, its excerpt.
 */
import { timingSafeEqual } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { SNIPPET_MARK_END, SNIPPET_MARK_START } from '../../../common/blog-list.ts';
import { SEO_DESCRIPTION_LENGTH } from '../../../common/constants.ts';
import { markdownToPlainText, truncateText } from '../../../common/plain-text.ts';
import type { BlogPostFormValues } from '../../../common/schemas/blog.ts';
import { withIsoDates } from '../../db/paging.ts';
import { blogPosts } from '../../db/schema.ts';

export const summaryColumns = {
  id: blogPosts.id,
  slug: blogPosts.slug,
  title: blogPosts.title,
  summary: blogPosts.summary,
  coverImage: blogPosts.coverImage,
  tags: blogPosts.tags,
  publishedAt: blogPosts.publishedAt,
};

// Markdown punctuation taken out of the text a snippet is cut from.
export const MARKDOWN_MARKS = '[#*_`>~|()!\\[\\]-]+';

export const HEADLINE_OPTIONS = `StartSel=${SNIPPET_MARK_START}, StopSel=${SNIPPET_MARK_END}, MaxWords=30, MinWords=12, ShortWord=2, MaxFragments=1, FragmentDelimiter=" … "`;

/**
 * The tsquery of a visitor's search. Plain words all have to match, the last one as a prefix
 * ("transp" finds "transponder" while it is being typed); anything else (quotes, "or", "-word")
 * is read as web-search syntax. Null when nothing searchable is left.
 */
export function searchQuery(q: string): SQL | null {
  const text = q.trim();
  if (!text) return null;
  if (/^[\p{L}\p{N}\s]+$/u.test(text)) {
    const words = text.toLowerCase().split(/\s+/);
    const terms = words.map((word, i) => (i === words.length - 1 ? `'${word}':*` : `'${word}'`));
    return sql`to_tsquery('english', ${terms.join(' & ')})`;
  }
  return sql`websearch_to_tsquery('english', ${text})`;
}

export type PostRow = typeof blogPosts.$inferSelect;

export type PostStatus = 'draft' | 'scheduled' | 'published';

/** Draft: not published; Scheduled: published with a time still to come; else Published. */
export function statusOf(row: Pick<PostRow, 'isPublished' | 'publishedAt'>, at: Date): PostStatus {
  if (!row.isPublished) return 'draft';
  return row.publishedAt && row.publishedAt > at ? 'scheduled' : 'published';
}

export const sameSecret = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** What the owner's lists and editor get: the row without what only the site reads. */
export const adminPostOf = (row: PostRow, at: Date) => {
  const { searchVector: _vector, contentHtml: _html, toc: _toc, renderVersion: _version, ...rest } = row;
  return { ...withIsoDates(rest), status: statusOf(row, at) };
};

export const excerptOf = (content: string) =>
  truncateText(markdownToPlainText(content), SEO_DESCRIPTION_LENGTH);

export const SLUG_TAKEN = 'A post with this slug already exists';

/** The post fields the owner may change; anything else in an update is ignored. */
export const POST_FIELD_NAMES = [
  'title',
  'slug',
  'summary',
  'content',
  'coverImage',
  'tags',
  'isPublished',
  'metaDescription',
  'canonicalUrl',
] as const satisfies (keyof BlogPostFormValues)[];

/** A guest post turned into a draft: what the contributor wrote, unpublished. */
export interface DraftValues {
  title: string;
  summary: string;
  content: string;
  coverImage: string;
  tags: string[];
  /** The guest's name, shown as the author. */
  guestAuthor: string;
}
