/**
 * /shared/analytics/:token: a read-only link to the analytics (issue 48, point 6). Whoever has the
 * address sees the parts of the last 30 days the owner chose, whole in the page's HTML, with
 * nothing to change; once revoked, the address is a 404 that says so. Kept out of search results.
 */
import { data } from 'react-router';
import type { SharedAnalytics } from '../../common/schemas/analytics.ts';
import { AnalyticsReport } from '../features/analytics/analytics.tsx';
import { sharedApiPath } from '../features/analytics/api.ts';
import { pageMeta, rootDataOf } from '../lib/seo.ts';
import { PageHeader } from '../ui/page-header.tsx';
import type { Route } from './+types/shared-analytics';

const GONE = 'This link no longer works. Ask for a new one.';

export async function loader({ context, params }: Route.LoaderArgs) {
  if (context.staticCopy) return { shared: null, message: 'Shared analytics need the live site.' };
  const answer = await context.sendApi('GET', sharedApiPath(params.token));
  if (answer.status === 200) return { shared: answer.body as SharedAnalytics, message: '' };
  return data({ shared: null, message: GONE }, { status: answer.status === 429 ? 429 : 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const { site } = rootDataOf(matches);
  return pageMeta({
    site,
    title: 'Shared analytics',
    description: `Visits to ${site.ownerName}'s site, shared read-only.`,
    path: '/shared/analytics',
    noindex: true,
  });
};

export default function SharedAnalyticsRoute({ loaderData }: Route.ComponentProps) {
  const { shared, message } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <PageHeader title={shared ? `Analytics for ${shared.label}` : 'Shared analytics'}>
        {shared
          ? `The last ${shared.days} days of visits to this site, shared read-only. Nobody who visits is named.`
          : message}
      </PageHeader>
      {shared && <AnalyticsReport report={shared.report} owner={null} days={shared.days} />}
    </div>
  );
}
