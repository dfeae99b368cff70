/**
 * What the whole report shows (issue 48, point 5): all visitors, the visits of one source (a
 * channel, a campaign, a landing page, a country, a device), the views of one page, or those who
 * reached one goal. A GET of the page, with or without its code; the choice stays in the address
 * (and in each CSV link), the credit for won value with it.
 */
import { type Credit, SOURCE_DIMENSIONS, sourceValueLabel } from '../../../common/channels.ts';
import { GOALS, goalLabel, isGoal } from '../../../common/goals.ts';
import type { AdminAnalytics } from '../../../common/schemas/analytics.ts';
import { CREDIT_PARAM, SOURCE_PARAM } from './api.ts';
import { GetChoice } from './get-choice.tsx';

const LABELS = new Map<string, string>([
  ...SOURCE_DIMENSIONS.map(({ id, label }): [string, string] => [id, label]),
  ['page', 'Page'],
  ['goal', 'Goal'],
]);

/** "Country: United States", "Page: /pricing", "Goal: Quote sent". */
export function filterLabel(dimension: string, value: string): string {
  const shown = dimension === 'goal' && isGoal(value) ? goalLabel(value) : sourceValueLabel(dimension, value);
  return `${LABELS.get(dimension) ?? dimension}: ${shown}`;
}

/** What the report says it shows under a filter. */
export function filterStatus(filter: NonNullable<AdminAnalytics['filter']>): string {
  const label = filterLabel(filter.dimension, filter.value);
  if (filter.dimension === 'page')
    return `Showing the views of ${filter.value}, and the goals reached on it.`;
  if (filter.dimension === 'goal')
    return `Showing visitors who reached ${label.slice('Goal: '.length)}: each day counts its completions, the pages are where it was reached.`;
  return `Showing visitors from ${label}.`;
}

export function ReportFilter({
  report,
  source,
  credit,
}: {
  report: Partial<AdminAnalytics>;
  source: string;
  credit: Credit;
}) {
  const options: Record<string, string> = { '': 'All visitors' };
  // A visit reads many posts: the report is filtered by the sources a visit has one of.
  for (const table of (report.sources ?? []).filter((table) => table.dimension !== 'read')) {
    for (const row of table.rows)
      options[`${table.dimension}:${row.value}`] = filterLabel(table.dimension, row.value);
  }
  for (const page of report.topPages ?? []) options[`page:${page.path}`] = filterLabel('page', page.path);
  for (const goal of GOALS) options[`goal:${goal.id}`] = filterLabel('goal', goal.id);
  const at = source.indexOf(':');
  if (source && !options[source]) options[source] = filterLabel(source.slice(0, at), source.slice(at + 1));
  return (
    <GetChoice
      formLabel="What the report shows"
      label="Report on"
      name={SOURCE_PARAM}
      value={source}
      options={options}
      keep={{ [CREDIT_PARAM]: credit === 'first' ? '' : credit }}
    />
  );
}
