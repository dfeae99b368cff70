/** /admin/blog/data: the site's backups, and the posts as Markdown (export, import with a preview). */
import { adminMeta } from '../features/admin/meta.ts';
import { YourData } from '../features/admin/your-data.tsx';
import { dashboardPaths } from '../lib/admin-paths.ts';
import type { Route } from './+types/admin-data';

export const meta: Route.MetaFunction = adminMeta('Your data', dashboardPaths.data);

export default function AdminDataPage() {
  return <YourData />;
}
