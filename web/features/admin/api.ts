/**
 * The dashboard's own API: the summary (what waits, for the navigation) and one page of any
 * owner list. Each domain's owner paths and reads are in its feature's api.ts. Query keys are
 * API paths (spec section 7); every owner read starts with ADMIN_PREFIX, which is how an action
 * refreshes them all (admin-list.tsx).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminSummary } from '../../../common/schemas/admin.ts';
import type { Page } from '../../../common/schemas/shared.ts';

import { ADMIN_PREFIX } from '../../lib/api.ts';

export const adminPaths = {
  summary: `${ADMIN_PREFIX}summary`,
} as const;

export const summaryQuery = () => queryOptions<AdminSummary>({ queryKey: [adminPaths.summary] });

/** One page of an admin list; the previous page stays on screen while the next loads. */
export function adminPageQuery<T>(path: string, params: Record<string, string | number | undefined>) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  return queryOptions<Page<T>>({ queryKey: [`${path}?${search}`], placeholderData: keepPreviousData });
}

/** One page of an admin list, kept on screen while the next loads. */
export function useAdminPage<T>(path: string, params: Record<string, string | number | undefined>) {
  return useQuery(adminPageQuery<T>(path, params));
}

/** What waits for the owner in each domain (the navigation's counts, the mail notice). */
export const useSummary = () => useQuery(summaryQuery());
