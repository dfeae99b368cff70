/**
 * /blog: the published posts. This first version lists them; search, the
 * categories card and the full row layout come with the blog issue.
 */
import { HydrationBoundary, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { BlogPostSummary } from '../../common/schemas/blog.ts';
import type { WebLoadContext } from '../../common/web-context.ts';
import { paths } from '../lib/paths.ts';
import { prefetch } from '../lib/prefetch.ts';
import { pageMeta, rootDataOf } from '../lib/seo.ts';
import { PageHeader } from '../ui/page-header.tsx';
import type { Route } from './+types/blog';

const BLOG_PATH = '/api/blog';

export async function loader({ context }: Route.LoaderArgs) {
  const { dehydrated } = await prefetch(context as unknown as WebLoadContext, [BLOG_PATH]);
  return { dehydrated };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const { site } = rootDataOf(matches);
  return pageMeta({
    site,
    title: 'Blog',
    description: `Articles by ${site.ownerName} on web development, small-business software, electronic repair and automotive security.`,
    path: paths.blog,
  });
};

function PostList() {
  const { data: posts = [] } = useQuery<BlogPostSummary[]>({ queryKey: [BLOG_PATH] });
  if (posts.length === 0) return <p className="text-muted-foreground">No blog posts available yet</p>;
  return (
    <ul className="space-y-6">
      {posts.map((post) => (
        <li key={post.id} className="rounded-lg border border-border p-6">
          <h2 className="text-xl font-semibold">
            <Link to={paths.post(post.slug)} className="hover:underline">
              {post.title}
            </Link>
          </h2>
          <p className="mt-2 text-muted-foreground">{post.summary}</p>
          <Link
            to={paths.post(post.slug)}
            className="mt-3 inline-block font-medium text-primary hover:underline"
          >
            Read more →
          </Link>
        </li>
      ))}
    </ul>
  );
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydrated}>
      <div className="mx-auto max-w-4xl px-4 py-12">
        <PageHeader title="Blog">Notes on building software and running a small business.</PageHeader>
        <PostList />
      </div>
    </HydrationBoundary>
  );
}
