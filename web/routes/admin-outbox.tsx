/** /admin/blog/outbox: every notification the site sends, its state, and a retry. */
import { HydrationBoundary } from '@tanstack/react-query';
import { outboxStates } from '../../common/schemas/notifications.ts';
import { z } from '../../common/schemas/zod.ts';
import { ADMIN_PAGE_SIZE } from '../features/admin/admin-list.tsx';
import { listParams, listPath } from '../features/admin/list-params.server.ts';
import { adminMeta } from '../features/admin/meta.ts';
import { outboxPaths, RETRY_FORM } from '../features/notifications/api.ts';
import { Outbox } from '../features/notifications/outbox.tsx';
import { dashboardPaths } from '../lib/admin-paths.ts';
import { prefetchOwn } from '../lib/prefetch.ts';
import { formAction, routeForm } from '../lib/route-form.server.ts';
import type { Route } from './+types/admin-outbox';

export async function loader({ context, request }: Route.LoaderArgs) {
  const list = listParams(request);
  const path = listPath(outboxPaths.outbox, {
    status: list.pick('status', outboxStates, 'all'),
    page: list.page(),
    pageSize: ADMIN_PAGE_SIZE,
  });
  return { dehydrated: await prefetchOwn(context, request, [path]) };
}

/** A failed message's retry, with the page's code or without it (ADR 018). */
export const action = formAction({
  [RETRY_FORM]: routeForm({
    schema: z.object({ id: z.coerce.number().int().positive() }),
    failure: { title: 'Error', fallback: 'The message could not be queued again.' },
    call: ({ id }) => ({ method: 'POST', path: outboxPaths.outboxRetry(id) }),
  }),
});

export const meta: Route.MetaFunction = adminMeta('Outbox', dashboardPaths.outbox);

export default function AdminOutboxPage({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydrated}>
      <Outbox />
    </HydrationBoundary>
  );
}
