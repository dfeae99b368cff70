/**
 * The blog as visitors read it: the live posts (published, their time come), a page of them or a
 * search, the tags, one post with its neighbours and related posts, and the feeds' posts.
 */
import { and, asc, count, desc, eq, gt, isNull, lt, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { BlogListQuery, BlogPost, BlogPostHit, BlogPostSummary } from '../../../common/schemas/blog.ts';
import { profile } from '../../../content/profile.ts';
import type { Db } from '../../db/client.ts';
import { blogPosts, users } from '../../db/schema.ts';
import { RENDER_VERSION, renderPost } from '../../lib/markdown.ts';
import {
  HEADLINE_OPTIONS,
  MARKDOWN_MARKS,
  type PostRow,
  sameSecret,
  searchQuery,
  statusOf,
  summaryColumns,
} from './post-rows.ts';
import { canonicalTags } from './tags.ts';

/** Published posts whose time has come at `now()`: what visitors, feeds and the sitemap see. */
export const liveAt = (now: () => Date) =>
  and(
    eq(blogPosts.isPublished, true),
    or(isNull(blogPosts.publishedAt), lte(blogPosts.publishedAt, now())),
  ) as SQL;

/** Posts with their author's account, to be narrowed with .where(). */
const withAuthor = (db: Db) =>
  db
    .select({
      post: blogPosts,
      authorFullName: users.fullName,
      authorUsername: users.username,
      authorIsAdmin: users.isAdmin,
    })
    .from(blogPosts)
    .leftJoin(users, eq(users.id, blogPosts.authorId));

/**
 * The byline: a guest post's author; the owner's posts (written here or imported) the owner's
 * name from the profile, as the seeded posts have; another account's its name.
 */
const bylineOf = (row: {
  post: { guestAuthor: string };
  authorFullName: string | null;
  authorUsername: string | null;
  authorIsAdmin: boolean | null;
}) =>
  row.post.guestAuthor ||
  (row.authorIsAdmin ? profile.name : row.authorFullName || row.authorUsername) ||
  profile.name;

/** The stored render of a post, redone (and kept) when an older renderer made it. */
async function rendered(db: Db, row: PostRow): Promise<{ html: string; toc: PostRow['toc'] }> {
  if (row.renderVersion === RENDER_VERSION) return { html: row.contentHtml, toc: row.toc };
  const { html, toc } = await renderPost(row.content);
  // Kept only if the content is still what was rendered (an edit may have raced this read).
  await db
    .update(blogPosts)
    .set({ contentHtml: html, toc, renderVersion: RENDER_VERSION })
    .where(and(eq(blogPosts.id, row.id), eq(blogPosts.content, row.content)));
  return { html, toc };
}

/** The published neighbours of a live post, and up to three live posts sharing its tags. */
async function around(db: Db, live: () => SQL, post: PostRow) {
  const at = post.publishedAt ?? new Date(0);
  const nav = { slug: blogPosts.slug, title: blogPosts.title };
  const older = or(
    lt(blogPosts.publishedAt, at),
    and(eq(blogPosts.publishedAt, at), lt(blogPosts.id, post.id)),
  );
  const newer = or(
    gt(blogPosts.publishedAt, at),
    and(eq(blogPosts.publishedAt, at), gt(blogPosts.id, post.id)),
  );
  const tagArray = sql`array[${sql.join(
    post.tags.map((tag) => sql`${tag}`),
    sql`, `,
  )}]::text[]`;
  const shared = sql<number>`cardinality(array(select unnest(${blogPosts.tags}) intersect select unnest(${tagArray})))`;
  const [previous, next, related] = await Promise.all([
    db
      .select(nav)
      .from(blogPosts)
      .where(and(live(), older))
      .orderBy(sql`${blogPosts.publishedAt} desc nulls last`, desc(blogPosts.id))
      .limit(1),
    db
      .select(nav)
      .from(blogPosts)
      .where(and(live(), newer))
      .orderBy(asc(blogPosts.publishedAt), asc(blogPosts.id))
      .limit(1),
    post.tags.length === 0
      ? Promise.resolve([])
      : db
          .select(summaryColumns)
          .from(blogPosts)
          .where(and(live(), ne(blogPosts.id, post.id), sql`${blogPosts.tags} && ${tagArray}`))
          .orderBy(desc(shared), sql`${blogPosts.publishedAt} desc nulls last`, desc(blogPosts.id))
          .limit(3),
  ]);
  return {
    previous: previous[0] ?? null,
    next: next[0] ?? null,
    related: related.map((row) => ({ ...row, publishedAt: row.publishedAt?.toISOString() ?? null })),
  };
}

export function publicPosts({ db, now }: { db: Db; now: () => Date }) {
  const live = () => liveAt(now);

  /**
   * One post by slug as the post page shows it. A visitor sees it once it is live; the owner
   * (`owner`) sees a draft or a scheduled post too, and so does whoever holds its preview
   * link (`previewToken`). Null otherwise.
   */
  async function findPost(
    slug: string,
    access: { owner?: boolean; previewToken?: string } = {},
  ): Promise<BlogPost | null> {
    const [row] = await withAuthor(db).where(eq(blogPosts.slug, slug)).limit(1);
    if (!row) return null;
    const { post } = row;
    const status = statusOf(post, now());
    const allowed =
      status === 'published' ||
      access.owner === true ||
      (!!access.previewToken && !!post.previewToken && sameSecret(access.previewToken, post.previewToken));
    if (!allowed) return null;
    const [{ html, toc }, neighbours] = await Promise.all([
      rendered(db, post),
      status === 'published'
        ? around(db, live, post)
        : Promise.resolve({ previous: null, next: null, related: [] }),
    ]);
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
      authorName: bylineOf(row),
      isGuestPost: post.guestAuthor !== '',
      contentHtml: html,
      toc,
      metaDescription: post.metaDescription,
      canonicalUrl: post.canonicalUrl,
      status,
      ...neighbours,
    };
  }

  return {
    /** Every published post, newest first (posts without a date last): the sitemap and the static copy. */
    async listPublished(): Promise<BlogPostSummary[]> {
      const rows = await db
        .select(summaryColumns)
        .from(blogPosts)
        .where(live())
        .orderBy(sql`${blogPosts.publishedAt} desc nulls last`, desc(blogPosts.id));
      return rows.map((row) => ({ ...row, publishedAt: row.publishedAt?.toISOString() ?? null }));
    },

    /**
     * One page of published posts: newest first, or with `q` the posts that match it by
     * full-text search, best first, each with a snippet of the passage that matched. `tag`
     * keeps the posts carrying that tag. Total is the number of posts across all pages.
     */
    async listPage({
      limit,
      page,
      q,
      tag: asked,
    }: BlogListQuery): Promise<{ posts: BlogPostHit[]; total: number }> {
      const query = searchQuery(q);
      // 'next js' finds the posts tagged 'Next.js'.
      const tag = asked ? ((await canonicalTags(db, [asked]))[0] ?? asked) : '';
      if (q && !query) return { posts: [], total: 0 };
      const where = and(
        live(),
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
          and (${blogPosts.publishedAt} is null or ${blogPosts.publishedAt} <= ${now()})
        group by tag
        order by count(*) desc, tag`);
      return (result as unknown as { rows: { name: string; count: number }[] }).rows;
    },

    findPost,

    /** One live post by slug, or null: the public post page and its API. */
    async findPublishedBySlug(slug: string): Promise<BlogPost | null> {
      return findPost(slug);
    },

    /** A tag in the blog's own spelling (any spelling finds it), or null when no live post carries it. */
    async liveTag(asked: string): Promise<string | null> {
      const [tag] = await canonicalTags(db, [asked]);
      if (!tag) return null;
      const [row] = await db
        .select({ id: blogPosts.id })
        .from(blogPosts)
        .where(and(live(), sql`${blogPosts.tags} @> array[${tag}]::text[]`))
        .limit(1);
      return row ? tag : null;
    },

    /** The newest live posts with their HTML, for the feeds (a tag's feed: only its posts). */
    async listForFeed(limit: number, tag?: string) {
      const rows = await withAuthor(db)
        .where(and(live(), tag ? sql`${blogPosts.tags} @> array[${tag}]::text[]` : undefined))
        .orderBy(sql`${blogPosts.publishedAt} desc nulls last`, desc(blogPosts.id))
        .limit(limit);
      return Promise.all(
        rows.map(async (row) => {
          const { post } = row;
          return {
            slug: post.slug,
            title: post.title,
            summary: post.metaDescription || post.summary,
            coverImage: post.coverImage,
            tags: post.tags,
            publishedAt: post.publishedAt ?? post.createdAt,
            updatedAt: post.updatedAt,
            authorName: bylineOf(row),
            contentHtml: (await rendered(db, post)).html,
          };
        }),
      );
    },

    /** Id, title and slug of a published post, or null: comments may only attach to published posts. */
    async findPublishedById(id: number): Promise<{ id: number; title: string; slug: string } | null> {
      const [row] = await db
        .select({ id: blogPosts.id, title: blogPosts.title, slug: blogPosts.slug })
        .from(blogPosts)
        .where(and(eq(blogPosts.id, id), live()))
        .limit(1);
      return row ?? null;
    },
  };
}
