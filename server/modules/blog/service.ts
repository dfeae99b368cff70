import { and, asc, count, desc, eq, gt, isNull, like, lt, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { BlogListQuery, BlogPost, BlogPostHit, BlogPostSummary } from '../../../common/schemas/blog.ts';
import { profile } from '../../../content/profile.ts';
import type { Db } from '../../db/client.ts';
import { blogPosts, postRedirects, users } from '../../db/schema.ts';
import { RENDER_VERSION, renderPost } from '../../lib/markdown.ts';
import type { ReadCache } from '../../lib/read-cache.ts';
import type { PublishedPost, SiteEvents } from '../../lib/site-events.ts';
import {
  HEADLINE_OPTIONS,
  MARKDOWN_MARKS,
  type PostRow,
  sameSecret,
  searchQuery,
  statusOf,
  summaryColumns,
} from './post-rows.ts';
import { ownerPostMethods, publishedPost } from './post-writer.ts';
import { canonicalTags } from './tags.ts';

/** Cache keys of the public blog reads; every post write invalidates this prefix. */
export const BLOG_CACHE_PREFIX = 'blog:';

export interface BlogServiceOptions {
  /** The clock deciding which scheduled posts are live (tests move it). */
  now?: () => Date;
  /** Told of each post edited or deleted (its comments are read afresh). */
  events?: Pick<SiteEvents, 'emit'>;
  /** The cover a post written without one gets (a generated image's address), as the form's hint promises. */
  coverFor?: (title: string, tags: string[]) => Promise<string>;
}

export function createBlogService(
  db: Db,
  cache: Pick<ReadCache, 'invalidate'>,
  { now = () => new Date(), events, coverFor }: BlogServiceOptions = {},
) {
  /** Scheduled posts live before this time were told as published (or were live when the service began). */
  let livePostsSeenUntil = now();
  /** The posts a write here made live since the last publishDue (told by the write itself). */
  const toldByWrite = new Set<number>();
  const writeEvents: Pick<SiteEvents, 'emit'> | undefined = events && {
    emit: (...args) => {
      const [name, post] = args as unknown as [string, PublishedPost];
      if (name === 'post-published') toldByWrite.add(post.id);
      events.emit(...args);
    },
  };
  /** The old addresses of imported posts (post_redirects), read when first asked for. */
  let oldAddresses: Promise<Map<string, number>> | null = null;
  const invalidatePosts = () => {
    oldAddresses = null;
    return cache.invalidate(BLOG_CACHE_PREFIX);
  };

  /** Posts with their author's account, to be narrowed with .where(). */
  const withAuthor = () =>
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

  /** Published posts whose time has come: what visitors, feeds and the sitemap see. */
  const live = () =>
    and(
      eq(blogPosts.isPublished, true),
      or(isNull(blogPosts.publishedAt), lte(blogPosts.publishedAt, now())),
    ) as SQL;

  /** The stored render of a post, redone (and kept) when an older renderer made it. */
  async function rendered(row: PostRow): Promise<{ html: string; toc: PostRow['toc'] }> {
    if (row.renderVersion === RENDER_VERSION) return { html: row.contentHtml, toc: row.toc };
    const { html, toc } = await renderPost(row.content);
    // Kept only if the content is still what was rendered (an edit may have raced this read).
    await db
      .update(blogPosts)
      .set({ contentHtml: html, toc, renderVersion: RENDER_VERSION })
      .where(and(eq(blogPosts.id, row.id), eq(blogPosts.content, row.content)));
    return { html, toc };
  }

  const renderedColumns = async (content: string) => {
    const { html, toc } = await renderPost(content);
    return { contentHtml: html, toc, renderVersion: RENDER_VERSION };
  };

  /** The published neighbours of a live post, and up to three live posts sharing its tags. */
  async function around(post: PostRow) {
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

    /**
     * One post by slug as the post page shows it. A visitor sees it once it is live; the owner
     * (`owner`) sees a draft or a scheduled post too, and so does whoever holds its preview
     * link (`previewToken`). Null otherwise.
     */
    async findPost(
      slug: string,
      access: { owner?: boolean; previewToken?: string } = {},
    ): Promise<BlogPost | null> {
      const [row] = await withAuthor().where(eq(blogPosts.slug, slug)).limit(1);
      if (!row) return null;
      const { post } = row;
      const status = statusOf(post, now());
      const allowed =
        status === 'published' ||
        access.owner === true ||
        (!!access.previewToken && !!post.previewToken && sameSecret(access.previewToken, post.previewToken));
      if (!allowed) return null;
      const [{ html, toc }, neighbours] = await Promise.all([
        rendered(post),
        status === 'published' ? around(post) : Promise.resolve({ previous: null, next: null, related: [] }),
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
    },

    /** One live post by slug, or null: the public post page and its API. */
    async findPublishedBySlug(slug: string): Promise<BlogPost | null> {
      return this.findPost(slug);
    },

    /** Reads the old addresses again when next asked (a change here or in another process). */
    forgetOldAddresses() {
      oldAddresses = null;
    },

    /**
     * The slug of the live post an old address (from an import) leads to, or null. Every page no
     * route has asks, so the addresses are kept in memory (read again after a change) and only a
     * known one costs a query.
     */
    async movedTo(path: string): Promise<string | null> {
      oldAddresses ??= db
        .select({ path: postRedirects.path, postId: postRedirects.postId })
        .from(postRedirects)
        .then((rows) => new Map(rows.map((row) => [row.path, row.postId])));
      const postId = (await oldAddresses).get(path);
      if (postId === undefined) return null;
      const [row] = await db
        .select({ slug: blogPosts.slug })
        .from(blogPosts)
        .where(and(eq(blogPosts.id, postId), live()))
        .limit(1);
      return row?.slug ?? null;
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
      const rows = await withAuthor()
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
            contentHtml: (await rendered(post)).html,
          };
        }),
      );
    },

    /** When the next scheduled post goes live, or null when none waits. */
    async nextScheduledAt(): Promise<Date | null> {
      const [row] = await db
        .select({ at: blogPosts.publishedAt })
        .from(blogPosts)
        .where(and(eq(blogPosts.isPublished, true), gt(blogPosts.publishedAt, now())))
        .orderBy(asc(blogPosts.publishedAt))
        .limit(1);
      return row?.at ?? null;
    },

    /**
     * Scheduled posts whose time has come are now live: every public read is made afresh, and each
     * post that went live since the last call (or since this service began) is told as 'post-published'.
     */
    async publishDue(): Promise<void> {
      const at = now();
      const since = livePostsSeenUntil;
      livePostsSeenUntil = at;
      invalidatePosts();
      if (!events) return;
      const gone = await db
        .select({
          id: blogPosts.id,
          slug: blogPosts.slug,
          title: blogPosts.title,
          publishedAt: blogPosts.publishedAt,
        })
        .from(blogPosts)
        .where(
          and(
            eq(blogPosts.isPublished, true),
            gt(blogPosts.publishedAt, since),
            lte(blogPosts.publishedAt, at),
          ),
        )
        .orderBy(asc(blogPosts.publishedAt));
      // A post a write here made live was told then.
      const told = new Set(toldByWrite);
      toldByWrite.clear();
      for (const post of gone) if (!told.has(post.id)) events.emit('post-published', publishedPost(post));
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

    // --- the owner's operations -------------------------------------------------
    ...ownerPostMethods({
      db,
      now,
      events: writeEvents,
      coverFor,
      invalidatePosts,
      renderedColumns,
      uniqueSlug,
    }),
  };
}

export type BlogService = ReturnType<typeof createBlogService>;
