/**
 * The Sources report (issue 48, point 3): for each way of telling visits apart (channel, campaign
 * source, medium and name, landing page, device), each value's visitors, the goals they reached
 * and the rate, beside the pipeline's quote requests, won deals and won value from the same source
 * ("spring: 420 visitors, 6 requests, 1.4 %, 2 won, $12,000"). Each table is a disclosure, open
 * or shut without the page's code; a table wider than a phone scrolls sideways within its frame.
 */
import { type Credit, SOURCE_DIMENSIONS, sourceValueLabel } from '../../../common/channels.ts';
import { dollars } from '../../../common/money.ts';
import type { AdminAnalytics } from '../../../common/schemas/analytics.ts';
import { DataTable, labelColumn } from '../../ui/data-table.tsx';
import { CREDIT_PARAM, SOURCE_PARAM } from './api.ts';
import { CsvLink } from './csv-link.tsx';
import { GetChoice } from './get-choice.tsx';

type SourceRow = AdminAnalytics['sources'][number]['rows'][number] & { label: string };

/** A figure the pipeline does not have for this table (a lead keeps no device). */
const NONE = '–';
const orNone = (value: number | null, show: (value: number) => string = String) =>
  value === null ? NONE : show(value);

const CREDIT_OPTIONS: Record<Credit, string> = {
  first: 'First touch (the first visit)',
  last: 'Last touch (the visit that asked)',
};

/** "From first visit to won: 12 days (median of 3 deals won in the last 30 days)." */
export function timeToWonText({ deals, medianDays }: AdminAnalytics['timeToWon'], days: number): string {
  if (deals === 0 || medianDays === null) return `No deal won in the last ${days} days yet.`;
  const median =
    medianDays < 1
      ? 'under a day'
      : `${Math.round(medianDays)} ${Math.round(medianDays) === 1 ? 'day' : 'days'}`;
  return `From first visit to won: ${median} (median of ${deals} ${deals === 1 ? 'deal' : 'deals'} won in the last ${days} days).`;
}

/** Which touch the won value is credited to, keeping the report's filter. */
export function CreditChoice({ source, credit }: { source: string; credit: Credit }) {
  return (
    <GetChoice
      formLabel="Credit for won value"
      label="Credit won value to"
      name={CREDIT_PARAM}
      value={credit}
      options={CREDIT_OPTIONS}
      keep={{ [SOURCE_PARAM]: source }}
    />
  );
}

export function SourcesTables({
  sources,
  days,
  percent,
  csv,
}: {
  sources: AdminAnalytics['sources'];
  days: number;
  percent: (rate: number) => string;
  /** With a link to each table as CSV, of the report's source and credit (the owner's); null for none. */
  csv: { source: string; credit: Credit } | null;
}) {
  return (
    <div className="mt-3 space-y-3">
      {SOURCE_DIMENSIONS.map(({ id, label }, index) => {
        const rows = sources.find((table) => table.dimension === id)?.rows ?? [];
        return (
          <details key={id} open={index === 0} className="rounded-md border border-border p-3">
            <summary className="cursor-pointer font-medium">
              {label} ({rows.length})
            </summary>
            {rows.length === 0 ? (
              <p className="mt-2 text-sm text-muted-foreground">{`Nothing to show by ${label.toLowerCase()} in the last ${days} days.`}</p>
            ) : (
              <section
                // biome-ignore lint/a11y/noNoninteractiveTabindex: a frame that scrolls sideways is reached by keyboard too
                tabIndex={0}
                aria-label={`By ${label.toLowerCase()}`}
                className="overflow-x-auto"
              >
                <DataTable
                  caption={`Visitors, goals and clients by ${label.toLowerCase()}`}
                  className="mt-2 min-w-[36rem]"
                  compact
                  rows={rows.map((row): SourceRow => ({ ...row, label: sourceValueLabel(id, row.value) }))}
                  rowKey={(row) => row.value}
                  columns={[
                    labelColumn<SourceRow>(label, {
                      className: 'max-w-0 truncate font-normal',
                      title: (row) => row.label,
                    }),
                    { key: 'visitors', header: 'Visitors', numeric: true, cell: (row) => row.visitors },
                    { key: 'completions', header: 'Goals', numeric: true, cell: (row) => row.completions },
                    { key: 'rate', header: 'Rate', numeric: true, cell: (row) => percent(row.rate) },
                    { key: 'quotes', header: 'Requests', numeric: true, cell: (row) => orNone(row.quotes) },
                    { key: 'won', header: 'Won', numeric: true, cell: (row) => orNone(row.won) },
                    {
                      key: 'value',
                      header: 'Won value',
                      numeric: true,
                      cell: (row) => orNone(row.wonValueUsd, (value) => dollars.format(value)),
                    },
                  ]}
                />
              </section>
            )}
            {rows.length > 0 && (
              // Where the table is wider than the screen, its pipeline columns are past the edge.
              <p className="mt-1 text-xs text-muted-foreground min-[40rem]:hidden">
                Swipe the table sideways for the requests, deals and won value.
              </p>
            )}
            {csv && rows.length > 0 && (
              <CsvLink
                days={days}
                report={`sources:${id}`}
                label={`the table by ${label.toLowerCase()}`}
                source={csv.source}
                credit={csv.credit}
              />
            )}
          </details>
        );
      })}
    </div>
  );
}
