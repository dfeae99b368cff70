/**
 * The blog: put together from what visitors read (public-posts.ts) and what the owner writes
 * (post-writer.ts); here the old addresses of imported posts, the scheduled posts going live and
 * the one cache prefix every write clears.
 */
import { and, asc, eq, gt, like, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appMeta, blogPosts, postRedirects } from '../../db/schema.ts';
import { RENDER_VERSION, renderPost } from '../../lib/markdown.ts';
import type { ReadCache } from '../../lib/read-cache.ts';
import type { PublishedPost, SiteEvents } from '../../lib/site-events.ts';
import { ownerPostMethods, POST_GONE, publishedPost } from './post-writer.ts';
import { liveAt, publicPosts } from './public-posts.ts';
import { tagMovedTo } from './tags.ts';

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
  /** The old addresses of posts (post_redirects) and those of posts deleted, read when first asked for. */
  let oldAddresses: Promise<{ moved: Map<string, number>; gone: Set<string> }> | null = null;
  const invalidatePosts = () => {
    oldAddresses = null;
    return cache.invalidate(BLOG_CACHE_PREFIX);
  };

  /** Published posts whose time has come: what visitors, feeds and the sitemap see. */
  const live = () => liveAt(now);

  const renderedColumns = async (content: string) => {
    const { html, toc } = await renderPost(content);
    return { contentHtml: html, toc, renderVersion: RENDER_VERSION };
  };

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

  /** The old and the gone addresses: every page no route has asks, so they are kept in memory. */
  const knownAddresses = () => {
    oldAddresses ??= Promise.all([
      db.select({ path: postRedirects.path, postId: postRedirects.postId }).from(postRedirects),
      db
        .select({ key: appMeta.key })
        .from(appMeta)
        .where(like(appMeta.key, `${POST_GONE}%`)),
    ]).then(([moved, gone]) => ({
      moved: new Map(moved.map((row) => [row.path, row.postId])),
      gone: new Set(gone.map((row) => row.key.slice(POST_GONE.length))),
    }));
    return oldAddresses;
  };

  const reads = publicPosts({ db, now });
  return {
    ...reads,

    /** Reads the old addresses again when next asked (a change here or in another process). */
    forgetOldAddresses() {
      oldAddresses = null;
    },

    /**
     * The slug of the live post an old address (from an import, or one it had here before its
     * slug changed) leads to, or null. Every page no
     * route has asks, so the addresses are kept in memory (read again after a change) and only a
     * known one costs a query.
     */
    async movedTo(path: string): Promise<string | null> {
      const postId = (await knownAddresses()).moved.get(path);
      if (postId === undefined) return null;
      const [row] = await db
        .select({ slug: blogPosts.slug })
        .from(blogPosts)
        .where(and(eq(blogPosts.id, postId), live()))
        .limit(1);
      return row?.slug ?? null;
    },

    /** Whether a post that had been out was at this address, and was deleted since. */
    async removedFrom(path: string): Promise<boolean> {
      return (await knownAddresses()).gone.has(path);
    },

    /** The tag an old tag's address leads to (renamed or merged since) while a live post carries it, or null. */
    async tagMovedTo(asked: string): Promise<string | null> {
      const tag = await tagMovedTo(db, asked);
      return tag ? reads.liveTag(tag) : null;
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
