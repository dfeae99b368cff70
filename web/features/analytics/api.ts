/** The owner's report of page views: its path and read. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Credit, FILTER_DIMENSIONS } from '../../../common/channels.ts';
import type { AdminAnalytics, AnalyticsShare } from '../../../common/schemas/analytics.ts';
import { ADMIN_PREFIX, API_PREFIX } from '../../lib/api.ts';

/** The 30-day report. */
export const analyticsPaths = {
  analytics: `${ADMIN_PREFIX}analytics`,
  settings: `${ADMIN_PREFIX}analytics/settings`,
  funnels: `${ADMIN_PREFIX}analytics/funnels`,
  shares: `${ADMIN_PREFIX}analytics/shares`,
} as const;

/** The read-only links' forms: a new one, and each one's revocation. */
export const SHARE_FORM = 'analytics-share';
export const SHARE_REVOKE_FORM = 'analytics-share-revoke';

/** The owner's read-only links. */
export const sharesQuery = queryOptions<AnalyticsShare[]>({ queryKey: [analyticsPaths.shares] });
export const useShares = () => useQuery(sharesQuery);

/** A read-only link's page, and what its page reads. */
export const sharedPage = (token: string) => `/shared/analytics/${encodeURIComponent(token)}`;
export const sharedApiPath = (token: string) => `${API_PREFIX}analytics/shared/${encodeURIComponent(token)}`;

/** The forms of the funnels: a new one, and each one's removal (the page's action, ADR 018). */
export const FUNNEL_FORM = 'analytics-funnel';
export const FUNNEL_REMOVE_FORM = 'analytics-funnel-remove';

/** The page's query naming the source its funnels show (`channel:newsletter`). */
export const SOURCE_PARAM = 'source';

/** The page's query naming the touch the won value is credited to (`last`; the first by default). */
export const CREDIT_PARAM = 'credit';

/** The credit a page address asks for: 'last' when it says so, otherwise 'first'. */
export const creditOf = (search: URLSearchParams): Credit =>
  search.get(CREDIT_PARAM) === 'last' ? 'last' : 'first';

/** The query of a report: its source and credit, each only when not the default. */
function reportQuery(source: string, credit: Credit): string {
  const query = new URLSearchParams();
  if (source) query.set(SOURCE_PARAM, source);
  if (credit !== 'first') query.set(CREDIT_PARAM, credit);
  return query.size > 0 ? `&${query}` : '';
}

/** The settings form's name (the page's action, ADR 018). */
export const ANALYTICS_SETTINGS_FORM = 'analytics-settings';

/**
 * The report of the last `days` days, its funnels of one source when `source` names one, its won
 * value credited to each lead's `credit` touch.
 */
export const analyticsQuery = (days: number, source = '', credit: Credit = 'first') =>
  queryOptions<AdminAnalytics>({
    queryKey: [`${analyticsPaths.analytics}?days=${days}${reportQuery(source, credit)}`],
  });

export const useAnalytics = (days: number, source = '', credit: Credit = 'first') =>
  useQuery(analyticsQuery(days, source, credit));

const DIMENSION_IDS = new Set<string>(FILTER_DIMENSIONS);

/**
 * The filter a page address names (a source, `page:/path` or `goal:id`), or '' (all visitors) for
 * none or one the report is not filtered by (the server says what it refuses of the rest).
 */
export function sourceOf(search: URLSearchParams): string {
  const source = (search.get(SOURCE_PARAM) ?? '').slice(0, 310);
  const at = source.indexOf(':');
  return at > 0 && at < source.length - 1 && DIMENSION_IDS.has(source.slice(0, at)) ? source : '';
}

/** The address of one report as CSV (a plain link: the browser downloads it with or without the page's code). */
export function csvPath(days: number, report: string, source = '', credit: Credit = 'first'): string {
  return `${analyticsPaths.analytics}/export.csv?${new URLSearchParams({ days: String(days), report })}${reportQuery(source, credit)}`;
}
