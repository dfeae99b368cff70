/** /admin/blog/moderation: comments and guest posts waiting for the owner. */

import { HydrationBoundary } from '@tanstack/react-query';
import { ADMIN_PAGE_SIZE } from '../features/admin/admin-list.tsx';
import { adminPageQuery, adminPaths } from '../features/admin/api.ts';
import { adminMeta } from '../features/admin/meta.ts';
import {
  COMMENT_STATUSES,
  CONTRIBUTION_STATUSES,
  CommentModeration,
  ContributionModeration,
} from '../features/admin/moderation.tsx';
import { REPLY_FORM } from '../features/blog/reply-form.tsx';
import { dashboardPaths } from '../lib/admin-paths.ts';
import { dashboardAction, replyForms } from '../lib/dashboard-form.server.ts';
import { useDone } from '../lib/form-post.ts';
import { prefetchOwn } from '../lib/prefetch.ts';
import { DoneNotice } from '../ui/form-notice.tsx';
import type { Route } from './+types/admin-moderation';

/** Both lists as the address asks for them (filter and page), in the page's HTML. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const pick = <T extends string>(name: string, values: readonly T[], fallback: T) =>
    values.find((value) => value === params.get(name)) ?? fallback;
  const pageOf = (name: string) => Math.max(1, Number.parseInt(params.get(name) ?? '1', 10) || 1);
  const list = (path: string, status: string, page: number) =>
    String(adminPageQuery(path, { status, page, pageSize: ADMIN_PAGE_SIZE }).queryKey[0]);
  const reads = [
    list(adminPaths.comments, pick('comments', COMMENT_STATUSES, 'pending'), pageOf('comments-page')),
    list(adminPaths.contributions, pick('guest', CONTRIBUTION_STATUSES, 'pending'), pageOf('guest-page')),
  ];
  return { dehydrated: await prefetchOwn(context, request, reads) };
}

export const action = dashboardAction(replyForms);

export const meta: Route.MetaFunction = adminMeta('Moderation', dashboardPaths.moderation);

export default function AdminModerationPage({ loaderData }: Route.ComponentProps) {
  const replied = useDone(REPLY_FORM);
  return (
    <HydrationBoundary state={loaderData.dehydrated}>
      <div className="space-y-10">
        {replied ? (
          <DoneNotice title="Reply posted" text="Your answer is on the post, under the comment." />
        ) : null}
        <CommentModeration />
        <ContributionModeration />
      </div>
    </HydrationBoundary>
  );
}
