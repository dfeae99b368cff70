/** /admin/blog/inbox: quote requests and contact messages. */
import { Inbox } from '../features/admin/inbox.tsx';
import { adminMeta } from '../features/admin/meta.ts';
import { dashboardPaths } from '../lib/admin-paths.ts';
import type { Route } from './+types/admin-inbox';

export const meta: Route.MetaFunction = adminMeta('Inbox', dashboardPaths.inbox);

export default function AdminInboxPage() {
  return <Inbox />;
}
