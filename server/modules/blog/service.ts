import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { SNIPPET_MARK_END, SNIPPET_MARK_START } from '../../../common/blog-list.ts';
import type { BlogListQuery, BlogPost, BlogPostHit, BlogPostSummary } from '../../../common/schemas/blog.ts';
import { profile } from '../../../content/profile.ts';
import type { Db } from '../../db/client.ts';
import { blogPosts, users } from '../../db/schema.ts';
import { renderMarkdown } from '../../lib/markdown.ts';

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

export function createBlogService(db: Db) {
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
  };
}

export type BlogService = ReturnType<typeof createBlogService>;
