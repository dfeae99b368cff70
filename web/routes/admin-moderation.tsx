/** /admin/blog/moderation: comments and guest posts waiting for the owner. */

import { HydrationBoundary } from '@tanstack/react-query';
import { ADMIN_PAGE_SIZE } from '../features/admin/admin-list.tsx';
import { listParams, listPath } from '../features/admin/list-params.server.ts';
import { adminMeta } from '../features/admin/meta.ts';
import { REPLY_FORM } from '../features/blog/api.ts';
import { replyForms } from '../features/blog/blog-forms.server.ts';
import {
  COMMENT_STATUSES,
  CONTRIBUTION_STATUSES,
  CommentModeration,
  ContributionModeration,
} from '../features/blog/moderation.tsx';
import { ownerBlogPaths } from '../features/blog/owner-api.ts';
import { dashboardPaths } from '../lib/admin-paths.ts';
import { useDone } from '../lib/form-post.ts';
import { prefetchOwn } from '../lib/prefetch.ts';
import { formAction } from '../lib/route-form.server.ts';
import { DoneNotice } from '../ui/form-notice.tsx';
import type { Route } from './+types/admin-moderation';

/** Both lists as the address asks for them (filter and page), in the page's HTML. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { pick, page } = listParams(request);
  const list = (path: string, status: string, pageNumber: number) =>
    listPath(path, { status, page: pageNumber, pageSize: ADMIN_PAGE_SIZE });
  const reads = [
    list(ownerBlogPaths.comments, pick('comments', COMMENT_STATUSES, 'pending'), page('comments-page')),
    list(ownerBlogPaths.contributions, pick('guest', CONTRIBUTION_STATUSES, 'pending'), page('guest-page')),
  ];
  return { dehydrated: await prefetchOwn(context, request, reads) };
}

/** The owner's reply to a comment, with the page's code or without it (ADR 018). */
export const action = formAction(replyForms);

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
