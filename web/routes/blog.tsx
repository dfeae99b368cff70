/**
 * /blog: every published post, with search over title and summary and a tag
 * filter. Both live in the URL (?q=, ?tag=), so a filtered list can be shared
 * and is rendered on the server as it will be seen.
 */
import { HydrationBoundary, useQuery } from '@tanstack/react-query';
import { PenLine, Search } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import type { BlogPostSummary } from '../../common/schemas/blog.ts';
import type { WebLoadContext } from '../../common/web-context.ts';
import { distinctTags, filterPosts, longDate } from '../features/blog/filter.ts';
import { TagButtons } from '../features/blog/tag-list.tsx';
import { withBase } from '../lib/base.ts';
import { paths } from '../lib/paths.ts';
import { isDocumentRequest, prefetch } from '../lib/prefetch.ts';
import { pageMeta, rootDataOf } from '../lib/seo.ts';
import { Button } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';
import { cn } from '../ui/cn.ts';
import { Input } from '../ui/input.tsx';
import type { Route } from './+types/blog';

const BLOG_PATH = '/api/blog';

export async function loader({ context, request }: Route.LoaderArgs) {
  const { dehydrated } = await prefetch(
    context as unknown as WebLoadContext,
    isDocumentRequest(request) ? [BLOG_PATH] : [],
  );
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

function PostRows() {
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const tag = params.get('tag');
  const { data: posts, error, isLoading } = useQuery<BlogPostSummary[]>({ queryKey: [BLOG_PATH] });

  const update = (next: { q?: string; tag?: string | null }) => {
    const merged = new URLSearchParams(params);
    if (next.q !== undefined) next.q ? merged.set('q', next.q) : merged.delete('q');
    if (next.tag !== undefined) next.tag ? merged.set('tag', next.tag) : merged.delete('tag');
    setParams(merged, { replace: true, preventScrollReset: true });
  };
  const toggleTag = (value: string) => update({ tag: tag === value ? null : value });
  const filtering = Boolean(search.trim() || tag);
  const visible = posts ? filterPosts(posts, { search, tag }) : [];

  return (
    <div className="grid gap-10 lg:grid-cols-[1fr_18rem]">
      <div>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            type="search"
            aria-label="Search posts"
            placeholder="Search posts..."
            value={search}
            onChange={(event) => update({ q: event.target.value })}
            className="pl-9"
          />
        </div>
        <div className="mt-8">
          {isLoading && (
            <ul aria-label="Loading posts" aria-busy="true" className="space-y-6">
              {[1, 2, 3].map((n) => (
                <li key={n} data-testid="blog-skeleton" className="h-40 animate-pulse rounded-lg bg-muted" />
              ))}
            </ul>
          )}
          {error && (
            <div role="alert" className="rounded-lg border border-border p-6 text-center">
              <p>Failed to load blog posts</p>
              <Button variant="outline" className="mt-4" onClick={() => window.location.reload()}>
                Try Again
              </Button>
            </div>
          )}
          {posts && visible.length === 0 && (
            <div className="rounded-lg border border-border p-8 text-center">
              {filtering ? (
                <>
                  <p>No posts match your search criteria</p>
                  <Button variant="outline" className="mt-4" onClick={() => update({ q: '', tag: null })}>
                    Clear Filters
                  </Button>
                </>
              ) : (
                <p>No blog posts available yet</p>
              )}
            </div>
          )}
          {visible.length > 0 && (
            <ul aria-label="Posts" className="space-y-6">
              {visible.map((post) => (
                <li key={post.id}>
                  <article className="grid overflow-hidden rounded-lg border border-border bg-card sm:grid-cols-[14rem_1fr]">
                    {post.coverImage ? (
                      <img
                        src={withBase(post.coverImage)}
                        alt=""
                        loading="lazy"
                        width={448}
                        height={252}
                        className="aspect-video h-full w-full bg-muted object-cover"
                      />
                    ) : (
                      <div aria-hidden="true" className="hidden bg-muted sm:block" />
                    )}
                    <div className="flex flex-col gap-2 p-5">
                      {post.publishedAt && (
                        <time dateTime={post.publishedAt} className="text-sm text-muted-foreground">
                          {longDate(post.publishedAt)}
                        </time>
                      )}
                      <h2 className="text-xl font-semibold leading-snug">
                        <Link to={paths.post(post.slug)} className="hover:underline">
                          {post.title}
                        </Link>
                      </h2>
                      <TagButtons tags={post.tags} active={tag} onToggle={toggleTag} />
                      <p className="text-muted-foreground">{post.summary}</p>
                      <Link to={paths.post(post.slug)} className="font-semibold text-primary hover:underline">
                        Read more →<span className="sr-only"> about {post.title}</span>
                      </Link>
                    </div>
                  </article>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      <aside className="space-y-6">
        <Card className="p-5">
          <h2 className="font-semibold">Categories</h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {['All', ...(posts ? distinctTags(posts) : [])].map((name) => {
              const selected = name === 'All' ? !tag : tag === name;
              return (
                <li key={name}>
                  <button
                    type="button"
                    aria-pressed={selected}
                    onClick={() => (name === 'All' ? update({ tag: null }) : toggleTag(name))}
                    className={cn(
                      'rounded-full border px-3 py-1 text-sm transition-colors focus-visible:outline-2 focus-visible:outline-ring',
                      selected
                        ? 'border-primary bg-primary text-primary-foreground'
                        : 'border-border hover:bg-muted',
                    )}
                  >
                    {name}
                  </button>
                </li>
              );
            })}
          </ul>
        </Card>
        <Card className="p-5">
          <h2 className="font-semibold">About</h2>
          <p className="mt-2 text-sm text-muted-foreground">
            Notes from a developer who also repairs electronics and programs car keys: building software for
            small businesses, and fixing what breaks.
          </p>
          <Button asChild variant="outline" size="sm" className="mt-4">
            <Link to={paths.section('contact')}>Get in Touch</Link>
          </Button>
        </Card>
        <Card className="p-5">
          <h2 className="font-semibold">Write for the blog</h2>
          <p className="mt-2 text-sm text-muted-foreground">
            Have something to share? Guest posts are welcome.
          </p>
          <Button asChild variant="outline" size="sm" className="mt-4">
            <Link to={paths.contribute}>Contribute a guest post</Link>
          </Button>
        </Card>
      </aside>
    </div>
  );
}

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
              <PenLine aria-hidden="true" className="h-4 w-4" />
              Create New Post
            </Link>
          </Button>
        </div>
        <PostRows />
      </div>
    </HydrationBoundary>
  );
}
