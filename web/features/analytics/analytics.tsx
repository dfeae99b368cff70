import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { Credit } from '../../../common/channels.ts';
import { DESKTOP_MIN_WIDTH, TABLET_MIN_WIDTH } from '../../../common/constants.ts';
import { goalLabel } from '../../../common/goals.ts';
import type { AdminAnalytics } from '../../../common/schemas/analytics.ts';
import { dayLabel } from '../../lib/dates.ts';
import { DataTable, labelColumn } from '../../ui/data-table.tsx';
import { LoadState } from '../../ui/load-state.tsx';
import { Figure, Panel } from '../admin/panel.tsx';
import { creditOf, sourceOf, useAnalytics } from './api.ts';
import { CsvLink } from './csv-link.tsx';
import { compared, percent } from './figures.ts';
import { filterStatus, ReportFilter } from './filter.tsx';
import { Funnels } from './funnels.tsx';
import { AnalyticsHeadline } from './headline.tsx';
import { AnalyticsSettingsForm } from './settings-form.tsx';
import { SharesPanel } from './shares.tsx';
import { CreditChoice, SourcesTables, timeToWonText } from './sources.tsx';

export const ANALYTICS_DAYS = 30;
const CHART = { width: 720, height: 240, left: 52, right: 12, top: 12, bottom: 34 } as const;
/**
 * The chart's labels: in the drawing's own units, which a phone shows at under half their size, so
 * they are twice as large there (they were about 4 px at 390 px).
 */
const CHART_LABEL = 'fill-muted-foreground text-[11px] max-sm:text-[22px]';

