/** /admin/blog/analytics: visits to the site, from its own first-party page views. */
import { Analytics } from '../features/admin/analytics.tsx';
import { adminMeta } from '../features/admin/meta.ts';
import { dashboardPaths } from '../lib/admin-paths.ts';
import type { Route } from './+types/admin-analytics';

export const meta: Route.MetaFunction = adminMeta('Analytics', dashboardPaths.analytics);

export default function AdminAnalyticsPage() {
  return <Analytics />;
}
