/** /admin/blog/outbox: every notification the site sends, its state, and a retry. */
import { adminMeta } from '../features/admin/meta.ts';
import { Outbox } from '../features/admin/outbox.tsx';
import { dashboardPaths } from '../lib/admin-paths.ts';
import type { Route } from './+types/admin-outbox';

export const meta: Route.MetaFunction = adminMeta('Outbox', dashboardPaths.outbox);

export default function AdminOutboxPage() {
  return <Outbox />;
}
