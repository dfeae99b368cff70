/**
 * Moderation's comments: those waiting for approval (singly or in bulk: approve, reject, mark
 * spam), answered from here too. Approved comments show on the post at once: the server clears
 * its cache and the page's public reads are refreshed here. Guest posts are reviewed in
 * guest-post-review.tsx.
 */
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { AdminComment } from '../../../common/schemas/comments.ts';
import type { ModerationAction } from '../../../common/schemas/shared.ts';
import { DONE_PARAM, usePageAction } from '../../lib/form-post.ts';
import { paths } from '../../lib/paths.ts';
import { useRouteForm } from '../../lib/route-form.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { DoneNotice, FormNotice } from '../../ui/form-notice.tsx';
import { Link } from '../../ui/link.tsx';
import { OnlyWithoutCode } from '../../ui/only-with-code.tsx';
import { PageForm } from '../../ui/page-form.tsx';
import { toast } from '../../ui/use-toast.ts';
import { When } from '../../ui/when.tsx';
import { AdminSection, useFilteredAdminList, useRefreshAdmin } from '../admin/admin-list.tsx';
import { RowForm, useRowForm } from '../admin/row-list.tsx';
import { COMMENTS_PREFIX } from './api.ts';
import { COMMENTS_FORM, ownerBlogPaths } from './owner-api.ts';
import ReplyForm, { useReplyAnswer } from './reply-form.tsx';
import { doneWord, VerdictButtons } from './verdict-buttons.tsx';

export const COMMENT_STATUSES = ['pending', 'approved', 'spam'] as const;
const COMMENT_STATUS_LABELS = { pending: 'Waiting', approved: 'Approved', spam: 'Spam' } as const;
type CommentStatus = (typeof COMMENT_STATUSES)[number];
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
/** 'Comment approved', '2 comments marked as spam'. */
const commentsDone = (count: number, action: ModerationAction) =>
  `${count === 1 ? 'Comment' : plural(count, 'comment')} ${doneWord[action]}`;

/** The bulk form's id: each row's checkbox sits in the list and names it (`form=`). */
const COMMENTS_FORM_ID = 'comment-moderation';

/**
 * `?select=<id>,<id>`: the comments ticked as the page comes (the page's own, by the link 'Select
 * all on this page' without the code); another page or filter shows none of them.
 */
export const SELECT_PARAM = 'select';

const ticked = (params: URLSearchParams) =>
  (params.get(SELECT_PARAM) ?? '')
    .split(',')
    .map(Number)
    .filter((id) => Number.isSafeInteger(id) && id > 0);

const withTicked = (params: URLSearchParams, comments: AdminComment[]) => {
  const next = new URLSearchParams(params);
  next.delete(DONE_PARAM);
  next.set(SELECT_PARAM, comments.map((comment) => comment.id).join(','));
  return next;
};

/** What a moderation sent (a row's form or the ticked ones): the comments and the decision. */
const sentModeration = (sent: FormData | null) => ({
  ids: sent?.getAll('ids').map(Number) ?? [],
  action: String(sent?.get('action') ?? 'approve') as ModerationAction,
});

/** The notice a moderation sent without the page's code comes back to (`?done=comments-<action>-<count>`). */
function ModerationDone() {
  const [params] = useSearchParams();
  const done = /^comments-(approve|reject|spam)-(\d+)$/.exec(params.get(DONE_PARAM) ?? '');
  if (!done) return null;
  return <DoneNotice className="mb-3" title={commentsDone(Number(done[2]), done[1] as ModerationAction)} />;
}

