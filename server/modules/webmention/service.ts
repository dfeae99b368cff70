/**
 * Webmention (issue 47, point 7; W3C Recommendation, 2017), both ways.
 *
 * Received: another site says its page (`source`) links to a post (`target`). The request is
 * checked at once (addresses, a live post of this site) and answered 202; the source is read
 * afterwards (`checkDue`, 3.2.2), through the importer's address guard: a mention is kept only while
 * its page links to the post, waits for the owner (`pending`) and shows under the post once
 * approved. The same mention sent again is read again: still linking, it stays (an approved one
 * stays approved, its title brought up to date); gone (404, 410) or no longer linking, it goes.
 *
 * Sent: when a post goes live (or a live post is edited), each page on another site it links to is
 * queued once (`webmention_sends`); `sendDue` discovers each target's endpoint (3.1.2) and posts
 * `source` and `target` to it. Only from a site with a public address (PUBLIC_URL): the receiver
 * reads the source there.
 */

import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { postPath } from '../../../common/blog-paths.ts';
import {
  type OwnerMention,
  type PublicMention,
  publicMentionSchema,
  type Webmention,
} from '../../../common/schemas/webmention.ts';
import type { Db } from '../../db/client.ts';
import { blogPosts, webmentionSends, webmentions } from '../../db/schema.ts';
import { jobQueue, lease, MAX_ATTEMPTS, retryDelayMs } from '../../lib/job-queue.ts';
import type { RemotePages } from '../../lib/outbound.ts';
import type { ReadCache } from '../../lib/read-cache.ts';
import type { BlogService } from '../blog/service.ts';
import { describe, endpointOf, linksIn, linksTo } from './page.ts';

/** How many of a post's links are sent a mention at most (a list of links is not a conversation). */
const MAX_TARGETS = 50;
/** Sends and checks a round takes, and how many of them at once. */
const ROUND = 20;
const AT_ONCE = 4;
/** How long a claimed check is held before another process may take it. */
const CHECK_LEASE_MS = 2 * 60 * 1000;
/** The most mentions the owner's list shows (newest first). */
const LISTED = 500;
const ACCEPT_SOURCE = 'text/html, application/xhtml+xml;q=0.9, text/plain;q=0.8, */*;q=0.1';

export const mentionsCacheKey = (postId: number) => `webmentions:${postId}`;

export interface WebmentionDeps {
  db: Db;
  cache: ReadCache;
  blog: BlogService;
  pages: RemotePages;
  /** The site's address (PUBLIC_URL, or its local default): a target must be one of its posts. */
  siteUrl: string;
  /** Mentions are sent only from a public address (PUBLIC_URL). */
  sends: boolean;
}

export type Received = { ok: true; id: number } | { ok: false; status: 400 | 429; message: string };

/**
 * How many mentions may wait (to be read, or for the owner) from one site, and on one post: a
 * thousand sent from a thousand addresses are not a thousand pages to read and rows to review
 * (issue 62, point 5). A mention sent again is not a new one.
 */
export const MAX_WAITING_PER_SITE = 10;
/**
 * A stored source's site as `URL.hostname` names it: after any user name and before any port, so
 * `http://a@site.example:81/` and `https://site.example/` are one site.
 */
const SOURCE_HOST = '^[a-z]+://(?:[^/?#@]*@)?(\\[[^]]*\\]|[^/?#:]+)';
export const MAX_WAITING_PER_POST = 50;
export const TOO_MANY_FROM_SITE = 'Too many mentions from this site are waiting to be read; try again later';
export const TOO_MANY_ON_POST = 'Too many mentions of this post are waiting to be read; try again later';

