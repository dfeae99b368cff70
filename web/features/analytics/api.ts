/** The owner's report of page views: its path and read. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminAnalytics } from '../../../common/schemas/analytics.ts';
import { ADMIN_PREFIX } from '../../lib/api.ts';

/** The 30-day report. */
export const analyticsPaths = {
  analytics: `${ADMIN_PREFIX}analytics`,
  settings: `${ADMIN_PREFIX}analytics/settings`,
} as const;

/** The settings form's name (the page's action, ADR 018). */
export const ANALYTICS_SETTINGS_FORM = 'analytics-settings';

export const analyticsQuery = (days: number) =>
  queryOptions<AdminAnalytics>({ queryKey: [`${analyticsPaths.analytics}?days=${days}`] });

/** The report of the last `days` days. */
export const useAnalytics = (days: number) => useQuery(analyticsQuery(days));
