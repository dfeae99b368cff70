/** /admin/blog/fediverse: the blog's handle, approval and followers (issue 47). */
import { HydrationBoundary } from '@tanstack/react-query';
import { fediverseSettingsSchema } from '../../common/schemas/fediverse.ts';
import { adminMeta } from '../features/admin/meta.ts';
import { FediversePanel } from '../features/fediverse/fediverse-panel.tsx';
import {
  FOLLOWER_FORM,
  fediverseOwnerPath,
  followerActionSchema,
  followerPath,
  SETTINGS_FORM,
} from '../features/fediverse/owner-api.ts';
import { dashboardPaths } from '../lib/admin-paths.ts';
import { prefetchOwn } from '../lib/prefetch.ts';
import { formAction, routeForm } from '../lib/route-form.server.ts';
import type { Route } from './+types/admin-fediverse';

export async function loader({ context, request }: Route.LoaderArgs) {
  return { dehydrated: await prefetchOwn(context, request, [fediverseOwnerPath]) };
}

/** The settings and each follower's row, with the page's code or without it (ADR 018). */
export const action = formAction({
  [SETTINGS_FORM]: routeForm({
    schema: fediverseSettingsSchema,
    failure: { title: 'Error', fallback: 'The settings could not be saved.' },
    call: (settings) => ({ method: 'PUT', path: fediverseOwnerPath, body: settings }),
  }),
  [FOLLOWER_FORM]: routeForm({
    schema: followerActionSchema,
    failure: { title: 'Error', fallback: 'The follower could not be changed.' },
    call: ({ id, intent }) =>
      intent === 'accept'
        ? { method: 'POST', path: `${followerPath(id)}/accept` }
        : { method: 'DELETE', path: followerPath(id) },
  }),
});

export const meta: Route.MetaFunction = adminMeta('Fediverse', dashboardPaths.fediverse);

export default function AdminFediversePage({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydrated}>
      <FediversePanel />
    </HydrationBoundary>
  );
}
