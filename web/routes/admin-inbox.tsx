/** /admin/blog/inbox: quote requests and contact messages. */
import { HydrationBoundary } from '@tanstack/react-query';
import { inboxStates } from '../../common/schemas/contact.ts';
import { ADMIN_PAGE_SIZE } from '../features/admin/admin-list.tsx';
import { listParams, listPath } from '../features/admin/list-params.server.ts';
import { adminMeta } from '../features/admin/meta.ts';
import { Inbox } from '../features/contact/inbox.tsx';
import { contactOwnerPaths } from '../features/contact/owner-api.ts';
import { dashboardPaths } from '../lib/admin-paths.ts';
import { prefetchOwn } from '../lib/prefetch.ts';
import type { Route } from './+types/admin-inbox';

export async function loader({ context, request }: Route.LoaderArgs) {
  const list = listParams(request);
  const path = listPath(contactOwnerPaths.inbox, {
    kind: list.pick('kind', ['all', 'quote', 'contact'] as const, 'all'),
    state: list.pick('state', inboxStates, 'open'),
    page: list.page(),
    pageSize: ADMIN_PAGE_SIZE,
  });
  return { dehydrated: await prefetchOwn(context, request, [path]) };
}

export const meta: Route.MetaFunction = adminMeta('Inbox', dashboardPaths.inbox);

export default function AdminInboxPage({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydrated}>
      <Inbox />
    </HydrationBoundary>
  );
}
