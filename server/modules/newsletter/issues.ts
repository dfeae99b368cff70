/**
 * What the list receives: a new post when it goes live (to those who chose every post), the
 * month's roundup (to those who chose monthly) and the owner's own issues (to everyone on the
 * list). Sending an issue is one INSERT … SELECT of its deliveries, so 10,000 readers are queued
 * in a few milliseconds; the sender (sender.ts) delivers them at the configured rate. An issue is
 * created once per post or month (a unique key), so restarts and other processes never queue it
 * twice; each delivery is unique per issue and reader, so nobody gets an issue twice.
 */
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { IssueDraftInput, IssueSummary, PublicIssue } from '../../../common/schemas/newsletter.ts';
import type { Page, PageQuery } from '../../../common/schemas/shared.ts';
import { slugify } from '../../../common/text.ts';
import { addDays, wallClock, zonedFormat, zonedInstant } from '../../../common/zoned-time.ts';
import type { Db } from '../../db/client.ts';
import { paged, withIsoDates } from '../../db/paging.ts';
import { blogPosts, newsletterDeliveries, newsletterIssues, newsletterSubscribers } from '../../db/schema.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { renderMarkdown } from '../../lib/markdown.ts';
import type { Site } from './email.tsx';
import type { EmailImages } from './email-images.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Audience = 'each' | 'monthly' | 'all';
type IssueRow = typeof newsletterIssues.$inferSelect;

/** A post is announced when it went live at most this long ago (a site down for a day still sends it). */
const ANNOUNCE_WINDOW_MS = 2 * 86_400_000;
/** A month's roundup goes out in the first week of the next month, or not at all. */
const ROUNDUP_DAYS = 7;

export interface IssueOptions {
  db: Db;
  site: Site;
  timeZone: string;
  now: () => Date;
  /** An issue was sent: its page, the archive and the sitemap change (the read and page caches). */
  onSent?: (issueId: number) => void;
}

const audienceOf = (kind: IssueRow['kind']): Audience =>
  kind === 'post' ? 'each' : kind === 'roundup' ? 'monthly' : 'all';

/** The body of a post's announcement: its cover (a photo, not a drawing email apps cannot show), summary and link. */
function postBody(
  post: { title: string; slug: string; summary: string; coverImage: string },
  siteUrl: string,
) {
  const url = `${siteUrl}/blog/${post.slug}`;
  const cover = post.coverImage && !post.coverImage.endsWith('.svg') ? `![](${post.coverImage})\n\n` : '';
  return `${cover}${post.summary}\n\n[Read “${post.title}” on the site](${url})`;
}