/** A round, even upper bound for the y axis (2, 4, 10, 20, 40, 100 ...), so the middle line is a whole number. */
export function niceMax(value: number): number {
  if (value <= 2) return 2;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 4, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

function DailyChart({ days, csv }: { days: AdminAnalytics['days']; csv: ReactNode }) {
  const max = niceMax(Math.max(...days.map((d) => d.views), 1));
  const plotWidth = CHART.width - CHART.left - CHART.right;
  const plotHeight = CHART.height - CHART.top - CHART.bottom;
  const slot = plotWidth / days.length;
  const y = (value: number) => CHART.top + plotHeight - (value / max) * plotHeight;
  const x = (index: number) => CHART.left + index * slot + slot / 2;
  const visitorsLine = days
    .map((d, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(d.visitors).toFixed(1)}`)
    .join(' ');
  const totalViews = days.reduce((sum, d) => sum + d.views, 0);
  const busiest = days.reduce(
    (best, d) => (d.views > best.views ? d : best),
    days[0] ?? { date: '', views: 0, visitors: 0 },
  );
  const first = days[0];
  const last = days.at(-1);
  const summary =
    first && last
      ? `Page views and visitors per day from ${dayLabel(first.date)} to ${dayLabel(last.date)}: ${totalViews} page views in all${
          busiest.views > 0 ? `, most on ${dayLabel(busiest.date)} (${busiest.views})` : ''
        }.`
      : 'No days to show.';

  return (
    <figure className="mt-4">
      <svg
        viewBox={`0 0 ${CHART.width} ${CHART.height}`}
        role="img"
        aria-label={summary}
        className="h-auto w-full"
      >
        {[0, 0.5, 1].map((share) => (
          <g key={share}>
            <line
              x1={CHART.left}
              x2={CHART.width - CHART.right}
              y1={y(max * share)}
              y2={y(max * share)}
              className="stroke-border"
              strokeDasharray={share === 0 ? undefined : '4 4'}
            />
            <text x={CHART.left - 6} y={y(max * share) + 4} textAnchor="end" className={CHART_LABEL}>
              {Math.round(max * share)}
            </text>
          </g>
        ))}
        {days.map((d, i) => (
          <rect
            key={d.date}
            x={x(i) - slot * 0.35}
            width={slot * 0.7}
            y={y(d.views)}
            height={Math.max(0, CHART.top + plotHeight - y(d.views))}
            rx={2}
            className="fill-primary/70"
          >
            <title>{`${dayLabel(d.date)}: ${d.views} page views, ${d.visitors} visitors`}</title>
          </rect>
        ))}
        <path d={visitorsLine} fill="none" strokeWidth={2} className="stroke-foreground" />
        {days.map((d, i) =>
          // Every fifth day, and the last, which ends at the chart's edge (it ran past it) with
          // room before it (a fifth day just before it is left out).
          (i % 5 === days.length % 5 && days.length - 1 - i >= 5) || i === days.length - 1 ? (
            <text
              key={d.date}
              x={i === days.length - 1 ? CHART.width - CHART.right : x(i)}
              y={CHART.height - 8}
              textAnchor={i === days.length - 1 ? 'end' : 'middle'}
              className={CHART_LABEL}
            >
              {dayLabel(d.date)}
            </text>
          ) : null,
        )}
      </svg>
      <figcaption className="mt-2 flex flex-wrap gap-4 text-sm text-muted-foreground">
        <span className="inline-flex items-center gap-2">
          <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm bg-primary/70" /> Page views
        </span>
        <span className="inline-flex items-center gap-2">
          <span aria-hidden="true" className="inline-block h-0.5 w-4 bg-foreground" /> Visitors
        </span>
      </figcaption>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium">Show the figures per day</summary>
        <FiguresTable
          caption="Page views and visitors per day"
          head="Day"
          rows={days.map(({ date, ...counts }) => ({ label: dayLabel(date), ...counts }))}
        />
        {csv}
      </details>
    </figure>
  );
}

function FiguresTable({
  caption,
  head,
  rows,
  share,
  empty,
}: {
  caption: string;
  head: string;
  /** One row per label (labels are unique). */
  rows: Array<{ label: string; views: number; visitors: number }>;
  /** The total the bars of the Views column are drawn against. */
  share?: number | undefined;
  /** What to say instead of an empty table. */
  empty?: string;
}) {
  if (rows.length === 0 && empty) return <p className="mt-3 text-muted-foreground">{empty}</p>;
  return (
    <DataTable
      caption={caption}
      className="mt-2"
      compact
      rows={rows}
      rowKey={(row) => row.label}
      columns={[
        labelColumn<{ label: string; views: number; visitors: number }>(head, {
          // A page's whole address, broken where it must (it was cut in a half-width panel at 1280 px).
          className: 'font-normal [overflow-wrap:anywhere]',
          cell: (row) => (
            <>
              {row.label}
              {share ? (
                <span
                  aria-hidden="true"
                  className="mt-1 block h-1 rounded bg-primary/60"
                  style={{ width: `${(row.views / share) * 100}%` }}
                />
              ) : null}
            </>
          ),
        }),
        { key: 'views', header: 'Views', numeric: true, cell: (row) => row.views },
        { key: 'visitors', header: 'Visitors', numeric: true, cell: (row) => row.visitors },
      ]}
    />
  );
}

type GoalRow = AdminAnalytics['goals'][number] & { label: string };

/** Each goal, reached or not: how often, by how many visitors, and their share of the period's. */
function GoalsTable({ goals }: { goals: AdminAnalytics['goals'] }) {
  return (
    <DataTable
      caption="Goals reached"
      className="mt-2"
      compact
      rows={goals.map((row): GoalRow => ({ ...row, label: goalLabel(row.goal) }))}
      rowKey={(row) => row.goal}
      columns={[
        labelColumn<GoalRow>('Goal', { className: 'font-normal' }),
        { key: 'completions', header: 'Reached', numeric: true, cell: (row) => row.completions },
        { key: 'visitors', header: 'Visitors', numeric: true, cell: (row) => row.visitors },
        { key: 'rate', header: 'Rate', numeric: true, cell: (row) => percent(row.rate) },
      ]}
    />
  );
}

export function Analytics() {
  const [params] = useSearchParams();
  const source = sourceOf(params);
  const credit = creditOf(params);
  const { data, error, isLoading } = useAnalytics(ANALYTICS_DAYS, source, credit);
  if (!data) {
    const failed = 'Could not load the analytics. Please try again later.';
    return <LoadState pending={isLoading} error={error} loading="Loading analytics" failed={failed} />;
  }
  return (
    <div className="space-y-6">
      <AnalyticsReport report={data} owner={{ source, credit, settings: data.settings }} />
      <SharesPanel />
    </div>
  );
}

/**
 * The report's parts that are there: the whole of it for the owner (with the settings, the funnels'
 * forms and the CSV links), or what a read-only link chose (`owner` null: nothing to change).
 */
export function AnalyticsReport({
  report: data,
  owner,
  days = ANALYTICS_DAYS,
}: {
  report: Partial<AdminAnalytics>;
  owner: { source: string; credit: Credit; settings: AdminAnalytics['settings'] } | null;
  days?: number;
}) {
  const none = `Nothing recorded in the last ${days} days.`;
  const csv = (report: string, label: string) =>
    owner ? (
      <CsvLink days={days} report={report} label={label} source={owner.source} credit={owner.credit} />
    ) : null;
  return (
    <div className="space-y-6">
      <AnalyticsHeadline report={data} days={days} />
      {owner && (
        <Panel small headingId="analytics-filter" title="Filter">
          <p className="mt-1 text-sm text-muted-foreground">
            Every figure below for all visitors, for the visits of one source (a channel, a campaign, a
            landing page, a country, a device), for one page, or for those who reached one goal.
          </p>
          <ReportFilter report={data} source={owner.source} credit={owner.credit} />
          {data.filter && (
            <p role="status" className="mt-2 text-sm">
              {filterStatus(data.filter)}
            </p>
          )}
        </Panel>
      )}
      {data.days && data.totals && data.previous && data.rightNow !== undefined && (
        <Panel small headingId="analytics-daily" title={`Last ${days} days`}>
          <p className="mt-1 text-sm text-muted-foreground">
            Counted on this site without cookies; visitors are counted per day by an anonymous daily hash,
            never an IP.
          </p>
          {owner && <AnalyticsSettingsForm settings={owner.settings} />}
          <dl className="mt-4 grid grid-cols-2 gap-4 sm:max-w-2xl sm:grid-cols-3">
            <Figure
              label="Page views"
              value={data.totals.views}
              note={compared(data.totals.views, data.previous.views, days)}
            />
            <Figure
              label="Visitors"
              value={data.totals.visitors}
              note={compared(data.totals.visitors, data.previous.visitors, days)}
            />
            <Figure label="Right now" value={data.rightNow} note="visitors in the last 5 minutes" />
          </dl>
          <DailyChart days={data.days} csv={csv('days', 'the figures per day')} />
        </Panel>
      )}
      {data.topPages && data.topReferrers && (
        <div className="grid gap-6 md:grid-cols-2">
          <Panel small headingId="analytics-pages" title="Top pages">
            <FiguresTable
              caption="Most viewed pages"
              head="Page"
              empty={none}
              share={data.topPages[0]?.views}
              rows={data.topPages.map(({ path, ...counts }) => ({ label: path, ...counts }))}
            />
            {csv('pages', 'the pages')}
          </Panel>
          <Panel small headingId="analytics-referrers" title="Top referrers">
            <FiguresTable
              caption="Sites that sent visitors"
              head="Site"
              empty={`No visits from other sites in the last ${days} days.`}
              share={data.topReferrers[0]?.views}
              rows={data.topReferrers.map(({ referrer, ...counts }) => ({ label: referrer, ...counts }))}
            />
            {csv('referrers', 'the referrers')}
          </Panel>
        </div>
      )}
      {data.goals && (
        <Panel small headingId="analytics-goals" title="Goals">
          <p className="mt-1 text-sm text-muted-foreground">
            Counted by the server when a form is stored, and when a visitor follows a link to GitHub, LinkedIn
            or a live demo, with or without the page's code. Reached counts each time; the rate is the share
            of the period's visitors who reached the goal.
          </p>
          <GoalsTable goals={data.goals} />
          {csv('goals', 'the goals')}
        </Panel>
      )}
      {data.funnels && (
        <Panel small headingId="analytics-funnels" title="Funnels">
          <p className="mt-1 text-sm text-muted-foreground">
            The visitors (each day&apos;s, with the page&apos;s code) at each step, taken in order; Won is the
            pipeline&apos;s count of the period&apos;s quote requests it marks won.
          </p>
          <Funnels
            funnels={data.funnels}
            owner={owner ? { source: owner.source } : null}
            days={days}
            percent={percent}
          />
        </Panel>
      )}
      {data.sources && (
        <Panel small headingId="analytics-sources" title="Sources">
          <p className="mt-1 text-sm text-muted-foreground">
            Where visitors came from (their first page of the day, with JavaScript): each source&apos;s
            visitors, the goals they reached and the share who reached one, beside the quote requests from
            that source and what they were won for, credited to{' '}
            {data.credit === 'last'
              ? 'the visit that sent the request (last touch)'
              : 'the first visit the pipeline knows of the same email (first touch)'}
            .
          </p>
          {data.timeToWon && <p className="mt-2 text-sm">{timeToWonText(data.timeToWon, days)}</p>}
          {owner && <CreditChoice source={owner.source} credit={owner.credit} />}
          <SourcesTables
            sources={data.sources}
            days={days}
            percent={percent}
            csv={owner ? { source: owner.source, credit: owner.credit } : null}
          />
        </Panel>
      )}
      {data.devices && data.totals && (
        <Panel small headingId="analytics-devices" title="Devices">
          <p className="mt-1 text-sm text-muted-foreground">
            By screen width: mobile under {TABLET_MIN_WIDTH} px, tablet under {DESKTOP_MIN_WIDTH} px, desktop
            wider.
          </p>
          <FiguresTable
            caption="Page views by device"
            head="Device"
            empty={none}
            share={data.totals.views}
            rows={data.devices.map(({ device, ...counts }) => ({ label: device, ...counts }))}
          />
          {csv('devices', 'the devices')}
        </Panel>
      )}
    </div>
  );
}
