/** /admin/blog/inbox: quote requests and contact messages. */
import { Inbox } from '../features/admin/inbox.tsx';
import { adminMeta } from '../features/admin/meta.ts';
import { paths } from '../lib/paths.ts';
import type { Route } from './+types/admin-inbox';

export const meta: Route.MetaFunction = adminMeta('Inbox', paths.admin.inbox);

export default function AdminInboxPage() {
  return <Inbox />;
}
