/** /admin/blog/pipeline: quote requests by stage, the time to first reply, and results by month. */
import { adminMeta } from '../features/admin/meta.ts';
import { PipelineBoard } from '../features/admin/pipeline.tsx';
import { paths } from '../lib/paths.ts';
import type { Route } from './+types/admin-pipeline';

export const meta: Route.MetaFunction = adminMeta('Pipeline', paths.admin.pipeline);

export default function AdminPipelinePage() {
  return <PipelineBoard />;
}
