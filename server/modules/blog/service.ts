import { and, desc, eq, sql } from 'drizzle-orm';
import type { BlogPost, BlogPostSummary } from '../../../common/schemas/blog.ts';
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

/** Cache keys of the public blog reads; every post write invalidates this prefix. */
export const BLOG_CACHE_PREFIX = 'blog:';

export function createBlogService(db: Db) {
  return {
    /** Published posts, newest first (posts without a date last). */
    async listPublished(): Promise<BlogPostSummary[]> {
      const rows = await db
        .select(summaryColumns)
        .from(blogPosts)
        .where(eq(blogPosts.isPublished, true))
        .orderBy(sql`${blogPosts.publishedAt} desc nulls last`, desc(blogPosts.id));
      return rows.map((row) => ({ ...row, publishedAt: row.publishedAt?.toISOString() ?? null }));
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
