/**
 * The analytics' headline (issue 65): the four figures an owner looks for first, above the report's
 * long tables: the period's visitors, the share who reached a goal, the pipeline's won value and the
 * source that brought the most. Read from the report's own parts (the channel table of the Sources),
 * so a read-only link shows what its parts allow and nothing more.
 */
import { dollars } from '../../../common/money.ts';
import type { AdminAnalytics } from '../../../common/schemas/analytics.ts';
import { Panel } from '../admin/panel.tsx';
import { compared, percent } from './figures.ts';

export interface Headline {
  visitors: { count: number; before: number } | null;
  /** Visitors who reached any goal, of the visitors of the channel table. */
  conversion: { rate: number; converted: number } | null;
  /** The pipeline's won value of the period (null: the report has no pipeline figures). */
  wonValueUsd: number | null;
  /** The channel with the most won value, else the most visitors who reached a goal, else the most visitors. */
  best: { channel: string; because: string } | null;
}

/** '1 visitor', '3 visitors'. */
const visitorCount = (count: number) => `${count} ${count === 1 ? 'visitor' : 'visitors'}`;

export function headlineOf(report: Partial<AdminAnalytics>, days = 30): Headline {
  // The channel table (empty when nothing was counted); null when the report has no Sources part.
  const rows = report.sources
    ? (report.sources.find((table) => table.dimension === 'channel')?.rows ?? [])
    : null;
  const sum = (pick: (row: NonNullable<typeof rows>[number]) => number | null) =>
    (rows ?? []).reduce((total, row) => total + (pick(row) ?? 0), 0);
  const channelVisitors = sum((row) => row.visitors);
  const converted = sum((row) => row.converted);
  const won = rows ? sum((row) => row.wonValueUsd) : null;
  const most = (pick: (row: NonNullable<typeof rows>[number]) => number) =>
    (rows ?? []).reduce<NonNullable<typeof rows>[number] | null>(
      (leader, row) => (pick(row) > 0 && (!leader || pick(row) > pick(leader)) ? row : leader),
      null,
    );
  const byValue = most((row) => row.wonValueUsd ?? 0);
  const byGoals = most((row) => row.converted);
  const byVisitors = most((row) => row.visitors);
  const best = byValue
    ? { channel: byValue.value, because: `${dollars.format(byValue.wonValueUsd ?? 0)} won` }
    : byGoals
      ? { channel: byGoals.value, because: `${visitorCount(byGoals.converted)} reached a goal` }
      : byVisitors
        ? { channel: byVisitors.value, because: visitorCount(byVisitors.visitors) }
        : rows
          ? { channel: '\u2013', because: `no visits in these ${days} days` }
          : null;
  return {
    visitors:
      report.totals && report.previous
        ? { count: report.totals.visitors, before: report.previous.visitors }
        : null,
    conversion: rows ? { rate: channelVisitors > 0 ? converted / channelVisitors : 0, converted } : null,
    wonValueUsd: won,
    best,
  };
}

/** The headline's figures, each only when the report has what it is read from. */
export function AnalyticsHeadline({ report, days }: { report: Partial<AdminAnalytics>; days: number }) {
  const { visitors, conversion, wonValueUsd, best } = headlineOf(report, days);
  if (!visitors && !conversion && wonValueUsd === null && !best) return null;
  return (
    <Panel small headingId="analytics-headline" title="At a glance">
      <dl className="mt-4 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {visitors && (
          <Figure label="Visitors" value={String(visitors.count)}>
            {compared(visitors.count, visitors.before, days)}
          </Figure>
        )}
        {conversion && (
          <Figure label="Reached a goal" value={percent(conversion.rate)}>
            {visitorCount(conversion.converted)}
          </Figure>
        )}
        {wonValueUsd !== null && (
          <Figure label="Won value" value={dollars.format(wonValueUsd)}>
            from the pipeline's deals won
          </Figure>
        )}
        {best && (
          <Figure label="Best source" value={best.channel}>
            {best.because}
          </Figure>
        )}
      </dl>
    </Panel>
  );
}

function Figure({ label, value, children }: { label: string; value: string; children: string }) {
  return (
    <div className="min-w-0 rounded-md border border-border p-3">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="truncate text-2xl font-bold tabular-nums sm:text-3xl">{value}</dd>
      <dd className="mt-1 text-xs text-muted-foreground">{children}</dd>
    </div>
  );
}