/** A post's address on this site (`/blog/<slug>`, at the site's or the request's origin): its slug. */
function slugOf(target: URL, origins: string[]): string | null {
  if (!origins.includes(target.origin)) return null;
  const match = /^\/blog\/([^/]+)\/?$/.exec(target.pathname);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

export function createWebmentions({ db, cache, blog, pages, siteUrl, sends }: WebmentionDeps) {
  const origin = new URL(siteUrl).origin;
  const queue = jobQueue(db, webmentionSends);
  const changed = (postIds: number[]) => {
    if (postIds.length > 0) cache.invalidate(...postIds.map(mentionsCacheKey));
  };

  /** Reads one mention's source and keeps, updates or removes the mention (3.2.2). */
  async function check(row: {
    id: number;
    postId: number;
    source: string;
    target: string;
    attempts: number;
  }) {
    const remove = async () => {
      const [gone] = await db
        .delete(webmentions)
        .where(eq(webmentions.id, row.id))
        .returning({ status: webmentions.status });
      if (gone?.status === 'approved') changed([row.postId]);
    };
    let page: Awaited<ReturnType<RemotePages['get']>>;
    try {
      page = await pages.get(row.source, ACCEPT_SOURCE);
    } catch {
      // Refused (not a public address, too large) or unreachable: tried again, then dropped.
      return retryOrDrop(row);
    }
    if (page.status === 404 || page.status === 410) return remove();
    if (page.status < 200 || page.status >= 300) return retryOrDrop(row);
    const type = String(page.headers['content-type'] ?? 'text/html');
    if (!linksTo({ url: page.url, type, text: page.text }, new URL(row.target))) return remove();
    const { title, author } = /^text\/html|^application\/xhtml\+xml/i.test(type)
      ? describe(page.text)
      : { title: '', author: '' };
    const [kept] = await db
      .update(webmentions)
      .set({
        status: sql`case when ${webmentions.status} = 'checking' then 'pending' else ${webmentions.status} end`,
        title,
        author,
        attempts: 0,
        verifiedAt: sql`now()`,
      })
      .where(eq(webmentions.id, row.id))
      .returning({ status: webmentions.status });
    if (kept?.status === 'approved') changed([row.postId]);
  }

  /** A source that could not be read: read again later; one never read is dropped after the last try. */
  async function retryOrDrop(row: { id: number; attempts: number }) {
    const attempts = row.attempts + 1;
    if (attempts >= MAX_ATTEMPTS) {
      await db.delete(webmentions).where(and(eq(webmentions.id, row.id), eq(webmentions.status, 'checking')));
      await db
        .update(webmentions)
        .set({ attempts: 0, verifiedAt: sql`now()` })
        .where(eq(webmentions.id, row.id));
      return;
    }
    await db
      .update(webmentions)
      .set({ attempts, checkAfter: sql`now() + ${`${retryDelayMs(attempts)} milliseconds`}::interval` })
      .where(eq(webmentions.id, row.id));
  }

  /** One mention sent: its target's endpoint found, then told (3.1). */
  async function send(row: { id: number; target: string; attempts: number; slug: string | null }) {
    const attempts = row.attempts + 1;
    // The post was taken down since: nothing to say of it.
    if (!row.slug) return queue.sent(row.id, attempts);
    try {
      const target = await pages.get(row.target, 'text/html');
      const html = target.status >= 200 && target.status < 300 ? target.text : '';
      const endpoint = endpointOf({ url: target.url, linkHeader: target.headers.link, html });
      if (!endpoint) {
        await queue.sent(row.id, attempts);
        return;
      }
      const source = new URL(postPath(row.slug), siteUrl).href;
      const status = await pages.postForm(endpoint.href, { source, target: row.target });
      await db.update(webmentionSends).set({ endpoint: endpoint.href }).where(eq(webmentionSends.id, row.id));
      if (status >= 200 && status < 300) return queue.sent(row.id, attempts);
      const error = new Error(`the endpoint answered ${status}`);
      // A refusal (4xx but for "too many") is not asked again.
      const final = status >= 400 && status < 500 && status !== 429;
      await queue.failed(row.id, final ? Math.max(attempts, MAX_ATTEMPTS) : attempts, error);
    } catch (error) {
      await queue.failed(row.id, attempts, error);
    }
  }

  const inBatches = async <T>(rows: T[], work: (row: T) => Promise<unknown>) => {
    for (let at = 0; at < rows.length; at += AT_ONCE)
      await Promise.all(rows.slice(at, at + AT_ONCE).map(work));
  };

  return {
    /**
     * A Webmention received: kept to be checked when its target is a live post of this site;
     * `requestOrigin` is the address the request came to (a site without PUBLIC_URL).
     */
    async receive({ source, target }: Webmention, requestOrigin: string): Promise<Received> {
      const targetUrl = new URL(target);
      const slug = slugOf(targetUrl, [origin, requestOrigin]);
      const post = slug ? await blog.findPublishedBySlug(slug) : null;
      if (!post) return { ok: false, status: 400, message: 'The target is not a post on this site' };
      const sourceUrl = new URL(source);
      if (sourceUrl.origin === targetUrl.origin && sourceUrl.pathname === targetUrl.pathname)
        return { ok: false, status: 400, message: 'The source and the target must be different pages' };
      const [waiting] = (
        (await db.execute(sql`
          select
            count(*) filter (where post_id = ${post.id})::int as "onPost",
            count(*) filter (where substring(source from ${SOURCE_HOST}) = ${sourceUrl.hostname})::int as "fromSite",
            count(*) filter (where source = ${sourceUrl.href} and post_id = ${post.id})::int as "again"
          from ${webmentions} where status <> 'approved'`)) as unknown as {
          rows: { onPost: number; fromSite: number; again: number }[];
        }
      ).rows;
      if (waiting && waiting.again === 0) {
        if (waiting.fromSite >= MAX_WAITING_PER_SITE)
          return { ok: false, status: 429, message: TOO_MANY_FROM_SITE };
        if (waiting.onPost >= MAX_WAITING_PER_POST)
          return { ok: false, status: 429, message: TOO_MANY_ON_POST };
      }
      const [row] = await db
        .insert(webmentions)
        .values({ postId: post.id, source: sourceUrl.href, target: targetUrl.href })
        .onConflictDoUpdate({
          target: [webmentions.source, webmentions.postId],
          set: { target: targetUrl.href, checkAfter: sql`now()`, attempts: 0, receivedAt: sql`now()` },
        })
        .returning({ id: webmentions.id });
      return { ok: true, id: row?.id ?? 0 };
    },

    /** Reads the sources of the mentions due (new, sent again, or a failed read's time come): true when there may be more. */
    async checkDue(): Promise<boolean> {
      const rows = await lease<Parameters<typeof check>[0]>(db, {
        table: webmentions,
        key: webmentions.id,
        until: webmentions.checkAfter,
        due: sql`check_after <= clock_timestamp() and (verified_at is null or verified_at < received_at)`,
        order: sql`check_after, id`,
        limit: ROUND,
        leaseMs: CHECK_LEASE_MS,
        returning: sql`id, post_id as "postId", source, target, attempts`,
      });
      await inBatches(rows, check);
      return rows.length === ROUND;
    },

    /** Whether any mention waits to be read. */
    async checksDue(): Promise<boolean> {
      const result = await db.execute(sql`
        select 1 from ${webmentions}
        where check_after <= now() and (verified_at is null or verified_at < received_at) limit 1`);
      return (result as unknown as { rows: unknown[] }).rows.length > 0;
    },

    /**
     * Queues a mention of each page on another site that a live post links to, once per page:
     * the number queued (none from a site without a public address).
     */
    async queueFor(postId: number): Promise<number> {
      if (!sends) return 0;
      const live = await blog.findPublishedById(postId);
      const post = live ? await blog.findPublishedBySlug(live.slug) : null;
      if (!post) return 0;
      const base = new URL(postPath(post.slug), siteUrl);
      const targets = [
        ...new Set(
          linksIn(post.contentHtml, base)
            .filter((url) => url.origin !== origin)
            .map((url) => {
              url.hash = '';
              return url.href;
            }),
        ),
      ].slice(0, MAX_TARGETS);
      if (targets.length === 0) return 0;
      const queued = await db
        .insert(webmentionSends)
        .values(targets.map((target) => ({ postId, target })))
        .onConflictDoNothing()
        .returning({ id: webmentionSends.id });
      return queued.length;
    },

    /** Sends the mentions due: true when there may be more at once. */
    async sendDue(): Promise<boolean> {
      const rows = await queue.claim<{ id: number; target: string; attempts: number; slug: string | null }>(
        ROUND,
        sql`${webmentionSends.id}, ${webmentionSends.target}, ${webmentionSends.attempts}, (select ${blogPosts.slug} from ${blogPosts} where ${blogPosts.id} = ${webmentionSends.postId} and ${blogPosts.isPublished} and (${blogPosts.publishedAt} is null or ${blogPosts.publishedAt} <= now())) as slug`,
      );
      await inBatches(rows, send);
      return rows.length === ROUND;
    },

    /** Whether any mention waits to be sent. */
    sendsDue: (): Promise<boolean> => queue.due(),

    /** A live post's approved mentions, oldest first, as cached JSON; null for no such post. */
    publicList(postId: number): Promise<string | null> {
      return cache.json(mentionsCacheKey(postId), publicMentionSchema.array(), async () => {
        if (!(await blog.findPublishedById(postId))) return null;
        const rows = await db
          .select()
          .from(webmentions)
          .where(and(eq(webmentions.postId, postId), eq(webmentions.status, 'approved')))
          .orderBy(webmentions.receivedAt, webmentions.id);
        return rows.map(toPublic);
      });
    },

    /** The owner's list: checked mentions, waiting or shown, newest first. */
    async ownerList(): Promise<OwnerMention[]> {
      const rows = await db
        .select({
          mention: webmentions,
          post: { id: blogPosts.id, title: blogPosts.title, slug: blogPosts.slug },
        })
        .from(webmentions)
        .innerJoin(blogPosts, eq(blogPosts.id, webmentions.postId))
        .where(inArray(webmentions.status, ['pending', 'approved']))
        .orderBy(desc(webmentions.receivedAt), desc(webmentions.id))
        .limit(LISTED);
      return rows.map(({ mention, post }) => ({
        ...toPublic(mention),
        status: mention.status === 'approved' ? 'approved' : 'pending',
        post,
      }));
    },

    /** Shows a checked mention under its post; false when there is none waiting or shown. */
    async approve(id: number): Promise<boolean> {
      const [row] = await db
        .update(webmentions)
        .set({ status: 'approved' })
        .where(and(eq(webmentions.id, id), inArray(webmentions.status, ['pending', 'approved'])))
        .returning({ postId: webmentions.postId });
      if (row) changed([row.postId]);
      return Boolean(row);
    },

    /** Takes a mention away; false when there was none. */
    async remove(id: number): Promise<boolean> {
      const [row] = await db
        .delete(webmentions)
        .where(eq(webmentions.id, id))
        .returning({ postId: webmentions.postId, status: webmentions.status });
      if (row?.status === 'approved') changed([row.postId]);
      return Boolean(row);
    },
  };
}

const toPublic = (row: typeof webmentions.$inferSelect): PublicMention => {
  const source = new URL(row.source);
  return {
    id: row.id,
    source: row.source,
    title: row.title,
    author: row.author,
    site: source.host,
    receivedAt: row.receivedAt.toISOString(),
  };
};

export type Webmentions = ReturnType<typeof createWebmentions>;
