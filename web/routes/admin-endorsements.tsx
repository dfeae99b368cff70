/** /admin/blog/endorsements. */

import { adminMeta } from '../features/admin/meta.ts';
import { Endorsements } from '../features/admin/records.tsx';
import { dashboardPaths } from '../lib/admin-paths.ts';
import type { Route } from './+types/admin-endorsements';

export const meta: Route.MetaFunction = adminMeta('Endorsements', dashboardPaths.endorsements);

export default function AdminEndorsementsPage() {
  return <Endorsements />;
}
