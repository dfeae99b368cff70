/**
 * The issues the list gets by itself: a new post when it goes live (to those who chose every
 * post) and the month's roundup (to those who chose monthly), each created once.
 */
import { asc, count, eq, sql } from 'drizzle-orm';
import { addDays, wallClock, zonedFormat, zonedInstant } from '../../../common/zoned-time.ts';
import { blogPosts, newsletterIssues, newsletterSubscribers } from '../../db/schema.ts';
import type { IssueOptions, IssueRow, IssueWriting } from './issue-writing.ts';

/** A post is announced when it went live at most this long ago (a site down for a day still sends it). */
const ANNOUNCE_WINDOW_MS = 2 * 86_400_000;
/** A month's roundup goes out in the first week of the next month, or not at all. */
const ROUNDUP_DAYS = 7;

/** The body of a post's announcement: its cover (a photo, not a drawing email apps cannot show), summary and link. */
function postBody(
  post: { title: string; slug: string; summary: string; coverImage: string },
  siteUrl: string,
) {
  const url = `${siteUrl}/blog/${post.slug}`;
  const cover = post.coverImage && !post.coverImage.endsWith('.svg') ? `![](${post.coverImage})\n\n` : '';
  return `${cover}${post.summary}\n\n[Read “${post.title}” on the site](${url})`;
}

export function automaticIssues(
  { db, site, timeZone, now }: IssueOptions,
  { freeSlug, createSent }: IssueWriting,
) {
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
  };
}
