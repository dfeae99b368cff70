/**
 * Daily roll-ups of page views (tables analytics_daily and analytics_daily_visitors): what the
 * Admin Dashboard reads instead of counting raw views, so its 30-day summary costs the same at a
 * million views as at ten. Each view adds one to `views` in its four buckets (total, path,
 * referrer, device) and one to `visitors` where its visitor hash is new in the bucket that day;
 * each goal reached does the same in its 'goal' bucket.
 */
import { lt, type SQL, sql } from 'drizzle-orm';
import { DESKTOP_MIN_WIDTH, TABLET_MIN_WIDTH } from '../../../common/constants.ts';
import type { Db } from '../../db/client.ts';
import { analyticsDailyVisitors, analyticsVisits, goalEvents, pageViews } from '../../db/schema.ts';
import type { PageView } from './page-view.ts';

export type Device = 'Mobile' | 'Tablet' | 'Desktop' | 'Unknown';

export function deviceOf(width: number | null | undefined): Device {
  if (width === null || width === undefined) return 'Unknown';
  if (width < TABLET_MIN_WIDTH) return 'Mobile';
  return width < DESKTOP_MIN_WIDTH ? 'Tablet' : 'Desktop';
}

/** The buckets a view counts in. */
export function bucketsOf(view: PageView): [dimension: string, value: string][] {
  return [
    ['total', ''],
    ['path', view.path],
    ...(view.referrerHost ? [['referrer', view.referrerHost] as [string, string]] : []),
    ['device', deviceOf(view.screenWidth)],
  ];
}

/**
 * One statement: remember the visitor in each bucket, then count the view and any new visitor;
 * `more` are the buckets of the visit's source, on the visitor's first view of the day (and the
 * post read); all of them are counted again under each of the view's `segments` (filters.ts).
 */
export function rollUpView(
  day: string,
  view: PageView,
  visitorHash: string,
  more: Bucket[] = [],
  segments: Bucket[] = [],
): SQL {
  return rollUp(day, underSegments([...bucketsOf(view), ...more], segments), visitorHash);
}

export type Bucket = [dimension: string, value: string];

/**
 * The dimension of a bucket counted under one segment (issue 48, point 5): `path|country=US` is
 * the pages viewed by visits from the US, `goal|page=/pricing` the goals reached on /pricing. A
 * filtered report reads the same figures under its segment's names, by the (dimension, day) index.
 */
export const segmented = (dimension: string, segment?: { dimension: string; value: string } | null) =>
  segment ? `${dimension}|${segment.dimension}=${segment.value}` : dimension;

/** The buckets, and each of them again under each segment. */
export function underSegments(buckets: Bucket[], segments: Bucket[]): Bucket[] {
  return [
    ...buckets,
    ...segments.flatMap(([dimension, value]) =>
      buckets.map(([of, what]): Bucket => [segmented(of, { dimension, value }), what]),
    ),
  ];
}

/** A visit's source as the buckets it counts in (issue 48): one per source dimension it has. */
export function sourceBuckets(visit: {
  channel: string;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  landing: string;
  device: string;
  country: string;
}): Bucket[] {
  const buckets: Bucket[] = [
    ['channel', visit.channel],
    ['landing', visit.landing],
    ['country', visit.country],
    ['visit_device', visit.device],
  ];
  if (visit.utmSource) buckets.push(['utm_source', visit.utmSource]);
  if (visit.utmMedium) buckets.push(['utm_medium', visit.utmMedium]);
  if (visit.utmCampaign) buckets.push(['utm_campaign', visit.utmCampaign]);
  return buckets;
}

/**
 * A goal reached counts in its own bucket ('goal', its id): `views` are its completions,
 * `visitors` the day's distinct visitors who reached it. With the visit's source known, it also
 * counts under each of its values (`goal:<dimension>`: completions, and visitors who reached any
 * goal). Quote requests by source are the pipeline's (the visit cookie counts them with or
 * without JavaScript), so they need no bucket here. All of these count again under each of the
 * goal's `segments` (the visit's source, the page it was reached on); and under its own segment
 * (`goal=<id>`) the report of those who reached it: its completions a day, the page, the visit's
 * source and device.
 */
export function rollUpGoal(
  day: string,
  goal: string,
  visitorHash: string,
  source: Bucket[] = [],
  segments: Bucket[] = [],
  path: string | null = null,
): SQL {
  const bySource = source.map(([dimension, value]): Bucket => [`goal:${dimension}`, value]);
  const counted: Bucket[] = [['goal', goal], ...bySource];
  const ofThoseWhoReachedIt: Bucket[] = [
    ['total', ''],
    ['goal', goal],
    ...(path ? [['path', path] as Bucket] : []),
    ...source,
    ...source
      .filter(([dimension]) => dimension === 'visit_device')
      .map(([, value]): Bucket => ['device', value]),
    ...bySource,
  ];
  return rollUp(
    day,
    [
      ...underSegments(counted, segments),
      ...ofThoseWhoReachedIt.map(
        ([dimension, value]): Bucket => [segmented(dimension, { dimension: 'goal', value: goal }), value],
      ),
    ],
    visitorHash,
  );
}

