/** /admin/blog/resume-requests. */
import { ResumeRequests } from '../features/admin/records.tsx';
import { paths } from '../lib/paths.ts';
import { pageMeta, rootDataOf } from '../lib/seo.ts';
import type { Route } from './+types/admin-resume-requests';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    site: rootDataOf(matches).site,
    title: 'Resume requests · Admin Dashboard',
    path: paths.admin.resumeRequests,
    noindex: true,
  });

export default function AdminResumeRequestsPage() {
  return <ResumeRequests />;
}
