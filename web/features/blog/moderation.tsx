/**
 * Moderation: comments waiting for approval (singly or in bulk: approve, reject,
 * mark spam) and guest posts (a full preview rendered as visitors would see it,
 * review notes, approve into a draft post, reject, spam). Approved comments show
 * on the post at once: the server clears its cache and the page's public reads
 * are refreshed here.
 */
import { useRef, useState } from 'react';
import type { AdminComment } from '../../../common/schemas/comments.ts';
import type { AdminContribution } from '../../../common/schemas/contributions.ts';
import { paths } from '../../lib/paths.ts';
import { Button } from '../../ui/button.tsx';
import { Link } from '../../ui/link.tsx';
import { Textarea } from '../../ui/textarea.tsx';
import { When } from '../../ui/when.tsx';
import { AdminSection, EntryList, useAdminAction, useFilteredAdminList } from '../admin/admin-list.tsx';
import { BLOG_PATH, COMMENTS_PREFIX } from './api.ts';
import { MathStyles } from './math-styles.tsx';
import { moderateComments, ownerBlogPaths, reviewContribution } from './owner-api.ts';
import ReplyForm, { useReplyAnswer } from './reply-form.tsx';

type ModerationAction = 'approve' | 'reject' | 'spam';

export const COMMENT_STATUSES = ['pending', 'approved', 'spam'] as const;
const COMMENT_STATUS_LABELS = { pending: 'Waiting', approved: 'Approved', spam: 'Spam' } as const;
type CommentStatus = (typeof COMMENT_STATUSES)[number];
export const CONTRIBUTION_STATUSES = ['pending', 'reviewed', 'all'] as const;
type ContributionStatus = (typeof CONTRIBUTION_STATUSES)[number];
const CONTRIBUTION_STATUS_LABELS = {
  pending: 'Waiting for review',
  reviewed: 'Reviewed',
  all: 'All',
} as const;

