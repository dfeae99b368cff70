/**
 * The Sources tables of the owner's report (issue 48): the roll-ups' visits and goals by source,
 * with the pipeline's leads beside them, and what a report is filtered by.
 */
import {
  channelOf,
  type FilterDimension,
  type LeadsBySource,
  SOURCE_DIMENSIONS,
  type SourceDimension,
  type VISIT_DIMENSIONS,
} from '../../../common/channels.ts';
import type { AdminAnalytics } from '../../../common/schemas/analytics.ts';
import type { analyticsVisits } from '../../db/schema.ts';

type SourceRow = AdminAnalytics['sources'][number]['rows'][number];

/**
 * What a report is filtered by (issue 48, point 5): one value of a visit's source (its visits),
 * a page (its views, and what was reached on it) or a goal (those who reached it).
 */
export interface SourceFilter {
  dimension: FilterDimension;
  value: string;
}

/** The column of today's visits that holds each source dimension. */
export const VISIT_COLUMNS = {
  channel: 'channel',
  utm_source: 'utmSource',
  utm_medium: 'utmMedium',
  utm_campaign: 'utmCampaign',
  landing: 'landing',
  country: 'country',
  visit_device: 'device',
} as const satisfies Record<(typeof VISIT_DIMENSIONS)[number], keyof typeof analyticsVisits.$inferSelect>;

export type VisitFilter = { dimension: (typeof VISIT_DIMENSIONS)[number]; value: string };

/** A filter by a visit's source: what the funnels are counted by (not by page or goal). */
export const isVisitFilter = (filter: SourceFilter | null): filter is VisitFilter =>
  filter !== null && filter.dimension !== 'page' && filter.dimension !== 'goal';

/**
 * A lead's values in the source tables (none for the device, which a lead does not keep): one
 * per table, but one per post or project read in its visit.
 */
function leadValues(lead: LeadsBySource): [SourceDimension, string][] {
  const values: [SourceDimension, string | null][] = [
    ['channel', channelOf(lead)],
    ['utm_source', lead.utmSource],
    ['utm_medium', lead.utmMedium],
    ['utm_campaign', lead.utmCampaign],
    ['landing', lead.landing],
    ['country', lead.country],
    ...(lead.reads.length > 0 ? lead.reads : [lead.lastRead]).map(
      (read): [SourceDimension, string | null] => ['read', read],
    ),
  ];
  return values.filter((pair): pair is [SourceDimension, string] => Boolean(pair[1]));
}

/** The Sources tables: the roll-ups' visits and goals by source, with the pipeline's leads beside them. */
export function sourcesReport(
  rows: { dimension: string; value: string; views: number; visitors: number }[],
  leads: LeadsBySource[] | null,
  top: number,
): AdminAnalytics['sources'] {
  const tables = new Map<string, Map<string, SourceRow>>();
  const rowOf = (dimension: string, value: string) => {
    const table = tables.get(dimension) ?? new Map<string, SourceRow>();
    tables.set(dimension, table);
    const withLeads = leads !== null && dimension !== 'visit_device';
    const row = table.get(value) ?? {
      value,
      visitors: 0,
      completions: 0,
      converted: 0,
      rate: 0,
      quotes: withLeads ? 0 : null,
      won: withLeads ? 0 : null,
      wonValueUsd: withLeads ? 0 : null,
    };
    table.set(value, row);
    return row;
  };
  for (const { dimension: named, value, views, visitors } of rows) {
    // Under a filter, its segment's rows ('utm_campaign|country=US'): the table's name comes first.
    const dimension = named.split('|')[0] ?? named;
    const [kind, of] = dimension.includes(':') ? dimension.split(':') : ['visits', dimension];
    if (!of) continue;
    const row = rowOf(of, value);
    if (kind === 'visits') row.visitors += visitors;
    else if (kind === 'goal') {
      row.completions += views;
      row.converted += visitors;
    }
  }
  for (const lead of leads ?? []) {
    for (const [dimension, value] of leadValues(lead)) {
      const row = rowOf(dimension, value);
      row.quotes = (row.quotes ?? 0) + lead.quotes;
      row.won = (row.won ?? 0) + lead.won;
      row.wonValueUsd = (row.wonValueUsd ?? 0) + lead.wonValue;
    }
  }
  return SOURCE_DIMENSIONS.map(({ id }) => ({
    dimension: id,
    rows: [...(tables.get(id)?.values() ?? [])]
      .map((row) => ({ ...row, rate: row.visitors > 0 ? Math.min(1, row.converted / row.visitors) : 0 }))
      .sort(
        (a, b) =>
          b.visitors - a.visitors ||
          (b.wonValueUsd ?? 0) - (a.wonValueUsd ?? 0) ||
          a.value.localeCompare(b.value),
      )
      .slice(0, top),
  }));
}

/**
 * The pipeline's leads of a filtered report: those of the source (a page: those that landed on it
 * or read it; the quote goal: all); null where the pipeline cannot tell (by device, by another goal).
 */
export function leadsOf(leads: LeadsBySource[], filter: SourceFilter | null): LeadsBySource[] | null {
  if (!filter) return leads;
  if (filter.dimension === 'visit_device') return null;
  if (filter.dimension === 'goal') return filter.value === 'quote' ? leads : null;
  const matches =
    filter.dimension === 'page'
      ? ([dimension, value]: [SourceDimension, string]) =>
          (dimension === 'landing' || dimension === 'read') && value === filter.value
      : ([dimension, value]: [SourceDimension, string]) =>
          dimension === filter.dimension && value === filter.value;
  return leads.filter((lead) => leadValues(lead).some(matches));
}

/** The pipeline's won deals of the period, of one source when filtered (none known by device). */
export function wonOf(leads: LeadsBySource[], filter: SourceFilter | null): number | null {
  return leadsOf(leads, filter)?.reduce((sum, lead) => sum + lead.won, 0) ?? null;
}
