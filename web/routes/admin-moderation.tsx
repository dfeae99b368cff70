/** /admin/blog/moderation: comments, guest posts and mentions from other sites waiting for the owner. */

import { HydrationBoundary } from '@tanstack/react-query';
import { moderationAction } from '../../common/schemas/shared.ts';
import { mentionActionSchema } from '../../common/schemas/webmention.ts';
import { z } from '../../common/schemas/zod.ts';
import { ADMIN_PAGE_SIZE } from '../features/admin/admin-list.tsx';
import { listParams, listPath } from '../features/admin/list-params.server.ts';
import { adminMeta } from '../features/admin/meta.ts';
import { REPLY_FORM } from '../features/blog/api.ts';
import { replyForms } from '../features/blog/blog-forms.server.ts';
import { CONTRIBUTION_STATUSES, ContributionModeration } from '../features/blog/guest-post-review.tsx';
import { MentionModeration } from '../features/blog/mention-moderation.tsx';
import { COMMENT_STATUSES, CommentModeration, SELECT_PARAM } from '../features/blog/moderation.tsx';
import {
  COMMENTS_FORM,
  CONTRIBUTION_FORM,
  MENTION_FORM,
  ownerBlogPaths,
  ownerMentionPath,
  ownerMentionsPath,
} from '../features/blog/owner-api.ts';
import { dashboardPaths } from '../lib/admin-paths.ts';
import { useDone } from '../lib/form-post.ts';
import { prefetchOwn } from '../lib/prefetch.ts';
import { doneWithout, formAction, routeForm } from '../lib/route-form.server.ts';
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
    ownerMentionsPath,
  ];
  return { dehydrated: await prefetchOwn(context, request, reads) };
}

/**
 * The owner's reply to a comment, the comments' moderation (a row's button or the ticked ones), a
 * guest post's review and a mention's row, with the page's code or without it (ADR 018).
 */
export const action = formAction({
  ...replyForms,
  [COMMENTS_FORM]: routeForm({
    schema: z.object({
      ids: z.array(z.coerce.number().int().positive()).max(200),
      action: moderationAction,
    }),
    failure: { title: 'Error', fallback: 'The comments could not be changed.' },
    call: (decided) => ({ method: 'POST', path: ownerBlogPaths.moderateComments, body: decided }),
    // The page comes back with nothing ticked.
    doneAt: (answer, page, { ids, action }) =>
      doneWithout(SELECT_PARAM, `comments-${action}-${ids.length}`)(answer, page),
  }),
  [CONTRIBUTION_FORM]: routeForm({
    schema: z.object({
      id: z.coerce.number().int().positive(),
      action: moderationAction,
      reviewNotes: z.string().optional(),
    }),
    failure: { title: 'Error', fallback: 'The guest post could not be reviewed.' },
    call: ({ id, action, reviewNotes }) => ({
      method: 'POST',
      path: ownerBlogPaths.reviewContribution(id),
      body: { action, ...(reviewNotes?.trim() ? { reviewNotes } : {}) },
    }),
  }),
  [MENTION_FORM]: routeForm({
    schema: mentionActionSchema,
    failure: { title: 'Error', fallback: 'The mention could not be changed.' },
    call: ({ id, intent }) =>
      intent === 'approve'
        ? { method: 'POST', path: `${ownerMentionPath(id)}/approve` }
        : { method: 'DELETE', path: ownerMentionPath(id) },
  }),
});

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
        <MentionModeration />
      </div>
    </HydrationBoundary>
  );
}
