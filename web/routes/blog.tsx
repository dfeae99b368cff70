/**
 * /blog: the paged, searchable list of posts (features/blog/blog-list.tsx), rendered on the
 * server with the page the address asks for.
 */
import { HydrationBoundary } from '@tanstack/react-query';
import { Link } from 'react-router';
import { blogListParams, blogListPath } from '../../common/blog-list.ts';
import { BlogList } from '../features/blog/blog-list.tsx';
import { paths } from '../lib/paths.ts';
import { isDocumentRequest, prefetch } from '../lib/prefetch.ts';
import { pageMeta, rootDataOf } from '../lib/seo.ts';
import { Button } from '../ui/button.tsx';
import { PenLine } from '../ui/icons.tsx';
import type { Route } from './+types/blog';

export async function loader({ context, request }: Route.LoaderArgs) {
  const path = blogListPath(blogListParams(new URL(request.url).searchParams));
  const { dehydrated } = await prefetch(context, isDocumentRequest(request) ? [path] : []);
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

export default function Blog({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydrated}>
      <div className="mx-auto max-w-6xl px-4 py-12">
        <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Blog</h1>
            <p className="mt-3 text-lg text-muted-foreground">
              Notes on building software and running a small business.
            </p>
          </div>
          <Button asChild>
            <Link to={paths.adminBlog}>
              <PenLine className="h-4 w-4" />
              Create New Post
            </Link>
          </Button>
        </div>
        <BlogList />
      </div>
    </HydrationBoundary>
  );
}