/**
 * A funnel's roll-up dimension: `funnel:<id>` over all visits, `funnel:<id>|<dimension>=<value>`
 * over one source's (the step's number is the value), so the report of one source reads its few
 * rows by the (dimension, day) index, whatever the number of sources.
 */
export function funnelDimension(
  funnel: string,
  source?: { dimension: string; value: string } | null,
): string {
  return segmented(`funnel:${funnel}`, source);
}

/**
 * Steps of funnels a visit just went through (issue 48, point 2), each counted once in its
 * funnel's bucket and under each value of the visit's source: a visit passes a step once, so its
 * views and visitors are the same count.
 */
export function rollUpFunnelSteps(
  day: string,
  reached: [funnel: string, step: number][],
  source: Bucket[],
): SQL {
  const rows = reached.flatMap(([funnel, step]) =>
    [
      funnelDimension(funnel),
      ...source.map(([dimension, value]) => funnelDimension(funnel, { dimension, value })),
    ].map((dimension) => sql`(${day}::date, ${dimension}::text, ${String(step)}::text, 1, 1)`),
  );
  return sql`
    insert into analytics_daily (day, dimension, value, views, visitors)
    values ${sql.join(rows, sql`, `)}
    on conflict (day, dimension, value) do update
      set views = analytics_daily.views + 1, visitors = analytics_daily.visitors + 1`;
}

function rollUp(day: string, all: Bucket[], visitorHash: string): SQL {
  // Each bucket once: a statement may not update the same row twice.
  const buckets = [...new Map(all.map((bucket) => [bucket.join('\u0000'), bucket])).values()];
  const rows = sql.join(
    buckets.map(([dimension, value]) => sql`(${dimension}::text, ${value}::text)`),
    sql`, `,
  );
  return sql`
    with buckets(dimension, value) as (values ${rows}),
    fresh as (
      insert into analytics_daily_visitors (day, dimension, value, visitor_hash)
      select ${day}::date, dimension, value, ${visitorHash} from buckets
      on conflict do nothing
      returning dimension, value
    )
    insert into analytics_daily (day, dimension, value, views, visitors)
    select ${day}::date, b.dimension, b.value, 1, case when f.dimension is null then 0 else 1 end
    from buckets b left join fresh f on f.dimension = b.dimension and f.value = b.value
    on conflict (day, dimension, value) do update
      set views = analytics_daily.views + 1, visitors = analytics_daily.visitors + excluded.visitors`;
}

/**
 * Deletes what is no longer needed: the visitor sets of past days (a hash never returns after
 * its day's salt is gone) and, with a retention, raw views and goals older than that many days
 * (the roll-ups keep their counts).
 */
export async function sweep(db: Db, today: string, rawRetentionDays: number, now: Date) {
  await db.delete(analyticsDailyVisitors).where(lt(analyticsDailyVisitors.day, today));
  await db.delete(analyticsVisits).where(lt(analyticsVisits.day, today));
  if (rawRetentionDays > 0) {
    const cutoff = new Date(now.getTime() - rawRetentionDays * 86_400_000);
    await db.delete(pageViews).where(lt(pageViews.createdAt, cutoff));
    await db.delete(goalEvents).where(lt(goalEvents.createdAt, cutoff));
  }
  // The planner's figures of the tables that grow with every view: the embedded database has no
  // autovacuum to keep them, and without them "right now" (views of the last 5 minutes, a bound
  // it cannot size) reads every raw view instead of its index (125 ms at a million views).
  await db.execute(sql`analyze page_views, goal_events, analytics_daily, analytics_visits`);
}

/**
 * Computes the roll-ups again from the raw views and goals (what migration 0006 did for the views recorded
 * before roll-ups existed); the benchmarks use it after filling page_views directly.
 */
export async function rebuildRollups(db: Db): Promise<void> {
  const device =
    sql.raw(`case when screen_width is null then 'Unknown' when screen_width < ${TABLET_MIN_WIDTH} then 'Mobile'
      when screen_width < ${DESKTOP_MIN_WIDTH} then 'Tablet' else 'Desktop' end`);
  // Only what the raw rows hold: a visit's source is kept for its day alone, so its buckets stay.
  await db.execute(
    sql`delete from analytics_daily where dimension in ('total', 'path', 'referrer', 'device', 'goal')`,
  );
  await db.execute(sql`
    insert into analytics_daily (day, dimension, value, views, visitors)
    select day, dimension, value, count(*)::int, count(distinct visitor_hash)::int
    from (
      select (created_at at time zone 'UTC')::date as day, visitor_hash, b.dimension, b.value
      from page_views,
      lateral (values ('total', ''), ('path', path), ('referrer', referrer), ('device', ${device})) as b(dimension, value)
      where b.value is not null
    ) as v
    group by day, dimension, value`);
  await db.execute(sql`
    insert into analytics_daily (day, dimension, value, views, visitors)
    select (created_at at time zone 'UTC')::date, 'goal', goal, count(*)::int, count(distinct visitor_hash)::int
    from goal_events
    group by 1, goal`);
}
