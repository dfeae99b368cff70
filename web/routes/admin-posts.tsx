/**
 * /admin/blog: write, edit, publish and delete posts. `?edit=ID` opens a post in the editor
 * (the link Moderation gives for a guest post just approved as a draft).
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useUpdateParams } from '../features/admin/admin-list.tsx';
import { adminPostQuery } from '../features/admin/api.ts';
import { PostEditor } from '../features/admin/post-editor.tsx';
import { PostsList } from '../features/admin/posts-list.tsx';
import { Spinner } from '../ui/spinner.tsx';

export default function AdminPostsPage() {
  const [params] = useSearchParams();
  const update = useUpdateParams();
  const [deletedId, setDeletedId] = useState<number | null>(null);
  const requested = Number.parseInt(params.get('edit') ?? '', 10);
  // A post deleted while open is let go of at once, before the address catches up: its
  // query would otherwise be asked for again (a 404) when the lists refresh.
  const editId = requested === deletedId ? Number.NaN : requested;
  const editing = useQuery(adminPostQuery(editId));
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
    </div>
  );
}
