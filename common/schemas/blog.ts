import {
  BLOG_MAX_PAGE,
  BLOG_MAX_PAGE_SIZE,
  BLOG_MAX_QUERY_LENGTH,
  BLOG_MAX_TAG_LENGTH,
  BLOG_PAGE_SIZE,
} from '../blog-list.ts';
import { z } from './zod.ts';

const isoDate = z.iso.datetime({ offset: true });

/** A heading of a post (h2 or h3) in its table of contents. */
export const tocEntrySchema = z.object({
  depth: z.union([z.literal(2), z.literal(3)]),
  id: z.string(),
  text: z.string(),
});
export type TocEntry = z.infer<typeof tocEntrySchema>;

/** A row of GET /api/blog: what the list and the home teaser show. */
export const blogPostSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  coverImage: z.string(),
  tags: z.array(z.string()),
  publishedAt: isoDate.nullable(),
});

/** GET /api/blog/:slug: one published post. */
export const blogPostSchema = blogPostSummarySchema.extend({
  content: z.string(),
  excerpt: z.string().nullable(),
  isPublished: z.boolean(),
  createdAt: isoDate,
  updatedAt: isoDate,
  authorId: z.number().int().nullable(),
  /** Display name of the author: the user's full name or username, else the site owner. */
  authorName: z.string(),
  /** The content as sanitised HTML, rendered from the markdown on the server ('' when empty). */
  contentHtml: z.string(),
  /** The post's h2 and h3 headings, for its table of contents (shown from three on). */
  toc: z.array(tocEntrySchema),
  /** The meta description ('' falls back to the first 160 characters of the content). */
  metaDescription: z.string(),
  /** Where the post first appeared, when that is another site; '' for this site. */
  canonicalUrl: z.string(),
  /** True when authorName is a guest's (an approved guest post). */
  isGuestPost: z.boolean(),
  /** Published, or (seen by the owner or through a preview link) a draft or a scheduled post. */
  status: z.enum(['draft', 'scheduled', 'published']),
  /** The published posts just before (older) and after (newer) this one. */
  previous: z.object({ slug: z.string(), title: z.string() }).nullable(),
  next: z.object({ slug: z.string(), title: z.string() }).nullable(),
  /** Up to three published posts sharing the most tags with this one. */
  related: z.array(blogPostSummarySchema),
});

/**
 * A found post: the summary, and when the list was searched, a short passage of the post with
 * the matched words between SNIPPET_MARK_START and SNIPPET_MARK_END (plain text otherwise).
 */
export const blogPostHitSchema = blogPostSummarySchema.extend({ snippet: z.string().optional() });

export const blogPostListSchema = z.array(blogPostHitSchema);

/** The query of GET /api/blog and GET /api/blog-list: a page, optionally searched and filtered by tag. */
export const blogListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${BLOG_MAX_PAGE_SIZE}` })
    .int(`limit must be a whole number from 1 to ${BLOG_MAX_PAGE_SIZE}`)
    .min(1, `limit must be a whole number from 1 to ${BLOG_MAX_PAGE_SIZE}`)
    .max(BLOG_MAX_PAGE_SIZE, `limit must be a whole number from 1 to ${BLOG_MAX_PAGE_SIZE}`)
    .default(BLOG_PAGE_SIZE),
  page: z.coerce
    .number({ error: 'page must be a whole number from 1' })
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .max(BLOG_MAX_PAGE, 'page must be a whole number from 1')
    .default(1),
  q: z
    .string()
    .trim()
    .max(BLOG_MAX_QUERY_LENGTH, `The search cannot exceed ${BLOG_MAX_QUERY_LENGTH} characters`)
    .default(''),
  tag: z
    .string()
    .trim()
    .max(BLOG_MAX_TAG_LENGTH, `A tag cannot exceed ${BLOG_MAX_TAG_LENGTH} characters`)
    .default(''),
});
export type BlogListQuery = z.output<typeof blogListQuerySchema>;

/** GET /api/blog-list: one page of the blog list with what the page shows around it. */
export const blogListPageSchema = z.object({
  posts: blogPostListSchema,
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  pageCount: z.number().int(),
  q: z.string(),
  tag: z.string(),
  /** Every tag of a published post, most used first, for the Categories card. */
  tags: z.array(z.object({ name: z.string(), count: z.number().int() })),
});

export type BlogPostSummary = z.infer<typeof blogPostSummarySchema>;
export type BlogPost = z.infer<typeof blogPostSchema>;
export type BlogPostHit = z.infer<typeof blogPostHitSchema>;
export type BlogListPage = z.infer<typeof blogListPageSchema>;
