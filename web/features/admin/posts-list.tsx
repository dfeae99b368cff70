/** The owner's posts, drafts included: publish, unpublish, edit and delete. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { AdminPost } from '../../../common/schemas/admin.ts';
import { paths } from '../../lib/paths.ts';
import { apiRequest, errorMessage } from '../../lib/request.ts';
import { Button } from '../../ui/button.tsx';
import { toast } from '../../ui/use-toast.ts';

export const ADMIN_POSTS_PATH = '/api/admin/posts?pageSize=100';

export function PostsList({ onEdit }: { onEdit: (post: AdminPost) => void }) {
  const queryClient = useQueryClient();
  const { data, error, isLoading } = useQuery<{ items: AdminPost[]; total: number }>({
    queryKey: [ADMIN_POSTS_PATH],
  });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [ADMIN_POSTS_PATH] }),
      queryClient.invalidateQueries({ queryKey: ['/api/blog'] }),
    ]);

  const publish = useMutation({
    mutationFn: async (post: AdminPost) =>
      (await apiRequest('PATCH', `/api/admin/posts/${post.id}`, { isPublished: !post.isPublished })).json(),
    onSuccess: async (_result, post) => {
      toast({ title: post.isPublished ? 'Post unpublished' : 'Post published', description: post.title });
      await refresh();
    },
    onError: (failure) =>
      toast({ title: 'Error', description: errorMessage(failure), variant: 'destructive' }),
  });
  const remove = useMutation({
    mutationFn: async (post: AdminPost) => {
      await apiRequest('DELETE', `/api/admin/posts/${post.id}`);
    },
    onSuccess: async (_result, post) => {
      toast({ title: 'Post deleted', description: post.title });
      await refresh();
    },
    onError: (failure) =>
      toast({ title: 'Error', description: errorMessage(failure), variant: 'destructive' }),
  });

  return (
    <section aria-labelledby="posts-heading" className="rounded-lg border border-border bg-card p-6">
      <h2 id="posts-heading" className="text-2xl font-bold">
        Posts
      </h2>
      {isLoading && <p className="mt-4 text-muted-foreground">Loading posts...</p>}
      {error && (
        <p role="alert" className="mt-4 text-destructive">
          {errorMessage(error)}
        </p>
      )}
      {data && (
        <ul aria-label="All posts" className="mt-4 divide-y divide-border">
          {data.items.map((post) => (
            <li key={post.id} className="flex flex-wrap items-center gap-3 py-3">
              <div className="mr-auto min-w-0">
                <p className="truncate font-medium">
                  {post.isPublished ? (
                    <Link to={paths.post(post.slug)} className="hover:underline">
                      {post.title}
                    </Link>
                  ) : (
                    post.title
                  )}
                </p>
                <p className="text-xs text-muted-foreground">
                  {post.isPublished ? 'Published' : 'Draft'} · /{post.slug}
                </p>
              </div>
              <Button
                size="sm"
                variant="outline"
                onClick={() => onEdit(post)}
                aria-label={`Edit ${post.title}`}
              >
                Edit
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={publish.isPending}
                onClick={() => publish.mutate(post)}
                aria-label={`${post.isPublished ? 'Unpublish' : 'Publish'} ${post.title}`}
              >
                {post.isPublished ? 'Unpublish' : 'Publish'}
              </Button>
              <Button
                size="sm"
                variant="destructive"
                disabled={remove.isPending}
                onClick={() => {
                  if (window.confirm(`Delete “${post.title}”? This cannot be undone.`)) remove.mutate(post);
                }}
                aria-label={`Delete ${post.title}`}
              >
                Delete
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
