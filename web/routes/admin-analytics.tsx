/** /admin/blog/analytics: visits to the site, from its own first-party page views. */
import { Analytics } from '../features/admin/analytics.tsx';
import { paths } from '../lib/paths.ts';
import { pageMeta, rootDataOf } from '../lib/seo.ts';
import type { Route } from './+types/admin-analytics';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    site: rootDataOf(matches).site,
    title: 'Analytics · Admin Dashboard',
    path: paths.admin.analytics,
    noindex: true,
  });

export default function AdminAnalyticsPage() {
  return <Analytics />;
}
