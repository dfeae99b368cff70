/**
 * The newsletter's archive on the site: the sent issues, newest first, each on its own page, and
 * their places in the sitemap.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { PublicIssue } from '../../../common/schemas/newsletter.ts';
import type { Page, PageQuery } from '../../../common/schemas/shared.ts';
import type { Db } from '../../db/client.ts';
import { newestPage, paged } from '../../db/paging.ts';
import { newsletterIssues } from '../../db/schema.ts';
import { notFound } from '../../lib/http-error.ts';
import { renderMarkdown } from '../../lib/markdown.ts';

/** An issue's Markdown as the sanitised HTML its email and its page show. */
export const bodyHtml = (markdown: string) => renderMarkdown(markdown);

export function issueArchive(db: Db) {
  return {
    /** The archive: sent issues, newest first. */
    async archive(query: PageQuery): Promise<Page<Omit<PublicIssue, 'html'>>> {
      const where = eq(newsletterIssues.status, 'sent');
      return paged(db, newsletterIssues, where, query, async (offset) => {
        const rows = await newestPage(
          db
            .select({
              slug: newsletterIssues.slug,
              subject: newsletterIssues.subject,
              kind: newsletterIssues.kind,
              sentAt: newsletterIssues.sentAt,
            })
            .from(newsletterIssues)
            .where(where)
            .$dynamic(),
          [newsletterIssues.sentAt, newsletterIssues.id],
          query,
          offset,
        );
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
