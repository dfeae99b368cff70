/** /admin/blog/moderation: comments and guest posts waiting for the owner. */

import { adminMeta } from '../features/admin/meta.ts';
import { CommentModeration, ContributionModeration } from '../features/admin/moderation.tsx';
import { dashboardPaths } from '../lib/admin-paths.ts';
import type { Route } from './+types/admin-moderation';

export const meta: Route.MetaFunction = adminMeta('Moderation', dashboardPaths.moderation);

export default function AdminModerationPage() {
  return (
    <div className="space-y-10">
      <CommentModeration />
      <ContributionModeration />
    </div>
  );
}
