import { and, count, desc, eq, like, type SQL, sql } from 'drizzle-orm';
import { SNIPPET_MARK_END, SNIPPET_MARK_START } from '../../../common/blog-list.ts';
import { SEO_DESCRIPTION_LENGTH } from '../../../common/constants.ts';
import { markdownToPlainText, truncateText } from '../../../common/plain-text.ts';
import type { PageQuery } from '../../../common/schemas/admin.ts';
import type { BlogListQuery, BlogPost, BlogPostHit, BlogPostSummary } from '../../../common/schemas/blog.ts';
import type { BlogPostFormValues } from '../../../common/schemas/forms.ts';
import { slugify } from '../../../common/text.ts';
import { profile } from '../../../content/profile.ts';
import type { Db } from '../../db/client.ts';
import { newestFirst, withIsoDates } from '../../db/paging.ts';
import { blogPosts, users } from '../../db/schema.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { renderMarkdown } from '../../lib/markdown.ts';
import type { ReadCache } from '../../lib/read-cache.ts';

const summaryColumns = {
  id: blogPosts.id,
  slug: blogPosts.slug,
  title: blogPosts.title,
  summary: blogPosts.summary,
  coverImage: blogPosts.coverImage,
  tags: blogPosts.tags,
  publishedAt: blogPosts.publishedAt,
};

// Markdown punctuation taken out of the text a snippet is cut from.
const MARKDOWN_MARKS = '[#*_`>~|()!\\[\\]-]+';
const HEADLINE_OPTIONS = `StartSel=${SNIPPET_MARK_START}, StopSel=${SNIPPET_MARK_END}, MaxWords=30, MinWords=12, ShortWord=2, MaxFragments=1, FragmentDelimiter=" … "`;

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

/** Cache keys of the public blog reads; every post write invalidates this prefix. */
export const BLOG_CACHE_PREFIX = 'blog:';

export const SLUG_TAKEN = 'A post with this slug already exists';

type PostRow = typeof blogPosts.$inferSelect;

/** The post fields the owner may change; anything else in an update is ignored. */
const POST_FIELDS = new Set<string>([
  'title',
  'slug',
  'summary',
  'content',
  'coverImage',
  'tags',
  'isPublished',
] satisfies (keyof BlogPostFormValues)[]);

const adminPost = (row: PostRow) => withIsoDates(row);

const excerptOf = (content: string) => truncateText(markdownToPlainText(content), SEO_DESCRIPTION_LENGTH);

/** A guest post turned into a draft: what the contributor wrote, unpublished. */
export interface DraftValues {
  title: string;
  summary: string;
  content: string;
  coverImage: string;
  tags: string[];
}

/** A reader inside or outside a transaction (PGlite has one connection: a transaction's work goes through it). */
type Tx = Pick<Db, 'select' | 'insert'>;