const doneWord = { approve: 'approved', reject: 'rejected', spam: 'marked as spam' } as const;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

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

  const [selected, setSelected] = useState<Set<number>>(new Set());
  const moderate = useAdminAction(
    async ({ ids, action }: { ids: number[]; action: ModerationAction }) => {
      await moderateComments(ids, action);
      setSelected((current) => new Set([...current].filter((id) => !ids.includes(id))));
    },
    ({ ids, action }) => ({
      title: `${ids.length === 1 ? 'Comment' : plural(ids.length, 'comment')} ${doneWord[action]}`,
    }),
    [COMMENTS_PREFIX],
  );
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
  const actions: Array<[ModerationAction, string, 'primary' | 'outline' | 'destructive']> = [
    ['approve', 'Approve', 'primary'],
    ['spam', 'Mark spam', 'outline'],
    ['reject', 'Reject', 'destructive'],
  ];

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
    >
      {(comments) => (
        <>
          <div className="flex flex-wrap items-center gap-3 border-b border-border pb-3">
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
            <span className="text-sm text-muted-foreground" aria-live="polite">
              {selectedHere.length > 0 ? `${selectedHere.length} selected` : ''}
            </span>
            <div className="ml-auto flex flex-wrap gap-2">
              {actions.map(([action, label, variant]) => (
                <Button
                  key={action}
                  size="sm"
                  variant={variant}
                  disabled={selectedHere.length === 0 || moderate.isPending}
                  onClick={() => moderate.mutate({ ids: selectedHere, action })}
                >
                  {label} selected
                </Button>
              ))}
            </div>
          </div>
          <ul aria-label="Comments" className="divide-y divide-border">
            {comments.map((comment) => (
              <li key={comment.id} className="flex gap-3 py-4">
                <input
                  type="checkbox"
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
                    {actions
                      .filter(([action]) => !(action === 'approve' && comment.isApproved))
                      .filter(([action]) => !(action === 'spam' && comment.isSpam))
                      .map(([action, label, variant]) => (
                        <Button
                          key={action}
                          size="sm"
                          variant={variant}
                          disabled={moderate.isPending}
                          aria-label={`${label} the comment by ${comment.name}`}
                          onClick={() => moderate.mutate({ ids: [comment.id], action })}
                        >
                          {label}
                        </Button>
                      ))}
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

export function ContributionModeration() {
  const [query, filter] = useFilteredAdminList<AdminContribution, ContributionStatus>(
    ownerBlogPaths.contributions,
    {
      id: 'contribution-status',
      param: 'guest',
      field: 'status',
      values: CONTRIBUTION_STATUSES,
      labels: CONTRIBUTION_STATUS_LABELS,
      fallback: 'pending',
      pageParam: 'guest-page',
    },
  );

  return (
    <AdminSection
      id="contributions"
      pageParam="guest-page"
      title="Guest posts"
      description="Approving saves a guest post as a draft post that you can edit and publish under Posts."
      query={query}
      empty={filter.value === 'pending' ? 'No guest posts are waiting for review.' : 'No guest posts here.'}
      filter={filter}
    >
      {(contributions) => (
        <EntryList
          label="Guest posts"
          className="space-y-6"
          items={contributions}
          keyOf={(contribution) => contribution.id}
          entry={(contribution) => <ContributionReview contribution={contribution} />}
        />
      )}
    </AdminSection>
  );
}

function statusOf(contribution: AdminContribution): string {
  if (!contribution.isReviewed) return 'Waiting for review';
  if (contribution.isApproved) return 'Approved';
  return contribution.isSpam ? 'Spam' : 'Rejected';
}

function ContributionReview({ contribution }: { contribution: AdminContribution }) {
  const [notes, setNotes] = useState(contribution.reviewNotes ?? '');
  const review = useAdminAction(
    (action: ModerationAction) =>
      reviewContribution(contribution.id, { action, ...(notes.trim() ? { reviewNotes: notes.trim() } : {}) }),
    (action) =>
      action === 'approve'
        ? { title: 'Guest post approved', description: `“${contribution.title}” is saved as a draft post.` }
        : { title: `Guest post ${doneWord[action]}`, description: contribution.title },
    [BLOG_PATH],
  );
  const notesId = `review-notes-${contribution.id}`;
  return (
    <article
      aria-labelledby={`contribution-${contribution.id}`}
      className="rounded-md border border-border p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id={`contribution-${contribution.id}`} className="text-lg font-semibold">
            {contribution.title}
          </h3>
          <p className="text-sm text-muted-foreground">
            By {contribution.authorName}{' '}
            <a
              href={`mailto:${contribution.authorEmail}`}
              className="text-primary underline underline-offset-2"
            >
              {contribution.authorEmail}
            </a>{' '}
            · <When iso={contribution.createdAt} /> · IP {contribution.ipAddress ?? 'not recorded'}
          </p>
        </div>
        <span className="rounded-full bg-muted px-3 py-1 text-xs font-medium">{statusOf(contribution)}</span>
      </div>
      <p className="mt-3">{contribution.summary}</p>
      {contribution.tags.length > 0 && (
        <p className="mt-2 text-sm text-muted-foreground">Tags: {contribution.tags.join(', ')}</p>
      )}
      <details className="mt-3 rounded-md border border-border">
        <summary className="cursor-pointer px-3 py-2 text-sm font-medium">Preview the post</summary>
        <div className="border-t border-border p-4">
          {contribution.coverImage && (
            <img
              src={contribution.coverImage}
              alt=""
              className="mb-4 max-h-64 w-full rounded-md object-cover"
            />
          )}
          <MathStyles html={contribution.contentHtml} />
          <div
            className="prose-content"
            // Rendered and sanitised on the server by the same code as published posts.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised server-side
            dangerouslySetInnerHTML={{ __html: contribution.contentHtml }}
          />
        </div>
      </details>
      {contribution.postId !== null && (
        <p className="mt-3 text-sm">
          <Link
            to={`${paths.adminBlog}?edit=${contribution.postId}`}
            className="text-primary underline underline-offset-2"
          >
            Edit the draft post
          </Link>
        </p>
      )}
      <div className="mt-4 flex flex-col gap-1">
        <label htmlFor={notesId} className="text-sm font-medium">
          Review notes
        </label>
        <Textarea
          id={notesId}
          rows={2}
          maxLength={2000}
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
          placeholder="Only you see these."
        />
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          size="sm"
          disabled={review.isPending || contribution.isApproved}
          onClick={() => review.mutate('approve')}
          aria-label={`Approve “${contribution.title}”`}
        >
          Approve as draft
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={review.isPending}
          onClick={() => review.mutate('spam')}
          aria-label={`Mark “${contribution.title}” as spam`}
        >
          Mark spam
        </Button>
        <Button
          size="sm"
          variant="destructive"
          disabled={review.isPending}
          onClick={() => review.mutate('reject')}
          aria-label={`Reject “${contribution.title}”`}
        >
          Reject
        </Button>
      </div>
    </article>
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
