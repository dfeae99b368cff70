/**
 * /admin/blog: for admins. Without a user it redirects to /auth (on the
 * server, and in the browser after logging out here); a signed-in user who is
 * not an admin is told so. Admins write, edit, publish and delete posts here.
 */
import { useEffect, useState } from 'react';
import { redirect, useNavigate } from 'react-router';
import type { AdminPost } from '../../common/schemas/admin.ts';
import type { WebLoadContext } from '../../common/web-context.ts';
import { PostEditor } from '../features/admin/post-editor.tsx';
import { PostsList } from '../features/admin/posts-list.tsx';
import { useAuth } from '../features/auth/auth-provider.tsx';
import { paths } from '../lib/paths.ts';
import { pageMeta, rootDataOf } from '../lib/seo.ts';
import { PageHeader } from '../ui/page-header.tsx';
import { Spinner } from '../ui/spinner.tsx';
import type { Route } from './+types/admin-blog';

export function loader({ context }: Route.LoaderArgs) {
  if (!(context as unknown as WebLoadContext).user) throw redirect(paths.auth);
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    site: rootDataOf(matches).site,
    title: 'Admin Dashboard',
    path: paths.adminBlog,
    noindex: true,
  });

export default function AdminBlogPage() {
  const { user, isLoading } = useAuth();
  const navigate = useNavigate();
  const [editing, setEditing] = useState<AdminPost | null>(null);
  useEffect(() => {
    if (!isLoading && !user) navigate(paths.auth, { replace: true });
  }, [user, isLoading, navigate]);

  if (isLoading || !user) {
    return (
      <div className="flex justify-center py-24">
        <Spinner label="Checking your account" />
      </div>
    );
  }
  if (!user.isAdmin) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16">
        <div role="alert" className="rounded-lg border border-destructive p-6">
          <h1 className="text-2xl font-bold">Not authorised</h1>
          <p className="mt-2 text-muted-foreground">You are not authorised to view this page.</p>
        </div>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-4xl space-y-10 px-4 py-12">
      <PageHeader title="Admin Dashboard">Write, edit and publish posts.</PageHeader>
      <PostEditor
        editing={editing}
        onDone={() => {
          setEditing(null);
        }}
      />
      <PostsList
        onEdit={(post) => {
          setEditing(post);
          window.scrollTo({ top: 0, behavior: 'smooth' });
        }}
      />
    </div>
  );
}
