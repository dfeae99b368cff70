/** /admin/blog/analytics: visits to the site, from its own first-party page views. */
import { HydrationBoundary } from '@tanstack/react-query';
import {
  analyticsSettingsSchema,
  funnelFormSchema,
  shareCreateSchema,
} from '../../common/schemas/analytics.ts';
import { z } from '../../common/schemas/zod.ts';
import { adminMeta } from '../features/admin/meta.ts';
import { ANALYTICS_DAYS, Analytics } from '../features/analytics/analytics.tsx';
import {
  ANALYTICS_SETTINGS_FORM,
  analyticsPaths,
  analyticsQuery,
  creditOf,
  FUNNEL_FORM,
  FUNNEL_REMOVE_FORM,
  SHARE_FORM,
  SHARE_REVOKE_FORM,
  sharesQuery,
  sourceOf,
} from '../features/analytics/api.ts';
import { dashboardPaths } from '../lib/admin-paths.ts';
import { prefetchOwn } from '../lib/prefetch.ts';
import { formAction, routeForm } from '../lib/route-form.server.ts';
import type { Route } from './+types/admin-analytics';

export async function loader({ context, request }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const path = String(analyticsQuery(ANALYTICS_DAYS, sourceOf(search), creditOf(search)).queryKey[0]);
  return { dehydrated: await prefetchOwn(context, request, [path, String(sharesQuery.queryKey[0])]) };
}

/** The analytics settings, a new funnel and each funnel's removal, a read-only link and its revocation, with the page's code or without it (ADR 018). */
export const action = formAction({
  [ANALYTICS_SETTINGS_FORM]: routeForm({
    schema: analyticsSettingsSchema,
    failure: { title: 'Error', fallback: 'The settings could not be saved.' },
    call: (settings) => ({ method: 'PUT', path: analyticsPaths.settings, body: settings }),
  }),
  [FUNNEL_FORM]: routeForm({
    schema: funnelFormSchema,
    failure: { title: 'Error', fallback: 'The funnel could not be added.' },
    call: (funnel) => ({ method: 'POST', path: analyticsPaths.funnels, body: funnel }),
  }),
  [SHARE_FORM]: routeForm({
    schema: shareCreateSchema,
    failure: { title: 'Error', fallback: 'The link could not be made.' },
    call: (share) => ({ method: 'POST', path: analyticsPaths.shares, body: share }),
    // Its address is shown this once, in the page (never in an address of its own).
    show: (share) => ({ share }),
  }),
  [SHARE_REVOKE_FORM]: routeForm({
    schema: z.object({ id: z.coerce.number().int().min(1) }),
    failure: { title: 'Error', fallback: 'The link could not be revoked.' },
    call: ({ id }) => ({ method: 'DELETE', path: `${analyticsPaths.shares}/${id}` }),
  }),
  [FUNNEL_REMOVE_FORM]: routeForm({
    schema: z.object({ id: z.coerce.number().int().min(1) }),
    failure: { title: 'Error', fallback: 'The funnel could not be removed.' },
    call: ({ id }) => ({ method: 'DELETE', path: `${analyticsPaths.funnels}/${id}` }),
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