export function createBlogService(db: Db, cache: Pick<ReadCache, 'invalidate'>) {
  const invalidatePosts = () => cache.invalidate(BLOG_CACHE_PREFIX);

  /** A free slug from `base`. */
  async function uniqueSlug(reader: Pick<Db, 'select'>, base: string): Promise<string> {
    const root = base || 'guest-post';
    const taken = await reader
      .select({ slug: blogPosts.slug })
      .from(blogPosts)
      .where(like(blogPosts.slug, `${root}%`));
    const used = new Set(taken.map((r) => r.slug));
    if (!used.has(root)) return root;
    for (let n = 2; ; n++) if (!used.has(`${root}-${n}`)) return `${root}-${n}`;
  }

  return {
    /** Every published post, newest first (posts without a date last): the sitemap and the static copy. */
    async listPublished(): Promise<BlogPostSummary[]> {
      const rows = await db
        .select(summaryColumns)
        .from(blogPosts)
        .where(eq(blogPosts.isPublished, true))
        .orderBy(sql`${blogPosts.publishedAt} desc nulls last`, desc(blogPosts.id));
      return rows.map((row) => ({ ...row, publishedAt: row.publishedAt?.toISOString() ?? null }));
    },

    /**
     * One page of published posts: newest first, or with `q` the posts that match it by
     * full-text search, best first, each with a snippet of the passage that matched. `tag`
     * keeps the posts carrying that tag. Total is the number of posts across all pages.
     */
    async listPage({ limit, page, q, tag }: BlogListQuery): Promise<{ posts: BlogPostHit[]; total: number }> {
      const query = searchQuery(q);
      if (q && !query) return { posts: [], total: 0 };
      const where = and(
        eq(blogPosts.isPublished, true),
        tag ? sql`${blogPosts.tags} @> array[${tag}]::text[]` : undefined,
        query ? sql`${blogPosts.searchVector} @@ ${query}` : undefined,
      );
      const rank = query ? sql`ts_rank_cd(${blogPosts.searchVector}, ${query})` : undefined;
      const [rows, counted] = await Promise.all([
        db
          .select({
            ...summaryColumns,
            snippet: query
              ? sql<string>`ts_headline('english', regexp_replace(${blogPosts.summary} || ' ' || ${blogPosts.content}, ${MARKDOWN_MARKS}, ' ', 'g'), ${query}, ${HEADLINE_OPTIONS})`
              : sql<null>`null`,
          })
          .from(blogPosts)
          .where(where)
          .orderBy(
            ...(rank ? [desc(rank)] : []),
            sql`${blogPosts.publishedAt} desc nulls last`,
            desc(blogPosts.id),
          )
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(blogPosts).where(where),
      ]);
      return {
        posts: rows.map(({ snippet, ...row }) => ({
          ...row,
          publishedAt: row.publishedAt?.toISOString() ?? null,
          ...(snippet ? { snippet: snippet.replace(/\s+/g, ' ').trim() } : {}),
        })),
        total: counted[0]?.n ?? 0,
      };
    },

    /** The tags of published posts with how many posts carry each, most used first. */
    async tags(): Promise<{ name: string; count: number }[]> {
      const result = await db.execute<{ name: string; count: number }>(sql`
        select tag as name, count(*)::int as count
        from ${blogPosts}, unnest(${blogPosts.tags}) as tag
        where ${blogPosts.isPublished}
        group by tag
        order by count(*) desc, tag`);
      return (result as unknown as { rows: { name: string; count: number }[] }).rows;
    },

    /** One published post by slug, or null when it does not exist or is a draft. */
    async findPublishedBySlug(slug: string): Promise<BlogPost | null> {
      const [row] = await db
        .select({
          post: blogPosts,
          authorFullName: users.fullName,
          authorUsername: users.username,
        })
        .from(blogPosts)
        .leftJoin(users, eq(users.id, blogPosts.authorId))
        .where(and(eq(blogPosts.slug, slug), eq(blogPosts.isPublished, true)))
        .limit(1);
      if (!row) return null;
      const { post } = row;
      return {
        id: post.id,
        slug: post.slug,
        title: post.title,
        summary: post.summary,
        content: post.content,
        coverImage: post.coverImage,
        tags: post.tags,
        excerpt: post.excerpt,
        isPublished: post.isPublished,
        publishedAt: post.publishedAt?.toISOString() ?? null,
        createdAt: post.createdAt.toISOString(),
        updatedAt: post.updatedAt.toISOString(),
        authorId: post.authorId,
        authorName: row.authorFullName || row.authorUsername || profile.name,
        contentHtml: renderMarkdown(post.content),
      };
    },

    /** Id and title of a published post, or null: comments may only attach to published posts. */
    async findPublishedById(id: number): Promise<{ id: number; title: string } | null> {
      const [row] = await db
        .select({ id: blogPosts.id, title: blogPosts.title })
        .from(blogPosts)
        .where(and(eq(blogPosts.id, id), eq(blogPosts.isPublished, true)))
        .limit(1);
      return row ?? null;
    },

    // --- the owner's operations -------------------------------------------------
    /** Every post, drafts included, most recently changed first. */
    async listPosts(query: PageQuery) {
      return newestFirst(db, blogPosts, query, { by: [blogPosts.updatedAt, blogPosts.id], map: adminPost });
    },

    async getPost(id: number) {
      const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
      if (!row) throw notFound('Post not found');
      return adminPost(row);
    },

    async createPost(values: BlogPostFormValues, authorId: number) {
      const inserted = await db
        .insert(blogPosts)
        .values({
          ...values,
          excerpt: excerptOf(values.content),
          authorId,
          publishedAt: values.isPublished ? new Date() : null,
        })
        .onConflictDoNothing()
        .returning();
      const row = inserted[0];
      if (!row) throw new HttpError(409, SLUG_TAKEN, { slug: SLUG_TAKEN });
      invalidatePosts();
      return adminPost(row);
    },

    /** Edits any fields; publishing stamps publishedAt the first time, unpublishing keeps it. */
    async updatePost(id: number, sent: Partial<BlogPostFormValues>) {
      // Only the fields that were sent: an absent (or undefined) field keeps what is stored.
      const changes = Object.fromEntries(
        Object.entries(sent).filter(([key, value]) => value !== undefined && POST_FIELDS.has(key)),
      ) as Partial<BlogPostFormValues>;
      const current = await this.getPost(id);
      if (changes.slug && changes.slug !== current.slug) {
        const [clash] = await db
          .select({ id: blogPosts.id })
          .from(blogPosts)
          .where(eq(blogPosts.slug, changes.slug));
        if (clash) throw new HttpError(409, SLUG_TAKEN, { slug: SLUG_TAKEN });
      }
      const [row] = await db
        .update(blogPosts)
        .set({
          ...changes,
          ...(changes.content !== undefined ? { excerpt: excerptOf(changes.content) } : {}),
          ...(changes.isPublished && !current.publishedAt ? { publishedAt: new Date() } : {}),
          updatedAt: new Date(),
        })
        .where(eq(blogPosts.id, id))
        .returning();
      if (!row) throw notFound('Post not found');
      invalidatePosts();
      return adminPost(row);
    },

    async deletePost(id: number) {
      const deleted = await db.delete(blogPosts).where(eq(blogPosts.id, id)).returning({ id: blogPosts.id });
      if (deleted.length === 0) throw notFound('Post not found');
      invalidatePosts();
    },

    /** A draft (never published directly) under a free slug from its title; its id. */
    async createDraft(tx: Tx, values: DraftValues): Promise<number | null> {
      const [post] = await tx
        .insert(blogPosts)
        .values({
          ...values,
          slug: await uniqueSlug(tx, slugify(values.title)),
          excerpt: excerptOf(values.content),
          isPublished: false,
        })
        .returning({ id: blogPosts.id });
      invalidatePosts();
      return post?.id ?? null;
    },
  };
}

export type BlogService = ReturnType<typeof createBlogService>;
