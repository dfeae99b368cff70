/** /admin/blog/inbox: quote requests and contact messages. */
import { HydrationBoundary } from '@tanstack/react-query';
import { inboxStates } from '../../common/schemas/contact.ts';
import { z } from '../../common/schemas/zod.ts';
import { ADMIN_PAGE_SIZE } from '../features/admin/admin-list.tsx';
import { listParams, listPath } from '../features/admin/list-params.server.ts';
import { adminMeta } from '../features/admin/meta.ts';
import { Inbox } from '../features/contact/inbox.tsx';
import { contactOwnerPaths, INBOX_CHANGES, INBOX_FORM } from '../features/contact/owner-api.ts';
import { dashboardPaths } from '../lib/admin-paths.ts';
import { prefetchOwn } from '../lib/prefetch.ts';
import { donePage, formAction, routeForm } from '../lib/route-form.server.ts';
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

/** An entry's read, unread, archive or back to the inbox, with the page's code or without it (ADR 018). */
export const action = formAction({
  [INBOX_FORM]: routeForm({
    schema: z.object({
      id: z.string().regex(/^(quote|contact)-\d{1,9}$/),
      change: z.enum(Object.keys(INBOX_CHANGES) as [keyof typeof INBOX_CHANGES]),
    }),
    failure: { title: 'Error', fallback: 'The request could not be changed.' },
    call: ({ id, change }) => {
      const [kind = '', number = ''] = id.split('-');
      return {
        method: 'PATCH',
        path: contactOwnerPaths.inboxItem(kind, Number(number)),
        body: INBOX_CHANGES[change],
      };
    },
    doneAt: (_answer, page, { change }) => donePage(page, `${INBOX_FORM}-${change}`),
  }),
});

export const meta: Route.MetaFunction = adminMeta('Inbox', dashboardPaths.inbox);

export default function AdminInboxPage({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydrated}>
      <Inbox />
    </HydrationBoundary>
  );
}
