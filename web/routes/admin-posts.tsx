/**
 * /admin/blog: write, edit, publish and delete posts. The section opens on the list of posts
 * (issue 46); 'New post' (`?new`) opens an empty editor above it, and `?edit=ID` a post (the link
 * Moderation gives for a guest post just approved as a draft). The editor is in the page's HTML
 * with the post's stored values, and saves without its code too (ADR 013).
 */
import { HydrationBoundary } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { type AdminPost, postEditorFormSchema, tagRenameSchema } from '../../common/schemas/blog.ts';
import type { BookingSettings } from '../../common/schemas/booking.ts';
import { z } from '../../common/schemas/zod.ts';
import { slugify } from '../../common/text.ts';
import type { WebLoadContext } from '../../common/web-context.ts';
import { zonedInstant } from '../../common/zoned-time.ts';
import { ADMIN_PAGE_SIZE } from '../features/admin/admin-list.tsx';
import { idOf, listParams, listPath } from '../features/admin/list-params.server.ts';
import { BLOG_PATH } from '../features/blog/api.ts';
import { storeEditorFiles } from '../features/blog/editor-files.server.ts';
import { ownerBlogPaths, useAdminPost } from '../features/blog/owner-api.ts';
import {
  NEW_POST_PARAM,
  POST_DONE,
  POST_FORM,
  PostEditor,
  usePostSave,
} from '../features/blog/post-editor.tsx';
import { PREVIEW_FORM } from '../features/blog/post-preview.tsx';
import {
  DELETE_POST_FORM,
  DELETE_POST_PARAM,
  PostsList,
  PUBLISH_DONE,
  PUBLISH_FORM,
} from '../features/blog/posts-list.tsx';
import { PREVIEW_LINK_FORM, PreviewLinkForm } from '../features/blog/preview-link.tsx';
import { TAG_FORM, TagsPanel } from '../features/blog/tags-panel.tsx';
import { bookingOwnerPaths } from '../features/booking/api.ts';
import { useGoneSince } from '../lib/edit-version.tsx';
import { DONE_PARAM } from '../lib/form-post.ts';
import { addressWith, paths } from '../lib/paths.ts';
import { prefetchOwn } from '../lib/prefetch.ts';
import { donePage, formAction, routeForm } from '../lib/route-form.server.ts';
import { Link } from '../ui/link.tsx';
import { Spinner } from '../ui/spinner.tsx';
import type { Route } from './+types/admin-posts';

export async function loader({ context, request }: Route.LoaderArgs) {
  const params = listParams(request);
  const edit = idOf(params.raw('edit') ?? undefined);
  const list = listPath(ownerBlogPaths.posts, { page: params.page(), pageSize: ADMIN_PAGE_SIZE });
  const post = Number.isNaN(edit) ? [] : [ownerBlogPaths.post(edit)];
  // A post deleted since is read as null (as the editor's query gives it): the page says so.
  return {
    dehydrated: await prefetchOwn(context, request, [list, ownerBlogPaths.tags, ...post], {
      mayBeGone: post,
    }),
  };
}

/** A publish time as the datetime field holds it, in the zone it was typed in (else the owner's). */
async function publishAtOf(typed: string, timeZone: string | undefined, context: WebLoadContext) {
  if (!typed) return null;
  const at = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::\d{2})?$/.exec(typed);
  if (!at) return undefined;
  const zone =
    timeZone ||
    (await context.readOwnApi<BookingSettings>(bookingOwnerPaths.bookingSettings).catch(() => null))
      ?.timeZone ||
    'UTC';
  const instant = zonedInstant(at[1] ?? '', Number(at[2]) * 60 + Number(at[3]), zone);
  return instant ? instant.toISOString() : undefined;
}

/**
 * The post editor, a post's publish and delete from the list and a tag's rename, with the page's
 * code or without it (ADR 018).
 */
