/**
 * The Sources report (issue 48, point 3): for each way of telling visits apart (channel, campaign
 * source, medium and name, landing page, device), each value's visitors, the goals they reached
 * and the rate, beside the pipeline's quote requests, won deals and won value from the same source
 * ("spring: 420 visitors, 6 requests, 1.4 %, 2 won, $12,000"). Each table is a disclosure, open
 * or shut without the page's code; a table wider than a phone scrolls sideways within its frame.
 */
import { SOURCE_DIMENSIONS } from '../../../common/channels.ts';
import { dollars } from '../../../common/money.ts';
import type { AdminAnalytics } from '../../../common/schemas/analytics.ts';
import { DataTable, labelColumn } from '../../ui/data-table.tsx';
import { CsvLink } from './csv-link.tsx';

type SourceRow = AdminAnalytics['sources'][number]['rows'][number] & { label: string };

/** A figure the pipeline does not have for this table (a lead keeps no device). */
const NONE = '–';
const orNone = (value: number | null, show: (value: number) => string = String) =>
  value === null ? NONE : show(value);

export function SourcesTables({
  sources,
  days,
  percent,
  csv,
}: {
  sources: AdminAnalytics['sources'];
  days: number;
  percent: (rate: number) => string;
  /** With a link to each table as CSV (the owner's). */
  csv: boolean;
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
                  rows={rows.map((row): SourceRow => ({ ...row, label: row.value }))}
                  rowKey={(row) => row.value}
                  columns={[
                    labelColumn<SourceRow>(label, {
                      className: 'max-w-0 truncate font-normal',
                      title: (row) => row.value,
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
            {csv && rows.length > 0 && (
              <CsvLink days={days} report={`sources:${id}`} label={`the table by ${label.toLowerCase()}`} />
            )}
          </details>
        );
      })}
    </div>
  );
}
