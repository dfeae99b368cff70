/** /admin/blog/resume-requests. */

import { adminMeta } from '../features/admin/meta.ts';
import { ResumeRequests } from '../features/admin/records.tsx';
import { dashboardPaths } from '../lib/admin-paths.ts';
import type { Route } from './+types/admin-resume-requests';

export const meta: Route.MetaFunction = adminMeta('Resume requests', dashboardPaths.resumeRequests);

export default function AdminResumeRequestsPage() {
  return <ResumeRequests />;
}
