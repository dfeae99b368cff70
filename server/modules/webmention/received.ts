/**
 * Webmentions received (3.2): checked at once (addresses, a live post of this site, how many wait)
 * and answered 202; the source read afterwards through the address guard, the mention kept,
 * brought up to date or removed.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Webmention } from '../../../common/schemas/webmention.ts';
import { webmentions } from '../../db/schema.ts';
import { lease, MAX_ATTEMPTS, retryDelayMs } from '../../lib/job-queue.ts';
import type { RemotePages } from '../../lib/outbound.ts';
import { forgetMentions, inBatches, ROUND, type WebmentionDeps } from './context.ts';
import { describe, linksTo } from './page.ts';

/** How long a claimed check is held before another process may take it. */
const CHECK_LEASE_MS = 2 * 60 * 1000;
const ACCEPT_SOURCE = 'text/html, application/xhtml+xml;q=0.9, text/plain;q=0.8, */*;q=0.1';

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

export function receivedMentions({ db, cache, blog, pages, siteUrl }: WebmentionDeps) {
  const origin = new URL(siteUrl).origin;
  const changed = (postIds: number[]) => forgetMentions(cache, postIds);

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
  };
}
