/**
 * Moderation's guest posts: a full preview rendered as visitors would see it, review notes, and a
 * verdict (approve into a draft post, reject, spam), a form of each guest post.
 */
import type { AdminContribution } from '../../../common/schemas/contributions.ts';
import type { ModerationAction } from '../../../common/schemas/shared.ts';
import { usePageAction } from '../../lib/form-post.ts';
import { paths } from '../../lib/paths.ts';
import { FormNotice } from '../../ui/form-notice.tsx';
import { Link } from '../../ui/link.tsx';
import { Textarea } from '../../ui/textarea.tsx';
import { When } from '../../ui/when.tsx';
import { AdminSection, EntryList, useFilteredAdminList } from '../admin/admin-list.tsx';
import { RowForm, useRowForm } from '../admin/row-list.tsx';
import { BLOG_PATH } from './api.ts';
import { MathStyles } from './math-styles.tsx';
import { CONTRIBUTION_FORM, ownerBlogPaths } from './owner-api.ts';
import { doneWord, VerdictButtons } from './verdict-buttons.tsx';

export const CONTRIBUTION_STATUSES = ['pending', 'reviewed', 'all'] as const;
type ContributionStatus = (typeof CONTRIBUTION_STATUSES)[number];
const CONTRIBUTION_STATUS_LABELS = {
  pending: 'Waiting for review',
  reviewed: 'Reviewed',
  all: 'All',
} as const;

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
  const action = usePageAction();
  const review = useRowForm(
    CONTRIBUTION_FORM,
    contribution.id,
    (sent) => {
      const verdict = (sent?.get('action') ?? 'reject') as ModerationAction;
      return verdict === 'approve'
        ? { title: 'Guest post approved', description: `“${contribution.title}” is saved as a draft post.` }
        : { title: `Guest post ${doneWord[verdict]}`, description: contribution.title };
    },
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
      <RowForm
        form={review}
        id={contribution.id}
        label={`Review “${contribution.title}”`}
        action={action}
        className="mt-4"
      >
        <div className="flex flex-col gap-1">
          <label htmlFor={notesId} className="text-sm font-medium">
            Review notes
          </label>
          <Textarea
            // A fresh field once the stored notes change (a review saved them).
            key={contribution.reviewNotes ?? ''}
            id={notesId}
            name="reviewNotes"
            rows={2}
            maxLength={2000}
            defaultValue={review.answer?.values.reviewNotes ?? contribution.reviewNotes ?? ''}
            placeholder="Only you see these."
          />
        </div>
        <div className="mt-3 flex flex-wrap gap-2">
          <VerdictButtons
            text={(word, verdict) => (verdict === 'approve' ? 'Approve as draft' : word)}
            label={(word) =>
              word === 'Mark spam'
                ? `Mark “${contribution.title}” as spam`
                : `${word} “${contribution.title}”`
            }
            disabled={(verdict) => review.pending || (verdict === 'approve' && contribution.isApproved)}
          />
        </div>
        <FormNotice answer={review.answer} className="mt-2" />
      </RowForm>
    </article>
  );
}
