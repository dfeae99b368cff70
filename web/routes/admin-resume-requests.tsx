/** /admin/blog/resume-requests. */

import { adminMeta } from '../features/admin/meta.ts';
import { ResumeRequests } from '../features/admin/records.tsx';
import { paths } from '../lib/paths.ts';
import type { Route } from './+types/admin-resume-requests';

export const meta: Route.MetaFunction = adminMeta('Resume requests', paths.admin.resumeRequests);

export default function AdminResumeRequestsPage() {
  return <ResumeRequests />;
}
