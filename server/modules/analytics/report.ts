/**
 * The owner's report (issue 21, issue 48): page views and visitors per UTC day, the top pages,
 * referrers and values of each source, devices, goals and funnels, read from the daily roll-ups
 * (a few rows per day), never from the raw views; and who is on the site right now.
 */
import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { type Credit, type LeadsBySource, SOURCE_DIMENSIONS } from '../../../common/channels.ts';
import { GOAL_IDS, isGoal } from '../../../common/goals.ts';
import type { AdminAnalytics, AnalyticsSettings } from '../../../common/schemas/analytics.ts';
import type { Db } from '../../db/client.ts';
import { analyticsDaily, analyticsVisits, goalEvents, pageViews } from '../../db/schema.ts';
import { holdsSecret } from '../../lib/private-addresses.ts';
import type { funnelStore } from './funnel-store.ts';
import { segmented } from './rollups.ts';
import { isVisitFilter, leadsOf, type SourceFilter, sourcesReport, VISIT_COLUMNS } from './sources-report.ts';

const TOP_LIST_LENGTH = 10;
/** "Right now": visitors with a view in the last 5 minutes. */
const RIGHT_NOW_MS = 5 * 60 * 1000;
const DAY_MS = 86_400_000;

export function reporter(
  db: Db,
  {
    now,
    settings,
    funnels: { funnelsReport },
    leads,
    timeToWon,
  }: {
    now: () => Date;
    settings: () => Promise<AnalyticsSettings>;
    funnels: ReturnType<typeof funnelStore>;
    leads: (since: Date, credit: Credit) => Promise<LeadsBySource[]>;
    timeToWon: (since: Date) => Promise<AdminAnalytics['timeToWon']>;
  },
) {
  /** Visitors with a page view in the last 5 minutes: of the filter's source, on its page, or who reached its goal today. */
  function visitorsRightNow(filter: SourceFilter | null) {
    const at = now();
    const recent = gte(pageViews.createdAt, new Date(at.getTime() - RIGHT_NOW_MS));
    const count = db.select({ visitors: sql<number>`count(distinct ${pageViews.visitorHash})::int` });
    if (!filter) return count.from(pageViews).where(recent);
    if (filter.dimension === 'page')
      return count.from(pageViews).where(and(recent, eq(pageViews.path, filter.value)));
    const day = at.toISOString().slice(0, 10);
    if (filter.dimension === 'goal') {
      const reached = db
        .select({ visitorHash: goalEvents.visitorHash })
        .from(goalEvents)
        .where(
          and(eq(goalEvents.goal, filter.value), gte(goalEvents.createdAt, new Date(`${day}T00:00:00.000Z`))),
        );
      return count.from(pageViews).where(and(recent, inArray(pageViews.visitorHash, reached)));
    }
    const column = VISIT_COLUMNS[filter.dimension];
    return count
      .from(pageViews)
      .innerJoin(
        analyticsVisits,
        and(eq(analyticsVisits.day, day), eq(analyticsVisits.visitorHash, pageViews.visitorHash)),
      )
      .where(and(recent, eq(analyticsVisits[column], filter.value)));
  }

  return {
    /**
     * The owner's report: page views and visitors per UTC day for the last `days` days, the top
     * `length` pages, referrers and values of each source (10 on the page, more in a CSV), and
     * devices, read from the daily roll-ups (a few rows per day), never from the raw views.
     */
    async report(
      days: number,
      filter: SourceFilter | null = null,
      length = TOP_LIST_LENGTH,
      credit: Credit = 'first',
    ): Promise<AdminAnalytics> {
      const today = new Date(`${now().toISOString().slice(0, 10)}T00:00:00.000Z`);
      const since = new Date(today.getTime() - (days - 1) * DAY_MS).toISOString().slice(0, 10);
      // Under a filter, every figure is read under its segment's names (rollups.ts, `segmented`).
      const named = (dimension: string) => segmented(dimension, filter);
      const inRange = (dimension: string) =>
        and(eq(analyticsDaily.dimension, named(dimension)), gte(analyticsDaily.day, since));
      const views = sql<number>`sum(${analyticsDaily.views})::int`;
      const visitors = sql<number>`sum(${analyticsDaily.visitors})::int`;
      const top = (dimension: string, limit?: number) => {
        const query = db
          .select({ value: analyticsDaily.value, views, visitors })
          .from(analyticsDaily)
          .where(inRange(dimension))
          .groupBy(analyticsDaily.value)
          .orderBy(desc(views), analyticsDaily.value);
        return limit ? query.limit(limit) : query;
      };
      const sourceDimensions: string[] = SOURCE_DIMENSIONS.flatMap(({ id }) => [
        named(id),
        named(`goal:${id}`),
      ]);
      const leadsOfPeriod = leads(new Date(`${since}T00:00:00.000Z`), credit);
      const before = new Date(today.getTime() - (2 * days - 1) * DAY_MS).toISOString().slice(0, 10);
      const [
        perDay,
        topPages,
        topReferrers,
        devices,
        goals,
        chosen,
        sourceRows,
        leadRows,
        funnelRows,
        [previous],
        [rightNow],
        wonTiming,
      ] = await Promise.all([
        db
          .select({
            date: analyticsDaily.day,
            views: analyticsDaily.views,
            visitors: analyticsDaily.visitors,
          })
          .from(analyticsDaily)
          .where(inRange('total')),
        top('path', length),
        top('referrer', length),
        top('device'),
        top('goal'),
        settings(),
        db
          .select({ dimension: analyticsDaily.dimension, value: analyticsDaily.value, views, visitors })
          .from(analyticsDaily)
          .where(and(inArray(analyticsDaily.dimension, sourceDimensions), gte(analyticsDaily.day, since)))
          .groupBy(analyticsDaily.dimension, analyticsDaily.value),
        leadsOfPeriod,
        funnelsReport(since, isVisitFilter(filter) ? filter : null, leadsOfPeriod),
        db
          .select({
            views: sql<number>`coalesce(sum(${analyticsDaily.views}), 0)::int`,
            visitors: sql<number>`coalesce(sum(${analyticsDaily.visitors}), 0)::int`,
          })
          .from(analyticsDaily)
          .where(
            and(
              eq(analyticsDaily.dimension, named('total')),
              gte(analyticsDaily.day, before),
              lt(analyticsDaily.day, since),
            ),
          ),
        visitorsRightNow(filter),
        timeToWon(new Date(`${since}T00:00:00.000Z`)),
      ]);
      const counted = new Map(perDay.map((row) => [row.date, row]));
      const dayList = Array.from({ length: days }, (_, i) => {
        const date = new Date(today.getTime() - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10);
        const row = counted.get(date);
        return { date, views: row?.views ?? 0, visitors: row?.visitors ?? 0 };
      });
      const totals = dayList.reduce(
        (sum, day) => ({ views: sum.views + day.views, visitors: sum.visitors + day.visitors }),
        { views: 0, visitors: 0 },
      );
      const reached = new Map(goals.filter((row) => isGoal(row.value)).map((row) => [row.value, row]));
      return {
        days: dayList,
        totals,
        previous: previous ?? { views: 0, visitors: 0 },
        rightNow: rightNow?.visitors ?? 0,
        settings: chosen,
        // A private address counted before the analytics left them out is never shown (its secret).
        sources: sourcesReport(
          sourceRows.filter((row) => !holdsSecret(row.value)),
          leadsOf(leadRows, filter),
          length,
        ),
        funnels: funnelRows,
        credit,
        timeToWon: wonTiming,
        filter,
        // Every goal, reached or not, in the order the owner knows them; the rate is of the
        // period's visitors (each day's distinct visitors, summed, as the totals count them).
        goals: GOAL_IDS.map((goal) => {
          const row = reached.get(goal);
          const visitors = row?.visitors ?? 0;
          return {
            goal,
            completions: row?.views ?? 0,
            visitors,
            rate: totals.visitors > 0 ? Math.min(1, visitors / totals.visitors) : 0,
          };
        }),
        topPages: topPages
          .filter((row) => !holdsSecret(row.value))
          .map(({ value, ...counts }) => ({ path: value, ...counts })),
        topReferrers: topReferrers.map(({ value, ...counts }) => ({ referrer: value, ...counts })),
        devices: devices.map(({ value, ...counts }) => ({
          device: value as AdminAnalytics['devices'][number]['device'],
          ...counts,
        })),
      };
    },
  };
}
