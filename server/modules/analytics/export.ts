/**
 * Each report of the analytics section as CSV (issue 48, point 6): the days, pages, referrers,
 * devices, goals, each Sources table and each funnel, from the same report the page reads (with
 * up to 1,000 rows where the page shows 10).
 */
import { SOURCE_DIMENSIONS } from '../../../common/channels.ts';
import { goalLabel } from '../../../common/goals.ts';
import type { AdminAnalytics } from '../../../common/schemas/analytics.ts';
import { csvFile } from '../../lib/csv.ts';
import { notFound } from '../../lib/http-error.ts';

/** How many rows a CSV holds of a list the page shows 10 of. */
export const EXPORT_LENGTH = 1000;

const share = (rate: number) => (rate * 100).toFixed(1);

/** The CSV of one report (`days`, `pages`, `sources:utm_campaign`, `funnel:built-in` ...) and its file name. */
export function reportCsv(report: AdminAnalytics, which: string): { name: string; csv: string } {
  const [kind, of] = which.split(':', 2);
  // A list of views and visitors by one thing (a day, a page, a site, a device).
  const counts = (head: string, rows: [string, number, number][]) =>
    csvFile([head, 'views', 'visitors'], rows);
  switch (kind) {
    case 'days':
      return {
        name: 'days',
        csv: counts(
          'day',
          report.days.map((row) => [row.date, row.views, row.visitors]),
        ),
      };
    case 'pages':
      return {
        name: 'pages',
        csv: counts(
          'page',
          report.topPages.map((row) => [row.path, row.views, row.visitors]),
        ),
      };
    case 'referrers':
      return {
        name: 'referrers',
        csv: counts(
          'site',
          report.topReferrers.map((row) => [row.referrer, row.views, row.visitors]),
        ),
      };
    case 'devices':
      return {
        name: 'devices',
        csv: counts(
          'device',
          report.devices.map((row) => [row.device, row.views, row.visitors]),
        ),
      };
    case 'goals':
      return {
        name: 'goals',
        csv: csvFile(
          ['goal', 'reached', 'visitors', 'rate_percent'],
          report.goals.map((row) => [goalLabel(row.goal), row.completions, row.visitors, share(row.rate)]),
        ),
      };
    case 'sources': {
      const table = report.sources.find((candidate) => candidate.dimension === of);
      if (!table) break;
      const label = SOURCE_DIMENSIONS.find((dimension) => dimension.id === of)?.label ?? table.dimension;
      return {
        name: `sources-${of}`,
        csv: csvFile(
          [
            label.toLowerCase(),
            'visitors',
            'goals',
            'visitors_with_a_goal',
            'rate_percent',
            'requests',
            'won',
            'won_value_usd',
          ],
          table.rows.map((row) => [
            row.value,
            row.visitors,
            row.completions,
            row.converted,
            share(row.rate),
            row.quotes,
            row.won,
            row.wonValueUsd,
          ]),
        ),
      };
    }
    case 'funnel': {
      const funnel = report.funnels.find((candidate) => candidate.id === of);
      if (!funnel) throw notFound('That funnel does not exist (it may have been removed).');
      return {
        name: `funnel-${funnel.id}`,
        csv: csvFile(
          ['step', 'visitors'],
          funnel.steps.map((step, i) => [`${i + 1}. ${step.label}`, step.visitors]),
        ),
      };
    }
  }
  throw notFound('There is no such report.');
}
