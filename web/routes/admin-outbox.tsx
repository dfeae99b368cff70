/** /admin/blog/outbox: every notification the site sends, its state, and a retry. */
import { adminMeta } from '../features/admin/meta.ts';
import { Outbox } from '../features/admin/outbox.tsx';
import { paths } from '../lib/paths.ts';
import type { Route } from './+types/admin-outbox';

export const meta: Route.MetaFunction = adminMeta('Outbox', paths.admin.outbox);

export default function AdminOutboxPage() {
  return <Outbox />;
}