export const action = formAction({
  [DELETE_POST_FORM]: routeForm({
    schema: z.object({ id: z.coerce.number().int().positive() }),
    failure: { title: 'Error', fallback: 'The post could not be deleted.' },
    call: ({ id }) => ({ method: 'DELETE', path: ownerBlogPaths.post(id) }),
    // Back to the list without the question, and without the editor when it held this post.
    doneAt: (_answer, page, { id }) => {
      const here = new URL(page);
      here.searchParams.delete(DELETE_POST_PARAM);
      if (here.searchParams.get('edit') === String(id)) here.searchParams.delete('edit');
      return donePage(here, DELETE_POST_FORM);
    },
  }),
  [PUBLISH_FORM]: routeForm({
    schema: z.object({ id: z.coerce.number().int().positive(), isPublished: z.enum(['true', 'false']) }),
    failure: { title: 'Error', fallback: 'The post could not be changed.' },
    call: ({ id, isPublished }) => ({
      method: 'PATCH',
      path: ownerBlogPaths.post(id),
      body: { isPublished: isPublished === 'true' },
    }),
    doneAt: (_answer, page, { isPublished }) =>
      donePage(page, isPublished === 'true' ? PUBLISH_DONE.published : PUBLISH_DONE.unpublished),
  }),
  [PREVIEW_LINK_FORM]: routeForm({
    schema: z.object({ id: z.coerce.number().int().positive(), open: z.enum(['true', 'false']) }),
    failure: { title: 'Error', fallback: 'Unknown error' },
    call: ({ id, open }) => ({
      method: open === 'true' ? 'POST' : 'DELETE',
      path: ownerBlogPaths.previewLink(id),
    }),
    doneAt: (_answer, page, { open }) =>
      donePage(page, open === 'true' ? PREVIEW_LINK_FORM : `${PREVIEW_LINK_FORM}-revoked`),
  }),
  [TAG_FORM]: routeForm({
    schema: tagRenameSchema,
    failure: { title: 'Error', fallback: 'The tag could not be renamed.' },
    call: (rename) => ({ method: 'POST', path: ownerBlogPaths.renameTag, body: rename }),
  }),
  [PREVIEW_FORM]: routeForm({
    schema: z.object({ content: z.string() }),
    // The files chosen go where a save puts them (a cover in its field, an image in the content), so the preview shows them.
    files: storeEditorFiles,
    failure: { title: 'Error', fallback: 'Preview failed' },
    call: ({ content }) => ({ method: 'POST', path: ownerBlogPaths.markdownPreview, body: { content } }),
    show: (answer) => ({ html: (answer as { html: string }).html }),
  }),
  [POST_FORM]: routeForm({
    schema: postEditorFormSchema,
    files: storeEditorFiles,
    failure: { title: 'Error', fallback: 'Unknown error' },
    describe: (message, { id }) =>
      id === undefined ? `Failed to create blog post: ${message}` : `Failed to update blog post: ${message}`,
    call: async ({ id, slug, publishAt: typed, timeZone, ...post }, { context }) => {
      const publishAt = await publishAtOf(typed, timeZone, context);
      if (publishAt === undefined) {
        return { problem: 'Publish time must be a valid date and time', field: 'publishAt' };
      }
      // An empty slug is made from the title, as the editor's code would have.
      const body = { ...post, slug: slug || slugify(post.title), publishAt };
      return id === undefined
        ? { method: 'POST', path: BLOG_PATH, body }
        : { method: 'PATCH', path: ownerBlogPaths.post(id), body };
    },
    doneAt: (answer, page, { id }) => {
      // Saved: the editor holds the stored post now, not a new one.
      const here = new URL(page);
      here.searchParams.delete(NEW_POST_PARAM);
      return donePage(here, id === undefined ? POST_DONE.created : POST_DONE.updated, {
        edit: String((answer as AdminPost).id),
      });
    },
  }),
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
  const editId = Number.parseInt(params.get('edit') ?? '', 10);
  const editing = useAdminPost(editId);
  const save = usePostSave();
  // Deleted since: the editor open on it keeps its fields for a new post; a link finds the notice.
  const { gone, keep } = useGoneSince(editing.data, editId, save.answer);
  // Links, so they open and close the editor without the page's code too (the list's page kept).
  // Another post opened (or none): a save's notice was about the one before.
  const editorAt = (id: number | null) =>
    addressWith(paths.adminBlog, params.toString(), {
      edit: id === null ? null : String(id),
      [NEW_POST_PARAM]: null,
      [DONE_PARAM]: null,
    });
  // The editor is open for a new post or an edit; otherwise the section is the list.
  const writing = params.has(NEW_POST_PARAM) || !Number.isNaN(editId);

  return (
    <div className="space-y-10">
      {!writing ? null : editing.isLoading ? (
        <div className="flex justify-center py-10">
          <Spinner label="Loading the post" />
        </div>
      ) : gone && !keep ? (
        <PostGone />
      ) : (
        <>
          <PostEditor editing={editing.data ?? null} gone={gone} save={save} closeAt={editorAt(null)} />
          {/* The preview link's own form, outside the editor's: its buttons in the editor name it. */}
          {editing.data && editing.data.status !== 'published' ? (
            <PreviewLinkForm post={editing.data} />
          ) : null}
        </>
      )}
      <PostsList newPost={writing ? null : `?${NEW_POST_PARAM}`} editAt={(post) => editorAt(post.id)} />
      <TagsPanel />
    </div>
  );
}

/** Where the editor would be, for a post deleted before its link was followed. */
function PostGone() {
  return (
    <section aria-labelledby="post-gone" className="rounded-lg border border-destructive bg-card p-6">
      <h2 id="post-gone" className="text-2xl font-bold">
        Post Not Found
      </h2>
      <p className="mt-2 text-muted-foreground">
        This post was deleted. Open another from the list below, or write a new one.
      </p>
      <Link to={paths.adminBlog} className="mt-4 inline-block font-medium text-primary hover:underline">
        Close editor
      </Link>
    </section>
  );
}
