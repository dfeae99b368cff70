/**
 * The blog: the public list, search and post answers, the editor's form (spec section 5, its
 * messages verbatim) and partial update, and the owner's view of a post (drafts, schedule, link).
 */
import {
  BLOG_MAX_PAGE,
  BLOG_MAX_PAGE_SIZE,
  BLOG_MAX_QUERY_LENGTH,
  BLOG_MAX_TAG_LENGTH,
  BLOG_PAGE_SIZE,
} from '../blog-list.ts';
import { SEO_DESCRIPTION_LENGTH } from '../constants.ts';
import { basedOn, coverImage, isoDate, tagList, text } from './shared.ts';
import { z } from './zod.ts';

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

/** POST /api/admin/tags/rename: a tag renamed on every post, or merged into another. */
export const tagRenameSchema = z.object({
  from: z.string({ error: 'Choose a tag' }).trim().min(1, 'Choose a tag').max(BLOG_MAX_TAG_LENGTH),
  to: z
    .string({ error: 'Write the new name' })
    .trim()
    .min(1, 'Write the new name')
    .max(BLOG_MAX_TAG_LENGTH, `A tag cannot exceed ${BLOG_MAX_TAG_LENGTH} characters`),
});
export type TagRename = z.infer<typeof tagRenameSchema>;
/** GET /api/admin/tags: every tag with how many posts (drafts too) carry it, most used first. */
export const ownerTagsSchema = z.object({
  items: z.array(z.object({ name: z.string(), count: z.number().int() })),
});
export type OwnerTags = z.infer<typeof ownerTagsSchema>;

/** GET /api/old-address?path=...: where an imported post's old address leads on this site. */
/** Where a post (or a tag) at an old address is now; or that the post was deleted since. */
export const oldAddressSchema = z.union([
  z.object({ location: z.string() }),
  z.object({ removed: z.literal(true) }),
]);
export type OldAddress = z.infer<typeof oldAddressSchema>;

export type BlogPostSummary = z.infer<typeof blogPostSummarySchema>;

export type BlogPost = z.infer<typeof blogPostSchema>;

export type BlogPostHit = z.infer<typeof blogPostHitSchema>;

export type BlogListPage = z.infer<typeof blogListPageSchema>;

/** The post fields without defaults: the create form adds its defaults, the partial update none. */
const blogPostFields = {
  title: text(200, 'Title').min(5, 'Title must be at least 5 characters'),
  slug: z
    .string({ error: 'Slug must be at least 3 characters' })
    .trim()
    .min(3, 'Slug must be at least 3 characters')
    .max(120, 'Slug cannot exceed 120 characters')
    .regex(/^[a-z0-9-]+$/, 'Slug can only contain lowercase letters, numbers, and hyphens'),
  summary: text(500, 'Summary', { multiline: true }).min(10, 'Summary must be at least 10 characters'),
  content: text(100_000, 'Content', { multiline: true }).min(50, 'Content must be at least 50 characters'),
  coverImage,
  tags: tagList,
  isPublished: z.boolean({ error: 'Published must be true or false' }),
  /** What search results and shared links show; '' falls back to the first 160 characters of the content. */
  metaDescription: text(SEO_DESCRIPTION_LENGTH, 'Meta description'),
  /** Where the post first appeared, when that is another site; '' for this site. */
  canonicalUrl: z
    .string({ error: 'Canonical URL must be a valid URL' })
    .trim()
    .max(2000, 'Canonical URL must be a valid URL')
    .refine(
      (value) => value === '' || z.url({ protocol: /^https?$/ }).safeParse(value).success,
      'Canonical URL must be a valid URL',
    ),
  /**
   * When a published post goes live: a time in the future schedules it; null (or absent when
   * first published) means now.
   */
  publishAt: z.iso.datetime({ offset: true, error: 'Publish time must be a valid date and time' }).nullable(),
};

export const blogPostFormSchema = z.object({
  ...blogPostFields,
  coverImage: coverImage.default(''),
  tags: tagList.default([]),
  isPublished: blogPostFields.isPublished.default(false),
  metaDescription: blogPostFields.metaDescription.default(''),
  canonicalUrl: blogPostFields.canonicalUrl.default(''),
  publishAt: blogPostFields.publishAt.default(null),
});

/**
 * A post kept as a draft however short it is (an imported post whose body is under the editor's
 * minimum): the minimums apply again when it is published.
 */
export const draftPostFormSchema = blogPostFormSchema.extend({
  summary: text(500, 'Summary', { multiline: true }),
  content: text(100_000, 'Content', { multiline: true }),
  isPublished: z.literal(false),
});

export type BlogPostFormInput = z.input<typeof blogPostFormSchema>;

export type BlogPostFormValues = z.output<typeof blogPostFormSchema>;

/**
 * Partial update of a post: any subset of the form's fields, and only those (with the version it
 * is based on, when the editor sends it). Built from the
 * fields without defaults: zod fills an omitted field that has a default even under
 * `.partial()`, which once cleared a post's cover and tags when only `isPublished` was sent.
 */
export const blogPostUpdateSchema = z
  .object({ ...blogPostFields, basedOn })
  .partial()
  .refine(({ basedOn: _, ...changes }) => Object.values(changes).some((value) => value !== undefined), {
    message: 'Send at least one field to change',
  });

export const adminPostSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  summary: z.string(),
  content: z.string(),
  coverImage: z.string(),
  tags: z.array(z.string()),
  isPublished: z.boolean(),
  publishedAt: isoDate.nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
  excerpt: z.string().nullable(),
  authorId: z.number().int().nullable(),
  metaDescription: z.string(),
  canonicalUrl: z.string(),
  /** The guest's name for an approved guest post; '' for the owner's. */
  guestAuthor: z.string(),
  /** Draft (not published), Scheduled (published with a time still to come) or Published. */
  status: z.enum(['draft', 'scheduled', 'published']),
  /** The secret of the private preview link; null when none is open. */
  previewToken: z.string().nullable(),
});

export type AdminPost = z.infer<typeof adminPostSchema>;

/**
 * The post editor as it posts: the post's fields, which post (none for a new one), the slug as
 * typed (empty: made from the title), and the publish time as the datetime field holds it, with
 * the time zone of the browser that filled it when the page's code says (else the owner's).
 */
export const postEditorFormSchema = blogPostFormSchema.extend({
  id: z.number().int().positive().optional(),
  slug: z.string().trim().max(120, 'Slug cannot exceed 120 characters').default(''),
  publishAt: z.string().trim().max(40).default(''),
  timeZone: z.string().max(64).optional(),
  basedOn: basedOn.optional(),
});
