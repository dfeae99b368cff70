/**
 * /blog: the paged, searchable list of posts (features/blog/blog-list.tsx), rendered on the
 * server with the page the address asks for.
 */
import { HydrationBoundary } from '@tanstack/react-query';
import { data } from 'react-router';
import { BLOG_MAX_TAG_LENGTH, blogListParams, blogListPath } from '../../common/blog-list.ts';
import type { BlogListPage } from '../../common/schemas/blog.ts';
import { BlogList } from '../features/blog/blog-list.tsx';
import { followOldAddress } from '../features/blog/old-address-api.ts';
import type { FirstCover } from '../features/blog/post-row.tsx';
import { FollowBox } from '../features/fediverse/follow-box.tsx';
import { useAuth } from '../features/layout/auth-provider.tsx';
import { NotFoundContent } from '../features/layout/not-found-content.tsx';
import { NewsletterSignup } from '../features/newsletter/subscribe-form.tsx';
import { isDocumentRequest } from '../lib/document-request.ts';
import { paths } from '../lib/paths.ts';
import { dehydrateReads } from '../lib/prefetch.ts';
import { fediverseMeta, firstPaintUntil, pageMeta, rootDataOf } from '../lib/seo.ts';
import { Button } from '../ui/button.tsx';
import { PenLine } from '../ui/icons.tsx';
import { Link } from '../ui/link.tsx';
import type { Route } from './+types/blog';

export async function loader({ context, request, params: route }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  // /blog/tag/<tag>: the list of one tag's posts, with its own address and feed.
  const params = { ...blogListParams(search), ...(route.tag ? { tag: route.tag.trim() } : {}) };
  const path = blogListPath(params);
  // A page number that is not one (`?page=abc`, `?page=0`) or past the last page is no page of the
  // blog: the not-found page, kept out of search results, rather than an empty list.
  const asked = search.get('page');
  const missing = () =>
    data({ dehydrated: null, firstCover: null, firstPost: false, missing: true }, { status: 404 });
  // No tag is that long: no post carries it.
  if (route.tag !== undefined && (route.tag.trim() === '' || route.tag.length > BLOG_MAX_TAG_LENGTH))
    return missing();
  if (asked !== null && asked !== String(params.page)) return missing();
  const wholePage = isDocumentRequest(request);
  const checked = (params.page > 1 || route.tag) && !context.staticCopy;
  // One read of the page's posts serves the checks below, the HTML's list and its first cover.
  const list = wholePage || checked ? await context.readApi<BlogListPage>(path) : null;
  if (list && checked && params.page > list.pageCount) return missing();
  // A tag no live post carries has no page, unless it was renamed or merged into one.
  if (list && checked && route.tag && list.total === 0) {
    await followOldAddress(context, new URL(request.url).pathname);
    return missing();
  }
  const first = wholePage ? list?.posts[0] : undefined;
  return {
    dehydrated: dehydrateReads(wholePage ? { [path]: list } : {}),
    firstCover: first?.coverImage ? await drawnCover(context, first.coverImage) : null,
    firstPost: first !== undefined,
    missing: false,
  };
}

/** The first post's cover, the largest paint, carried in the HTML when it is a small illustration. */
async function drawnCover(context: Route.LoaderArgs['context'], src: string): Promise<FirstCover | null> {
  const drawn = await context.inlineImage(src);
  return drawn === src ? null : { src, drawn };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, location, params }) => {
  const { site } = rootDataOf(matches);
  if (loaderData?.missing) {
    return pageMeta({
      site,
      title: '404 Page Not Found',
      description: 'This page does not exist.',
      path: location.pathname,
      missing: true,
    });
  }
  // The first paint holds the first post's cover: it waits for the post's text after it.
  const firstPaint = loaderData?.firstPost ? [firstPaintUntil('first-post')] : [];
  if (params.tag) {
    return [
      ...firstPaint,
      ...pageMeta({
        site,
        title: `Posts tagged “${params.tag}”`,
        description: `Articles by ${site.ownerName} tagged ${params.tag}.`,
        path: paths.tag(params.tag),
      }),
      {
        tagName: 'link',
        rel: 'alternate',
        type: 'application/rss+xml',
        title: `${site.ownerName} | Blog: ${params.tag}`,
        href: `${paths.tag(params.tag)}/rss.xml`,
      },
    ];
  }
  return [
    ...pageMeta({
      site,
      title: 'Blog',
      description: `Articles by ${site.ownerName} on web development, small-business software, electronic repair and automotive security.`,
      path: paths.blog,
    }),
    ...fediverseMeta(site),
    ...firstPaint,
  ];
};

/** A visitor's blog list is islands (ADR 023): the search and list, the sign-up, the follow box. */
export const handle = { islands: true };

export default function Blog({ loaderData, params }: Route.ComponentProps) {
  // The spec's 'Create New Post' is there for everyone; only for the owner is it the page's button.
  const owner = useAuth().user?.isAdmin === true;
  if (loaderData.missing) return <NotFoundContent />;
  return (
    <HydrationBoundary state={loaderData.dehydrated}>
      <div className="mx-auto max-w-6xl px-4 py-12">
        <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
          <div>
            {params.tag ? (
              <>
                <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Posts tagged “{params.tag}”</h1>
                <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-lg text-muted-foreground">
                  <Link to={paths.blog} className="underline-offset-4 hover:text-foreground hover:underline">
                    All posts
                  </Link>
                  <a
                    href={`${paths.tag(params.tag)}/rss.xml`}
                    className="underline-offset-4 hover:text-foreground hover:underline"
                  >
                    RSS feed of this tag
                  </a>
                </p>
              </>
            ) : (
              <>
                <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Blog</h1>
                <p className="mt-3 text-lg text-muted-foreground">
                  Notes on building software and running a small business.
                </p>
              </>
            )}
          </div>
          {owner && (
            <Button asChild>
              <Link to={paths.adminBlog}>
                <PenLine className="h-4 w-4" />
                Create New Post
              </Link>
            </Button>
          )}
        </div>
        {!owner && (
          <p className="-mt-4 mb-8 text-sm">
            <Link
              to={paths.adminBlog}
              className="inline-flex items-center gap-1.5 text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
            >
              <PenLine aria-hidden="true" className="h-3.5 w-3.5" />
              Create New Post
            </Link>
          </p>
        )}
        <BlogList
          routeTag={params.tag}
          dehydrated={loaderData.dehydrated}
          firstCover={loaderData.firstCover}
          signup={<NewsletterSignup place="blog" compact className="p-5" />}
          follow={
            <FollowBox place="blog" className="rounded-lg border border-border bg-card p-5 shadow-sm" />
          }
        />
      </div>
    </HydrationBoundary>
  );
}
