/**
 * What the quote requests say about where business comes from (issue 48): the requests by their
 * source, with what was won, and the time from a first visit to a deal won.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Credit, LeadsBySource } from '../../../common/channels.ts';
import type { Db } from '../../db/client.ts';
import { quoteRequests } from '../../db/schema.ts';

export function leadReports(db: Db) {
  return {
    /**
     * Quote requests since `since` by where they came from (issue 48): their source's referring
     * site, campaign, landing page (without its query), posts and projects read (the last one
     * apart) and country, with how many were won and for how much. The source is the first touch
     * (the earliest request or sign-up of the same email, see touches.ts) unless `credit` is
     * 'last' (the request's own visit); `by: 'won'`, the requests won since then instead (the
     * weekly digest's deals of the week, whenever they were asked for).
     * The analytics section sets these beside the visitors of the same source.
     */
    async leadsBySource(
      since: Date,
      by: 'asked' | 'won' = 'asked',
      credit: Credit = 'first',
    ): Promise<LeadsBySource[]> {
      const touch =
        credit === 'last'
          ? sql`${quoteRequests.leadSource}`
          : sql`coalesce(${quoteRequests.firstTouch}, ${quoteRequests.leadSource})`;
      const field = (key: string) => sql<string | null>`nullif(${touch}->>${key}, '')`;
      const won = sql`${quoteRequests.stage} = 'won'`;
      const rows = await db
        .select({
          referrer: field('referrer'),
          utmSource: field('utmSource'),
          utmMedium: field('utmMedium'),
          utmCampaign: field('utmCampaign'),
          landing: sql<string | null>`nullif(split_part(${touch}->>'landingPage', '?', 1), '')`,
          lastRead: field('lastRead'),
          reads: sql<string[] | null>`${touch}->'reads'`,
          country: field('country'),
          quotes: sql<number>`count(*)::int`,
          won: sql<number>`count(*) filter (where ${won})::int`,
          wonValue: sql<number>`coalesce(sum(${quoteRequests.valueUsd}) filter (where ${won}), 0)::int`,
        })
        .from(quoteRequests)
        .where(
          by === 'won'
            ? and(eq(quoteRequests.stage, 'won'), gte(quoteRequests.decidedAt, since))
            : gte(quoteRequests.createdAt, since),
        )
        .groupBy(sql`1, 2, 3, 4, 5, 6, 7, 8`);
      return rows.map((row) => ({
        ...row,
        reads: Array.isArray(row.reads) ? row.reads.filter((read) => typeof read === 'string') : [],
      }));
    },

    /**
     * The time from first visit to won (issue 48, point 4) of the deals won since `since`: their
     * number and the median, in days, from when the first touch's visit began to the decision.
     */
    async timeToWon(since: Date): Promise<{ deals: number; medianDays: number | null }> {
      const began = sql`coalesce(
        (coalesce(${quoteRequests.firstTouch}, ${quoteRequests.leadSource})->>'startedAt')::timestamptz,
        ${quoteRequests.createdAt})`;
      const [row] = await db
        .select({
          deals: sql<number>`count(*)::int`,
          medianDays: sql<
            number | null
          >`(percentile_cont(0.5) within group (order by extract(epoch from ${quoteRequests.decidedAt} - ${began})) / 86400)::float8`,
        })
        .from(quoteRequests)
        .where(and(eq(quoteRequests.stage, 'won'), gte(quoteRequests.decidedAt, since)));
      return {
        deals: row?.deals ?? 0,
        medianDays:
          row?.medianDays === null || row?.medianDays === undefined ? null : Math.max(0, row.medianDays),
      };
    },
  };
}
