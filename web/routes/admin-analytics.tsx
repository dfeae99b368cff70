/** /admin/blog/analytics: visits to the site, from its own first-party page views. */
import { HydrationBoundary } from '@tanstack/react-query';
import { analyticsSettingsSchema } from '../../common/schemas/analytics.ts';
import { adminMeta } from '../features/admin/meta.ts';
import { ANALYTICS_DAYS, Analytics } from '../features/analytics/analytics.tsx';
import { ANALYTICS_SETTINGS_FORM, analyticsPaths, analyticsQuery } from '../features/analytics/api.ts';
import { dashboardPaths } from '../lib/admin-paths.ts';
import { prefetchOwn } from '../lib/prefetch.ts';
import { formAction, routeForm } from '../lib/route-form.server.ts';
import type { Route } from './+types/admin-analytics';

export async function loader({ context, request }: Route.LoaderArgs) {
  const path = String(analyticsQuery(ANALYTICS_DAYS).queryKey[0]);
  return { dehydrated: await prefetchOwn(context, request, [path]) };
}

/** The analytics settings, with the page's code or without it (ADR 018). */
export const action = formAction({
  [ANALYTICS_SETTINGS_FORM]: routeForm({
    schema: analyticsSettingsSchema,
    failure: { title: 'Error', fallback: 'The settings could not be saved.' },
    call: (settings) => ({ method: 'PUT', path: analyticsPaths.settings, body: settings }),
  }),
});

export const meta: Route.MetaFunction = adminMeta('Analytics', dashboardPaths.analytics);

export default function AdminAnalyticsPage({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydrated}>
      <Analytics />
    </HydrationBoundary>
  );
}
