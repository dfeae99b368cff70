/** /admin/blog/resume-requests. */
import { HydrationBoundary } from '@tanstack/react-query';
import { ADMIN_PAGE_SIZE } from '../features/admin/admin-list.tsx';
import { listParams, listPath } from '../features/admin/list-params.server.ts';
import { adminMeta } from '../features/admin/meta.ts';
import { resumeOwnerPaths } from '../features/resume/api.ts';
import { ResumeRequests } from '../features/resume/resume-requests.tsx';
import { dashboardPaths } from '../lib/admin-paths.ts';
import { prefetchOwn } from '../lib/prefetch.ts';
import type { Route } from './+types/admin-resume-requests';

export async function loader({ context, request }: Route.LoaderArgs) {
  const path = listPath(resumeOwnerPaths.resumeRequests, {
    page: listParams(request).page(),
    pageSize: ADMIN_PAGE_SIZE,
  });
  return { dehydrated: await prefetchOwn(context, request, [path]) };
}

export const meta: Route.MetaFunction = adminMeta('Resume requests', dashboardPaths.resumeRequests);

export default function AdminResumeRequestsPage({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydrated}>
      <ResumeRequests />
    </HydrationBoundary>
  );
}
