/**
 * /admin/blog: write, edit, publish and delete posts. `?edit=ID` opens a post in the editor
 * (the link Moderation gives for a guest post just approved as a draft). The editor is in the
 * page's HTML with the post's stored values, and saves without its code too (ADR 013).
 */
import { HydrationBoundary } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { AdminPost } from '../../common/schemas/blog.ts';
import type { BookingSettings } from '../../common/schemas/booking.ts';
import { slugify } from '../../common/text.ts';
import type { WebLoadContext } from '../../common/web-context.ts';
import { zonedInstant } from '../../common/zoned-time.ts';
import { ADMIN_PAGE_SIZE, useUpdateParams } from '../features/admin/admin-list.tsx';
import {
  dashboardAction,
  donePage,
  idOf,
  listParams,
  listPath,
} from '../features/admin/dashboard-form.server.ts';
import { BLOG_PATH } from '../features/blog/api.ts';
import { ownerBlogPaths, useAdminPost } from '../features/blog/owner-api.ts';
import { POST_DONE, POST_FORM, PostEditor } from '../features/blog/post-editor.tsx';
import { PostsList } from '../features/blog/posts-list.tsx';
import { TAG_FORM, TagsPanel } from '../features/blog/tags-panel.tsx';
import { bookingOwnerPaths } from '../features/booking/api.ts';
import { prefetchOwn } from '../lib/prefetch.ts';
import { Spinner } from '../ui/spinner.tsx';
import type { Route } from './+types/admin-posts';

export async function loader({ context, request }: Route.LoaderArgs) {
  const params = listParams(request);
  const edit = idOf(params.raw('edit') ?? undefined);
  const list = listPath(ownerBlogPaths.posts, { page: params.page(), pageSize: ADMIN_PAGE_SIZE });
  const reads = [list, ownerBlogPaths.tags, ...(Number.isNaN(edit) ? [] : [ownerBlogPaths.post(edit)])];
  return { dehydrated: await prefetchOwn(context, request, reads) };
}

/** A publish time typed without the page's code: the browser's zone is unknown, so it is the owner's. */
async function publishAtOf(value: string | undefined, context: WebLoadContext) {
  const typed = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(value?.trim() ?? '');
  if (!value?.trim()) return null;
  if (!typed) return undefined;
  const settings = await context
    .readOwnApi<BookingSettings>(bookingOwnerPaths.bookingSettings)
    .catch(() => null);
  const at = zonedInstant(
    typed[1] ?? '',
    Number(typed[2]) * 60 + Number(typed[3]),
    settings?.timeZone ?? 'UTC',
  );
  return at ? at.toISOString() : undefined;
}

export const action = dashboardAction({
  [TAG_FORM]: {
    failure: { title: 'Error', fallback: 'The tag could not be renamed.' },
    call: (fields) => ({
      method: 'POST',
      path: ownerBlogPaths.renameTag,
      body: { from: fields.from ?? '', to: fields.to ?? '' },
    }),
  },
  [POST_FORM]: {
    failure: { title: 'Error', fallback: 'Unknown error' },
    describe: (message, fields) =>
      Number.isNaN(idOf(fields.id))
        ? `Failed to create blog post: ${message}`
        : `Failed to update blog post: ${message}`,
    call: async (fields, context) => {
      const publishAt = await publishAtOf(fields.publishAt, context);
      if (publishAt === undefined) {
        return { problem: 'Publish time must be a valid date and time', field: 'publishAt' };
      }
      const body = {
        title: fields.title ?? '',
        // Without the code nothing made the slug from the title: the server does, as the script would.
        slug: fields.slug?.trim() || slugify(fields.title ?? ''),
        summary: fields.summary ?? '',
        content: fields.content ?? '',
        coverImage: fields.coverImage ?? '',
        tags: fields.tags ?? '',
        isPublished: fields.isPublished === 'on',
        metaDescription: fields.metaDescription ?? '',
        canonicalUrl: fields.canonicalUrl ?? '',
        publishAt,
      };
      const id = idOf(fields.id);
      return Number.isNaN(id)
        ? { method: 'POST', path: BLOG_PATH, body }
        : { method: 'PATCH', path: ownerBlogPaths.post(id), body };
    },
    doneAt: (answer, page, fields) => {
      const done = Number.isNaN(idOf(fields.id)) ? POST_DONE.created : POST_DONE.updated;
      return donePage(page, done, { edit: String((answer as AdminPost).id) });
    },
  },
});

export default function AdminPostsPage({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydrated}>
      <PostsPage />
    </HydrationBoundary>
  );
}

function PostsPage() {
  const [params] = useSearchParams();
  const update = useUpdateParams();
  const [deletedId, setDeletedId] = useState<number | null>(null);
  const requested = Number.parseInt(params.get('edit') ?? '', 10);
  // A post deleted while open is let go of at once, before the address catches up: its
  // query would otherwise be asked for again (a 404) when the lists refresh.
  const editId = requested === deletedId ? Number.NaN : requested;
  const editing = useAdminPost(editId);
  const edit = (id: number | null) =>
    update({ edit: id === null ? null : String(id) }, { preventScrollReset: false });

  return (
    <div className="space-y-10">
      {editing.isLoading ? (
        <div className="flex justify-center py-10">
          <Spinner label="Loading the post" />
        </div>
      ) : (
        <PostEditor editing={editing.data ?? null} onDone={() => edit(null)} onCreated={(id) => edit(id)} />
      )}
      <PostsList
        onDelete={(post) => {
          if (post.id !== editId) return;
          setDeletedId(post.id);
          edit(null);
        }}
        onEdit={(post) => {
          edit(post.id);
          window.scrollTo({ top: 0, behavior: 'smooth' });
        }}
      />
      <TagsPanel />
    </div>
  );
}
