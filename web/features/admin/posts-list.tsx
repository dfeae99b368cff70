/** The owner's posts, drafts included, a page at a time: publish, unpublish, edit and delete. */
import { Link } from 'react-router';
import type { AdminPost } from '../../../common/schemas/admin.ts';
import { paths } from '../../lib/paths.ts';
import { apiRequest } from '../../lib/request.ts';
import { Button } from '../../ui/button.tsx';
import { BLOG_PATH } from '../blog/api.ts';
import {
  ADMIN_PAGE_SIZE,
  AdminSection,
  useAdminAction,
  useAdminPage,
  usePageParam,
  When,
} from './admin-list.tsx';
import { adminPaths } from './api.ts';

export function PostsList({ onEdit }: { onEdit: (post: AdminPost) => void }) {
  const [page] = usePageParam();
  const query = useAdminPage<AdminPost>(adminPaths.posts, { page, pageSize: ADMIN_PAGE_SIZE });
  const publish = useAdminAction(
    (post: AdminPost) => apiRequest('PATCH', adminPaths.post(post.id), { isPublished: !post.isPublished }),
    (post) => ({ title: post.isPublished ? 'Post unpublished' : 'Post published', description: post.title }),
    [BLOG_PATH],
  );
  const remove = useAdminAction(
    (post: AdminPost) => apiRequest('DELETE', adminPaths.post(post.id)),
    (post) => ({ title: 'Post deleted', description: post.title }),
    [BLOG_PATH],
  );

  return (
    <AdminSection id="posts" title="Posts" query={query} empty="No posts yet. Write the first one above.">
      {(posts) => (
        <ul aria-label="All posts" className="divide-y divide-border">
          {posts.map((post) => (
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
                  {post.isPublished ? 'Published' : 'Draft'} · /{post.slug} · updated{' '}
                  <When iso={post.updatedAt} />
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
    </AdminSection>
  );
}
