/** The owner's posts, drafts included, a page at a time, each Draft, Scheduled or Published: publish, unpublish, edit and delete. */

import { useSearchParams } from 'react-router';
import type { AdminPost } from '../../../common/schemas/blog.ts';
import { dateAndTime } from '../../lib/dates.ts';
import { useAsking, useDone, usePageAction } from '../../lib/form-post.ts';
import { paths } from '../../lib/paths.ts';
import { useTimeZone } from '../../lib/site.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmStep, useConfirmStep } from '../../ui/confirm-step.tsx';
import { DoneNotice, FormNotice } from '../../ui/form-notice.tsx';
import { Link } from '../../ui/link.tsx';
import { When } from '../../ui/when.tsx';
import { AdminSection, useAdminList, useRefreshAdmin } from '../admin/admin-list.tsx';
import { StatusBadge } from '../admin/panel.tsx';
import { RowForm, useRowForm } from '../admin/row-list.tsx';
import { BLOG_PATH } from './api.ts';
import { ownerBlogPaths } from './owner-api.ts';

/** 'Publish' and 'Unpublish' in the list: a form of each row, posted to the page (ADR 018). */
export const PUBLISH_FORM = 'post-publish';
/** Where a publish without the page's code comes back: `?done=` one of these. */
export const PUBLISH_DONE = { published: 'post-published', unpublished: 'post-unpublished' } as const;
/** 'Delete' in the list asks first, on the page at the post (`?delete=<id>`), then posts this form. */
export const DELETE_POST_FORM = 'post-delete';
export const DELETE_POST_PARAM = 'delete';

export function PostsList({
  newPost,
  editAt,
}: {
  /** Where 'New post' opens the editor; none while it is open. */
  newPost: string | null;
  /** Where a post's 'Edit' opens the editor on it. */
  editAt: (post: AdminPost) => string;
}) {
  const query = useAdminList<AdminPost>(ownerBlogPaths.posts);
  const published = useDone(PUBLISH_DONE.published);
  const unpublished = useDone(PUBLISH_DONE.unpublished);
  const deleted = useDone(DELETE_POST_FORM);

  return (
    <AdminSection
      id="posts"
      title="Posts"
      query={query}
      filters={
        newPost ? (
          <Button asChild size="sm">
            <Link to={newPost}>New post</Link>
          </Button>
        ) : null
      }
      empty={newPost ? "No posts yet. Press 'New post' to write the first one." : 'No posts yet.'}
      notice={
        (published || unpublished || deleted) && (
          <DoneNotice
            className="mb-3"
            title={published ? 'Post published' : unpublished ? 'Post unpublished' : 'Post deleted'}
          />
        )
      }
    >
      {(posts) => (
        <ul aria-label="All posts" className="divide-y divide-border">
          {posts.map((post) => (
            <PostRow key={post.id} post={post} editAt={editAt(post)} />
          ))}
        </ul>
      )}
    </AdminSection>
  );
}

/** A post in the list: its title and state, Edit, Publish or Unpublish, and Delete (asked first). */
function PostRow({ post, editAt }: { post: AdminPost; editAt: string }) {
  const [params] = useSearchParams();
  const asking = useAsking(DELETE_POST_PARAM, String(post.id));
  const refresh = useRefreshAdmin();
  const remove = useConfirmStep(DELETE_POST_FORM, {
    id: String(post.id),
    done: { title: 'Post deleted', description: post.title },
    onDone: () => void refresh(BLOG_PATH),
  });
  return (
    <li id={`post-${post.id}`} className="flex scroll-mt-4 flex-wrap items-center gap-3 py-3">
      <div className="mr-auto min-w-0">
        <p className="truncate font-medium">
          {/* The owner reads a draft or a scheduled post at its own address too. */}
          <Link to={paths.post(post.slug)} className="hover:underline">
            {post.title}
          </Link>
        </p>
        <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
          <PostStatus post={post} />
          <span>
            /{post.slug} · updated <When iso={post.updatedAt} />
          </span>
        </p>
      </div>
      <Button asChild size="sm" variant="outline">
        <Link to={editAt} aria-label={`Edit ${post.title}`}>
          Edit
        </Link>
      </Button>
      <PublishForm post={post} />
      {params.get(DELETE_POST_PARAM) === String(post.id) ? (
        <ConfirmStep
          step={remove}
          param={DELETE_POST_PARAM}
          index
          question={`Delete “${post.title}”? This cannot be undone.`}
          confirm={['Yes, delete it', 'Deleting...']}
          className="basis-full"
        />
      ) : (
        <Button asChild size="sm" variant="destructive">
          {/* The question is on the page, at the post: a link, so it works without the page's code. */}
          <Link to={`${asking}#post-${post.id}`} preventScrollReset aria-label={`Delete ${post.title}`}>
            Delete
          </Link>
        </Button>
      )}
    </li>
  );
}

/** Publish or unpublish a post from its row: only that field changes (cover, tags and dates stay). */
function PublishForm({ post }: { post: AdminPost }) {
  // The posts page is the dashboard's index route: its own query (the page, the post open) kept.
  const action = usePageAction({ index: true });
  const verb = post.isPublished ? 'Unpublish' : 'Publish';
  const form = useRowForm(
    PUBLISH_FORM,
    post.id,
    // What was sent, not the row as it is now: the fresh list may already be in.
    (sent) => ({
      title: sent?.get('isPublished') === 'true' ? 'Post published' : 'Post unpublished',
      description: post.title,
    }),
    [BLOG_PATH],
  );
  return (
    <RowForm form={form} id={post.id} label={`${verb} ${post.title}`} action={action}>
      <input type="hidden" name="isPublished" value={String(!post.isPublished)} />
      <Button
        type="submit"
        size="sm"
        variant="outline"
        pending={form.pending}
        pendingText={post.isPublished ? 'Unpublishing...' : 'Publishing...'}
        aria-label={`${verb} ${post.title}`}
      >
        {verb}
      </Button>
      <FormNotice answer={form.answer} />
    </RowForm>
  );
}

const TONE = { draft: 'quiet', scheduled: 'notice', published: 'good' } as const;

function PostStatus({ post }: { post: AdminPost }) {
  const timeZone = useTimeZone();
  const label =
    post.status === 'scheduled' && post.publishedAt
      ? `Scheduled for ${dateAndTime(post.publishedAt, timeZone)}`
      : post.status === 'published'
        ? 'Published'
        : 'Draft';
  return <StatusBadge tone={TONE[post.status]}>{label}</StatusBadge>;
}
