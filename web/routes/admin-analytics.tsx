/** /admin/blog/analytics: visits to the site, from its own first-party page views. */
import { HydrationBoundary } from '@tanstack/react-query';
import { adminMeta } from '../features/admin/meta.ts';
import { ANALYTICS_DAYS, Analytics } from '../features/analytics/analytics.tsx';
import { analyticsQuery } from '../features/analytics/api.ts';
import { dashboardPaths } from '../lib/admin-paths.ts';
import { prefetchOwn } from '../lib/prefetch.ts';
import type { Route } from './+types/admin-analytics';

export async function loader({ context, request }: Route.LoaderArgs) {
  const path = String(analyticsQuery(ANALYTICS_DAYS).queryKey[0]);
  return { dehydrated: await prefetchOwn(context, request, [path]) };
}

export const meta: Route.MetaFunction = adminMeta('Analytics', dashboardPaths.analytics);

export default function AdminAnalyticsPage({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydrated}>
      <Analytics />
    </HydrationBoundary>
  );
}
