/** /admin/blog/pipeline: quote requests by stage, the time to first reply, and results by month. */
import { adminMeta } from '../features/admin/meta.ts';
import { PipelineBoard } from '../features/admin/pipeline.tsx';
import { dashboardPaths } from '../lib/admin-paths.ts';
import type { Route } from './+types/admin-pipeline';

export const meta: Route.MetaFunction = adminMeta('Pipeline', dashboardPaths.pipeline);

export default function AdminPipelinePage() {
  return <PipelineBoard />;
}
