/** /admin/blog/inbox: quote requests and contact messages. */
import { Inbox } from '../features/admin/inbox.tsx';
import { paths } from '../lib/paths.ts';
import { pageMeta, rootDataOf } from '../lib/seo.ts';
import type { Route } from './+types/admin-inbox';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    site: rootDataOf(matches).site,
    title: 'Inbox · Admin Dashboard',
    path: paths.admin.inbox,
    noindex: true,
  });

export default function AdminInboxPage() {
  return <Inbox />;
}
