/** /admin/blog/moderation: comments and guest posts waiting for the owner. */
import { CommentModeration, ContributionModeration } from '../features/admin/moderation.tsx';
import { paths } from '../lib/paths.ts';
import { pageMeta, rootDataOf } from '../lib/seo.ts';
import type { Route } from './+types/admin-moderation';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    site: rootDataOf(matches).site,
    title: 'Moderation · Admin Dashboard',
    path: paths.admin.moderation,
    noindex: true,
  });

export default function AdminModerationPage() {
  return (
    <div className="space-y-10">
      <CommentModeration />
      <ContributionModeration />
    </div>
  );
}
