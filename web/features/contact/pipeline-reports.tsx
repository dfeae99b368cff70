/** The pipeline's figures: the first reply, results by month, and where clients come from. */
import type { Pipeline } from '../../../common/schemas/contact.ts';
import { DataTable, labelColumn } from '../../ui/data-table.tsx';
import { Figure, Panel } from '../admin/panel.tsx';
import { dollars, duration, monthName, percent } from './pipeline-format.ts';

export function FirstReply({ reply }: { reply: Pipeline['firstReply'] }) {
  const median = reply.medianMinutes;
  return (
    <Panel
      headingId="pipeline-reply"
      title="First reply"
      small
      description={
        <>The site promises a reply within {reply.promiseHours} hours. Requests of the last 90 days.</>
      }
    >
      <dl className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-3">
        <Figure label="Median time to first reply" value={median === null ? '–' : duration(median)} />
        <Figure
          label={`Answered within ${reply.promiseHours} hours`}
          value={`${reply.withinPromise} of ${reply.answered}`}
        />
        <Figure
          label="Waiting for a reply"
          value={reply.waiting}
          note={`${reply.overdue} past ${reply.promiseHours} hours`}
          alarm={reply.overdue > 0}
        />
      </dl>
    </Panel>
  );
}

export function Months({ months }: { months: Pipeline['months'] }) {
  return (
    <Panel
      headingId="pipeline-months"
      title="Results by month"
      small
      description="By the month a request was won or lost. Win rate: won out of won and lost."
    >
      <div className="mt-4 overflow-x-auto">
        <DataTable
          caption="Won and lost quote requests per month"
          compact
          rows={months}
          rowKey={(month) => month.month}
          columns={[
            {
              key: 'month',
              header: 'Month',
              rowHeader: true,
              className: 'font-normal',
              cell: (m) => monthName(m.month),
            },
            { key: 'won', header: 'Won', numeric: true, cell: (m) => m.won },
            { key: 'lost', header: 'Lost', numeric: true, cell: (m) => m.lost },
            {
              key: 'rate',
              header: 'Win rate',
              numeric: true,
              cell: (m) => (m.winRate === null ? '–' : percent.format(m.winRate)),
            },
            { key: 'value', header: 'Won value', numeric: true, cell: (m) => dollars.format(m.wonValueUsd) },
          ]}
        />
      </div>
    </Panel>
  );
}

export function LeadSources({ sources, pages }: Pick<Pipeline, 'sources' | 'pages'>) {
  return (
    <Panel
      headingId="pipeline-sources"
      title="Where clients come from"
      small
      description="Recorded with each request, without cookies: the campaign (utm_source), else the site that linked here, else Direct; and the last post or project read before asking."
    >
      <div className="mt-4 grid gap-6 md:grid-cols-2">
        <LeadTable caption="Quote requests by source" head="Source" rows={sources} empty="No requests yet." />
        <LeadTable
          caption="Quote requests by the post or project read last"
          head="Read last"
          rows={pages}
          empty="No request came after reading a post or project yet."
          link
        />
      </div>
    </Panel>
  );
}

function LeadTable({
  caption,
  head,
  rows,
  empty,
  link = false,
}: {
  caption: string;
  head: string;
  rows: Pipeline['sources'];
  empty: string;
  link?: boolean;
}) {
  return (
    <div className="overflow-x-auto">
      <DataTable
        caption={caption}
        showCaption
        compact
        empty={empty}
        rows={rows}
        rowKey={(row) => row.label}
        columns={[
          labelColumn<Pipeline['sources'][number]>(head, {
            className: 'max-w-48 truncate font-normal',
            cell: (row) =>
              link ? (
                <a href={row.label} className="text-primary underline underline-offset-2">
                  {row.label}
                </a>
              ) : (
                row.label
              ),
          }),
          { key: 'quotes', header: 'Requests', numeric: true, cell: (row) => row.quotes },
          { key: 'won', header: 'Won', numeric: true, cell: (row) => row.won },
          {
            key: 'value',
            header: 'Won value',
            numeric: true,
            cell: (row) => dollars.format(row.wonValueUsd),
          },
        ]}
      />
    </div>
  );
}
