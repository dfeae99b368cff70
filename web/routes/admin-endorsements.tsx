/** /admin/blog/endorsements. */
import { Endorsements } from '../features/admin/records.tsx';
import { paths } from '../lib/paths.ts';
import { pageMeta, rootDataOf } from '../lib/seo.ts';
import type { Route } from './+types/admin-endorsements';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    site: rootDataOf(matches).site,
    title: 'Endorsements · Admin Dashboard',
    path: paths.admin.endorsements,
    noindex: true,
  });

export default function AdminEndorsementsPage() {
  return <Endorsements />;
}