export function issueDesk({ db, site, timeZone, now, onSent = () => {} }: IssueOptions) {
  /**
   * When the list began to have readers (its first confirmation): a post that went live before
   * anyone was on the list is never announced; null while nobody is (nothing to announce to).
   */
  async function firstReaderAt(): Promise<Date | null> {
    const [row] = await db
      .select({ at: sql<string | null>`min(${newsletterSubscribers.confirmedAt})` })
      .from(newsletterSubscribers);
    return row?.at ? new Date(row.at) : null;
  }

  /** A slug no other issue has: the base, then base-2, base-3 … */
  async function freeSlug(reader: Pick<Db, 'select'>, base: string): Promise<string> {
    const stem = (base || 'issue').slice(0, 80);
    const taken = new Set(
      (
        await reader
          .select({ slug: newsletterIssues.slug })
          .from(newsletterIssues)
          .where(sql`${newsletterIssues.slug} = ${stem} or ${newsletterIssues.slug} like ${`${stem}-%`}`)
      ).map((row) => row.slug),
    );
    let slug = stem;
    for (let n = 2; taken.has(slug); n++) slug = `${stem}-${n}`;
    return slug;
  }

  /** Queues the issue for its audience; returns how many deliveries were added. */
  async function queue(tx: Tx, issueId: number, audience: Audience, confirmedBefore?: Date): Promise<number> {
    const cadence = audience === 'all' ? sql`` : sql`and cadence = ${audience}`;
    const before = confirmedBefore ? sql`and confirmed_at < ${confirmedBefore.toISOString()}` : sql``;
    const result = await tx.execute(sql`
      with added as (
        insert into ${newsletterDeliveries} (issue_id, subscriber_id)
        select ${issueId}, id from ${newsletterSubscribers}
        where status = 'confirmed' and bounces < 3 ${cadence} ${before}
        on conflict do nothing
        returning 1
      )
      select count(*)::int as n from added`);
    const n = (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
    await tx
      .update(newsletterIssues)
      .set({ recipients: sql`${newsletterIssues.recipients} + ${n}` })
      .where(eq(newsletterIssues.id, issueId));
    return n;
  }

  /** Creates a sent issue unless its slug or post has one already; queues it. Null when it existed. */
  async function createSent(
    values: Pick<IssueRow, 'slug' | 'kind' | 'subject' | 'body'> & { postId?: number },
    confirmedBefore?: Date,
  ): Promise<IssueRow | null> {
    return db
      .transaction(async (tx) => {
        const at = now();
        const [issue] = await tx
          .insert(newsletterIssues)
          .values({ ...values, status: 'sent', sentAt: at, createdAt: at, updatedAt: at })
          .onConflictDoNothing()
          .returning();
        if (!issue) return null;
        const recipients = await queue(tx, issue.id, audienceOf(issue.kind), confirmedBefore);
        return { ...issue, recipients };
      })
      .then((issue) => {
        if (issue) onSent(issue.id);
        return issue;
      });
  }

  return {
    /**
     * Announces every post that went live since the last look (a scheduled post when its time
     * comes), within the last two days and after the list's first reader: one issue per post,
     * ever. Returns the issues created.
     */
    async announceDue(): Promise<IssueRow[]> {
      const at = now();
      const first = await firstReaderAt();
      if (!first) return [];
      const from = new Date(Math.max(first.getTime(), at.getTime() - ANNOUNCE_WINDOW_MS));
      const posts = await db
        .select({
          id: blogPosts.id,
          slug: blogPosts.slug,
          title: blogPosts.title,
          summary: blogPosts.summary,
          coverImage: blogPosts.coverImage,
        })
        .from(blogPosts)
        .where(
          sql`${blogPosts.isPublished} and ${blogPosts.publishedAt} <= ${at.toISOString()}
            and ${blogPosts.publishedAt} > ${from.toISOString()}
            and not exists (select 1 from ${newsletterIssues} where ${newsletterIssues.postId} = ${blogPosts.id})`,
        )
        .orderBy(asc(blogPosts.publishedAt));
      const created: IssueRow[] = [];
      for (const post of posts) {
        const issue = await createSent({
          slug: await freeSlug(db, post.slug),
          kind: 'post',
          postId: post.id,
          subject: post.title,
          body: postBody(post, site.url),
        });
        if (issue) created.push(issue);
      }
      return created;
    },

    /**
     * In a month's first week, last month's roundup for those who chose monthly (and were on the
     * list by its end), when the month had posts. Returns it, or null.
     */
    async roundupDue(): Promise<IssueRow | null> {
      const today = wallClock(now(), timeZone).date;
      if (Number(today.slice(8, 10)) > ROUNDUP_DAYS) return null;
      const monthStart = `${today.slice(0, 7)}-01`;
      const previousStart = `${addDays(monthStart, -1).slice(0, 7)}-01`;
      const slug = `roundup-${previousStart.slice(0, 7)}`;
      const [existing] = await db
        .select({ id: newsletterIssues.id })
        .from(newsletterIssues)
        .where(eq(newsletterIssues.slug, slug));
      if (existing) return null;
      const start = zonedInstant(previousStart, 0, timeZone);
      const end = zonedInstant(monthStart, 0, timeZone);
      if (!start || !end) return null;
      const [{ readers } = { readers: 0 }] = await db
        .select({ readers: count() })
        .from(newsletterSubscribers)
        .where(
          sql`status = 'confirmed' and cadence = 'monthly' and bounces < 3 and confirmed_at < ${end.toISOString()}`,
        );
      if (readers === 0) return null;
      const posts = await db
        .select({ title: blogPosts.title, slug: blogPosts.slug, summary: blogPosts.summary })
        .from(blogPosts)
        .where(
          sql`${blogPosts.isPublished} and ${blogPosts.publishedAt} >= ${start.toISOString()} and ${blogPosts.publishedAt} < ${end.toISOString()}`,
        )
        .orderBy(asc(blogPosts.publishedAt));
      if (posts.length === 0) return null;
      const month = zonedFormat(timeZone, { month: 'long', year: 'numeric' }).format(start);
      const body = [
        `Here is what I wrote in ${month}:`,
        '',
        ...posts.map((post) => `- [${post.title}](${site.url}/blog/${post.slug}): ${post.summary}`),
      ].join('\n');
      return createSent({ slug, kind: 'roundup', subject: `${month} on the blog`, body }, end);
    },

    /** The owner's new issue, kept as a draft until it is sent. */
    async createDraft(input: IssueDraftInput): Promise<IssueRow> {
      const [row] = await db
        .insert(newsletterIssues)
        .values({
          slug: await freeSlug(db, slugify(input.subject)),
          kind: 'issue',
          subject: input.subject,
          body: input.body,
        })
        .returning();
      if (!row) throw new Error('issue not stored');
      return row;
    },

    /** Edits a draft; a sent issue is a 409 (its readers have it as it was). */
    async updateDraft(id: number, input: IssueDraftInput): Promise<IssueRow> {
      const [row] = await db
        .update(newsletterIssues)
        .set({ subject: input.subject, body: input.body, updatedAt: now() })
        .where(and(eq(newsletterIssues.id, id), eq(newsletterIssues.status, 'draft')))
        .returning();
      if (row) return row;
      await this.get(id);
      throw new HttpError(409, 'This issue was sent already');
    },

    async removeDraft(id: number): Promise<void> {
      const [row] = await db
        .delete(newsletterIssues)
        .where(and(eq(newsletterIssues.id, id), eq(newsletterIssues.status, 'draft')))
        .returning({ id: newsletterIssues.id });
      if (row) return;
      await this.get(id);
      throw new HttpError(409, 'This issue was sent already');
    },

    async get(id: number): Promise<IssueRow> {
      const [row] = await db.select().from(newsletterIssues).where(eq(newsletterIssues.id, id));
      if (!row) throw notFound('Issue not found');
      return row;
    },

    /** Sends the owner's draft to everyone on the list, once: a second press is a 409. */
    async send(id: number): Promise<IssueRow> {
      const sent = await db.transaction(async (tx) => {
        const at = now();
        const [row] = await tx
          .update(newsletterIssues)
          .set({ status: 'sent', sentAt: at, updatedAt: at })
          .where(and(eq(newsletterIssues.id, id), eq(newsletterIssues.status, 'draft')))
          .returning();
        if (!row) return null;
        const recipients = await queue(tx, row.id, 'all');
        return { ...row, recipients };
      });
      if (sent) {
        onSent(sent.id);
        return sent;
      }
      await this.get(id);
      throw new HttpError(409, 'This issue was sent already');
    },

    /** Every issue with its deliveries counted, newest first (the dashboard). */
    async summaries(limit = 50): Promise<IssueSummary[]> {
      // The outer row's id named with its table: inside the subquery a bare "id" is the delivery's.
      const counted = (status: string) =>
        sql<number>`(select count(*)::int from ${newsletterDeliveries} d where d.issue_id = newsletter_issues.id and d.status = ${status})`;
      const rows = await db
        .select({
          id: newsletterIssues.id,
          slug: newsletterIssues.slug,
          kind: newsletterIssues.kind,
          subject: newsletterIssues.subject,
          status: newsletterIssues.status,
          createdAt: newsletterIssues.createdAt,
          sentAt: newsletterIssues.sentAt,
          recipients: newsletterIssues.recipients,
          delivered: counted('sent'),
          waiting: counted('pending'),
          failed: counted('failed'),
          bounced: counted('bounced'),
        })
        .from(newsletterIssues)
        .orderBy(sql`${newsletterIssues.sentAt} desc nulls first`, desc(newsletterIssues.id))
        .limit(limit);
      return rows.map(withIsoDates);
    },

    /** The archive: sent issues, newest first. */
    async archive(query: PageQuery): Promise<Page<Omit<PublicIssue, 'html'>>> {
      const where = eq(newsletterIssues.status, 'sent');
      return paged(db, newsletterIssues, where, query, async (offset) => {
        const rows = await db
          .select({
            slug: newsletterIssues.slug,
            subject: newsletterIssues.subject,
            kind: newsletterIssues.kind,
            sentAt: newsletterIssues.sentAt,
          })
          .from(newsletterIssues)
          .where(where)
          .orderBy(desc(newsletterIssues.sentAt), desc(newsletterIssues.id))
          .limit(query.pageSize)
          .offset(offset);
        return rows.map((row) => ({ ...row, sentAt: (row.sentAt ?? new Date(0)).toISOString() }));
      });
    },

    /** The archive and every sent issue, for the sitemap. */
    async sitemapEntries(): Promise<{ path: string; lastModified: string | null }[]> {
      const rows = await db
        .select({ slug: newsletterIssues.slug, sentAt: newsletterIssues.sentAt })
        .from(newsletterIssues)
        .where(eq(newsletterIssues.status, 'sent'))
        .orderBy(desc(newsletterIssues.sentAt));
      return [
        { path: '/newsletter', lastModified: rows[0]?.sentAt?.toISOString() ?? null },
        ...rows.map((row) => ({
          path: `/newsletter/${row.slug}`,
          lastModified: row.sentAt?.toISOString() ?? null,
        })),
      ];
    },

    /** A sent issue's web page; a draft or unknown slug is a 404. */
    async published(slug: string): Promise<PublicIssue> {
      if (slug.length > 200) throw notFound('Issue not found');
      const [row] = await db
        .select()
        .from(newsletterIssues)
        .where(and(eq(newsletterIssues.slug, slug), eq(newsletterIssues.status, 'sent')));
      if (!row?.sentAt) throw notFound('Issue not found');
      return {
        slug: row.slug,
        subject: row.subject,
        kind: row.kind,
        html: await bodyHtml(row.body),
        sentAt: row.sentAt.toISOString(),
      };
    },
  };
}

/** An issue's Markdown as the sanitised HTML its email and its page show. */
export const bodyHtml = (markdown: string) => renderMarkdown(markdown);

/** The body as its email shows it: its images as JPEG or PNG any origin may load, sized (email-images.ts). */
export async function emailBodyHtml(markdown: string, site: Site, images: EmailImages | undefined) {
  const html = await bodyHtml(markdown);
  return images ? images.rewrite(html, site.url) : html;
}

export type IssueDesk = ReturnType<typeof issueDesk>;