export function CommentModeration() {
  const [query, filter] = useFilteredAdminList<AdminComment, CommentStatus>(ownerBlogPaths.comments, {
    id: 'comment-status',
    param: 'comments',
    field: 'status',
    values: COMMENT_STATUSES,
    labels: COMMENT_STATUS_LABELS,
    fallback: 'pending',
    pageParam: 'comments-page',
  });

  const [params] = useSearchParams();
  // The comments the page was asked to tick (`?select=`, the link without the code).
  const [selected, setSelected] = useState<Set<number>>(() => new Set(ticked(params)));
  const hydrated = useHydrated();
  const refresh = useRefreshAdmin();
  const moderate = useRouteForm(COMMENTS_FORM, {
    // A row's own form answers in its row.
    match: (answer) => answer.values.id === undefined,
    onDone: (sent) => {
      const { ids, action: decided } = sentModeration(sent);
      toast({ title: commentsDone(ids.length, decided) });
      setSelected((current) => new Set([...current].filter((id) => !ids.includes(id))));
      void refresh(COMMENTS_PREFIX);
    },
  });
  const items = query.data?.items ?? [];
  const selectedHere = items.filter((c) => selected.has(c.id)).map((c) => c.id);
  const allSelected = items.length > 0 && selectedHere.length === items.length;
  const toggle = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return (
    <AdminSection
      id="comments"
      pageParam="comments-page"
      title="Comments"
      description="Rejecting deletes a comment; spam stays out of sight and can be approved later."
      query={query}
      empty={filter.value === 'pending' ? 'No comments are waiting for moderation.' : 'No comments here.'}
      filter={{
        ...filter,
        onChange: (value) => {
          setSelected(new Set());
          filter.onChange(value);
        },
      }}
      notice={<ModerationDone />}
    >
      {(comments) => (
        <>
          <PageForm
            form={moderate}
            id={COMMENTS_FORM_ID}
            aria-label="Moderate comments"
            className="flex flex-wrap items-center gap-3 border-b border-border pb-3"
          >
            {hydrated && (
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-primary"
                  checked={allSelected}
                  onChange={(event) =>
                    setSelected(event.target.checked ? new Set(comments.map((c) => c.id)) : new Set())
                  }
                />
                Select all on this page
              </label>
            )}
            {/* Without the code, the page again with every box ticked. */}
            <OnlyWithoutCode>
              <Link
                to={`?${withTicked(params, comments)}#comments-heading`}
                className="text-sm text-primary underline underline-offset-2"
              >
                Select all on this page
              </Link>
            </OnlyWithoutCode>
            <span className="text-sm text-muted-foreground" aria-live="polite">
              {selectedHere.length > 0 ? `${selectedHere.length} selected` : ''}
            </span>
            <div className="ml-auto flex flex-wrap gap-2">
              <VerdictButtons
                text={(word) => `${word} selected`}
                // Without the page's code nothing counts the ticks: the server says when none is.
                disabled={() => hydrated && (selectedHere.length === 0 || moderate.pending)}
              />
            </div>
            <FormNotice answer={moderate.answer} className="basis-full" />
          </PageForm>
          <ul aria-label="Comments" className="divide-y divide-border">
            {comments.map((comment) => (
              <li key={comment.id} className="flex gap-3 py-4">
                <input
                  type="checkbox"
                  form={COMMENTS_FORM_ID}
                  name="ids"
                  value={comment.id}
                  className="mt-1 h-4 w-4 shrink-0 accent-primary"
                  aria-label={`Select the comment by ${comment.name}`}
                  checked={selected.has(comment.id)}
                  onChange={(event) => toggle(comment.id, event.target.checked)}
                />
                <article aria-label={`Comment by ${comment.name}`} className="min-w-0 flex-1">
                  <p className="text-sm text-muted-foreground">
                    On{' '}
                    <Link
                      to={paths.post(comment.postSlug)}
                      className="font-medium text-foreground hover:underline"
                    >
                      {comment.postTitle}
                    </Link>{' '}
                    · <When iso={comment.createdAt} />
                  </p>
                  <p className="mt-1 font-medium">
                    {comment.name}{' '}
                    <a
                      href={
                        comment.authorHandle && comment.authorUrl
                          ? comment.authorUrl
                          : `mailto:${comment.email}`
                      }
                      rel={comment.authorHandle ? 'noopener noreferrer nofollow' : undefined}
                      className="text-sm font-normal text-primary underline underline-offset-2"
                    >
                      {comment.authorHandle || comment.email}
                    </a>
                  </p>
                  <p className="mt-2 whitespace-pre-line break-words">{comment.content}</p>
                  <p className="mt-2 text-xs text-muted-foreground">
                    {comment.isAuthorReply
                      ? 'Your reply'
                      : comment.authorHandle
                        ? 'A reply from the fediverse'
                        : `IP ${comment.ipAddress ?? 'not recorded'}${comment.notifyOnReply ? ' · wants an email when you reply' : ''}`}
                  </p>
                  <div className="mt-3 flex flex-wrap gap-2">
                    <CommentActions comment={comment} />
                    {comment.isAuthorReply || comment.isSpam ? null : (
                      <DashboardReply commentId={comment.id} postId={comment.postId} to={comment.name} />
                    )}
                  </div>
                </article>
              </li>
            ))}
          </ul>
        </>
      )}
    </AdminSection>
  );
}

/** A comment's own Approve, Mark spam and Reject: the comments' form with this one comment. */
function CommentActions({ comment }: { comment: AdminComment }) {
  const action = usePageAction();
  const row = useRowForm(
    COMMENTS_FORM,
    comment.id,
    (sent) => ({ title: commentsDone(1, sentModeration(sent).action) }),
    [COMMENTS_PREFIX],
  );
  return (
    <RowForm
      form={row}
      id={comment.id}
      label={`Moderate the comment by ${comment.name}`}
      action={action}
      className="contents"
    >
      <input type="hidden" name="ids" value={comment.id} />
      <VerdictButtons
        skip={(verdict) =>
          (verdict === 'approve' && comment.isApproved) || (verdict === 'spam' && comment.isSpam)
        }
        label={(word) => `${word} the comment by ${comment.name}`}
        disabled={() => row.pending}
      />
      <FormNotice answer={row.answer} className="basis-full" />
    </RowForm>
  );
}

/** Reply to a comment from the dashboard: the answer goes on the post (and approves the comment). */
function DashboardReply({ commentId, postId, to }: { commentId: number; postId: number; to: string }) {
  const details = useRef<HTMLDetailsElement>(null);
  const refused = useReplyAnswer(commentId) !== undefined;
  return (
    <details ref={details} open={refused || undefined} className="basis-full">
      <summary className="inline-flex h-9 w-fit cursor-pointer items-center rounded-md border border-border bg-background px-3 text-sm font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">
        Reply<span className="sr-only"> to the comment by {to}</span>
      </summary>
      <ReplyForm
        commentId={commentId}
        postId={postId}
        to={to}
        onDone={() => {
          if (details.current) details.current.open = false;
        }}
      />
    </details>
  );
}
