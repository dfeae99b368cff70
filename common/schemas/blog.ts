import { z } from 'zod';

const isoDate = z.iso.datetime({ offset: true });

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
});

export const blogPostListSchema = z.array(blogPostSummarySchema);

export type BlogPostSummary = z.infer<typeof blogPostSummarySchema>;
export type BlogPost = z.infer<typeof blogPostSchema>;
