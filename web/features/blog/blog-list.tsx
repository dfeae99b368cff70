import { type DehydratedState, HydrationBoundary } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { blogListParams } from '../../../common/blog-list.ts';
import { island } from '../../islands/island.tsx';
import { withBase } from '../../lib/base.ts';
import { paths } from '../../lib/paths.ts';
import { QueryScope } from '../../lib/query-scope.tsx';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { cn } from '../../ui/cn.ts';
import { ChevronLeft, ChevronRight, Search } from '../../ui/icons.tsx';
import { Input } from '../../ui/input.tsx';
import { Link } from '../../ui/link.tsx';
import { useBlogList } from './list-api.ts';
import { type FirstCover, PostRow } from './post-row.tsx';

/** The posts a phone's first screen can show: the rest are laid out as they come near. */
const FIRST_SCREEN_POSTS = 2;

/** How many of the most used tags the Categories card shows before 'Show all tags'. */
const TOP_TAGS = 12;

/**
 * One tag of the Categories card: a link to the tag's page, or (the tag shown) back to every post,
 * so a second click takes the filter off; 'All' is every post.
 */
function TagChip({ name, selected }: { name: string; selected: boolean }) {
  return (
    <Link
      to={name === ALL || selected ? paths.blog : paths.tag(name)}
      aria-current={selected ? 'page' : undefined}
      preventScrollReset
      className={cn(
        'inline-block rounded-full border px-3 py-1 text-sm transition-colors focus-visible:outline-2 focus-visible:outline-ring',
        selected ? 'border-primary bg-primary text-primary-foreground' : 'border-border hover:bg-muted',
      )}
    >
      {name}
    </Link>
  );
}

const ALL = 'All';

// How long the search box waits after the last key before it asks the server.
const SEARCH_DELAY_MS = 250;

/**
 * One page of posts with the search box, the tag filter and the pager; page, search and tag
 * live in the address (?page=, ?q=, ?tag=; a tag's own page is /blog/tag/<tag>, `routeTag`).
 * `signup` and `follow`: what the page puts at the top of the side column (the newsletter's
 * sign-up, 'Follow on the fediverse'). The search and the list are an island (ADR 023), which
 * starts when the visitor reaches for it: until then they are the page's HTML, and the search
 * box searches by Enter as a plain form; the side column is HTML with islands of its own.
 */
export function BlogList({
  routeTag,
  dehydrated,
  signup,
  follow,
  firstCover = null,
}: {
  routeTag?: string | undefined;
  dehydrated: DehydratedState | null;
  signup?: ReactNode;
  follow?: ReactNode;
  /** The first post's cover as the page draws it (a small illustration inlined by the loader). */
  firstCover?: FirstCover | null;
}) {
  return (
    <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <BlogResults
        dehydrated={dehydrated}
        firstCover={firstCover}
        {...(routeTag === undefined ? {} : { routeTag })}
      />
      <BlogAside routeTag={routeTag} signup={signup} follow={follow} />
    </div>
  );
}

function BlogResultsIsland({
  routeTag,
  dehydrated,
  firstCover,
}: {
  routeTag?: string;
  dehydrated: DehydratedState | null;
  firstCover: FirstCover | null;
}) {
  return (
    <QueryScope>
      <HydrationBoundary state={dehydrated}>
        <SearchAndPosts routeTag={routeTag} firstCover={firstCover} />
      </HydrationBoundary>
    </QueryScope>
  );
}

/** The search box, the list and the pager. */
function SearchAndPosts({
  routeTag,
  firstCover,
}: {
  routeTag?: string | undefined;
  firstCover: FirstCover | null;
}) {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const { page, q, tag: askedTag } = blogListParams(params);
  const navigate = useNavigate();
  const tag = routeTag ?? askedTag;
  const [text, setText] = useState(q);
  const { data, error, isLoading, isPlaceholderData } = useBlogList({ page, q, tag });
  // What was typed before this part's code was live (the first key is what starts it, ADR 023):
  // taken up once it is, and searched for as if typed now.
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const typed = box.current?.value ?? '';
    setText((shown) => (typed !== shown ? typed : shown));
  }, []);

  const update = (next: { q?: string; tag?: string | null; page?: number }) => {
    const merged = new URLSearchParams(params);
    if (next.q !== undefined) next.q ? merged.set('q', next.q) : merged.delete('q');
    if (next.tag !== undefined) next.tag ? merged.set('tag', next.tag) : merged.delete('tag');
    // A new search or filter starts on its first page.
    if (next.page && next.page > 1) merged.set('page', String(next.page));
    else merged.delete('page');
    setParams(merged, { replace: true, preventScrollReset: true });
  };
  // Typing reaches the address after a pause; the box follows the address only when something
  // else changed it (back, Clear Filters), never while the visitor's own search is on its way.
  const sent = useRef(q);
  useEffect(() => {
    if (q !== sent.current) {
      sent.current = q;
      setText(q);
    }
  }, [q]);
  useEffect(() => {
    if (text.trim() === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = text.trim();
      update({ q: text.trim() });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  });
  const filtering = Boolean(q || tag);
  const posts = data?.posts ?? [];
  const pageHref = (target: number) => {
    const next = new URLSearchParams(params);
    if (target > 1) next.set('page', String(target));
    else next.delete('page');
    const query = next.toString();
    return query ? `${pathname}?${query}` : pathname;
  };

  return (
    <div>
      <search>
        {/* A search form of the address's own fields (q, and the tag chosen), so Enter searches
              before the page's code arrives too; once live, the list follows the typing. */}
        <form
          method="get"
          action={withBase(routeTag ? paths.tag(routeTag) : paths.blog)}
          className="relative"
          onSubmit={(event) => {
            event.preventDefault();
            sent.current = text.trim();
            update({ q: text.trim() });
          }}
        >
          <Search className="absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            ref={box}
            type="search"
            name="q"
            aria-label="Search posts"
            placeholder="Search posts..."
            value={text}
            onChange={(event) => setText(event.target.value)}
            className="pl-9"
          />
          {askedTag && !routeTag ? <input type="hidden" name="tag" value={askedTag} /> : null}
        </form>
      </search>
      <div className="mt-8" aria-busy={isPlaceholderData}>
        {isLoading && (
          <ul aria-label="Loading posts" aria-busy="true" className="space-y-6">
            {[1, 2, 3].map((n) => (
              <li key={n} data-testid="blog-skeleton" className="h-40 animate-pulse rounded-lg bg-muted" />
            ))}
          </ul>
        )}
        {error && !data && (
          <div role="alert" className="rounded-lg border border-border p-6 text-center">
            <p>Failed to load blog posts</p>
            <Button variant="outline" className="mt-4" onClick={() => window.location.reload()}>
              Try Again
            </Button>
          </div>
        )}
        {data && posts.length === 0 && (
          <div className="rounded-lg border border-border p-8 text-center">
            {filtering ? (
              <>
                <p>No posts match your search criteria</p>
                <Button
                  variant="outline"
                  className="mt-4"
                  onClick={() => {
                    sent.current = '';
                    setText('');
                    // Every post: off a tag's page too.
                    navigate(paths.blog, { preventScrollReset: true });
                  }}
                >
                  Clear Filters
                </Button>
              </>
            ) : (
              <p>No blog posts available yet</p>
            )}
          </div>
        )}
        {data && posts.length > 0 && (
          <>
            {filtering && (
              <p role="status" className="mb-4 text-sm text-muted-foreground">
                {data.total === 1 ? '1 post found' : `${data.total} posts found`}
              </p>
            )}
            <ul aria-label="Posts" className={cn('space-y-6', isPlaceholderData && 'opacity-60')}>
              {posts.map((post, index) => (
                // Past the first screen's posts, a row is laid out when it comes near (issue 61).
                <li key={post.id} className={index >= FIRST_SCREEN_POSTS ? 'later-row' : undefined}>
                  <PostRow
                    post={post}
                    first={index === 0}
                    cover={
                      index === 0 && firstCover?.src === post.coverImage ? firstCover.drawn : post.coverImage
                    }
                    activeTag={tag || null}
                  />
                </li>
              ))}
            </ul>
            {data.pageCount > 1 && (
              <nav aria-label="Pages" className="mt-8 flex items-center justify-between gap-4">
                {page > 1 ? (
                  <Button asChild variant="outline">
                    <Link to={pageHref(page - 1)} rel="prev" preventScrollReset={false}>
                      <ChevronLeft className="h-4 w-4" />
                      Newer posts
                    </Link>
                  </Button>
                ) : (
                  <span />
                )}
                <p className="text-sm text-muted-foreground">{`Page ${page} of ${data.pageCount}`}</p>
                {page < data.pageCount ? (
                  <Button asChild variant="outline">
                    <Link to={pageHref(page + 1)} rel="next" preventScrollReset={false}>
                      Older posts
                      <ChevronRight className="h-4 w-4" />
                    </Link>
                  </Button>
                ) : (
                  <span />
                )}
              </nav>
            )}
          </>
        )}
      </div>
    </div>
  );
}

/** The side column: the categories, the page's sign-up and follow box, About and 'Write for the blog'. */
function BlogAside({
  routeTag,
  signup,
  follow,
}: {
  routeTag?: string | undefined;
  signup?: ReactNode;
  follow?: ReactNode;
}) {
  const [params] = useSearchParams();
  const { page, q, tag: askedTag } = blogListParams(params);
  const tag = routeTag ?? askedTag;
  const { data } = useBlogList({ page, q, tag });
  const tagNames = (data?.tags ?? []).map((entry) => entry.name);
  const topTags = tagNames.slice(0, TOP_TAGS);
  const moreTags = tagNames.slice(TOP_TAGS);
  return (
    <aside className="space-y-6">
      <Card className="p-5">
        <h2 className="font-semibold">Categories</h2>
        {/* The most used first; the rest behind 'Show all tags' (open while one of them is chosen). */}
        <ul className="mt-3 flex flex-wrap gap-2">
          {[ALL, ...topTags].map((name) => (
            <li key={name}>
              <TagChip name={name} selected={name === ALL ? !tag : tag === name} />
            </li>
          ))}
        </ul>
        {moreTags.length > 0 && (
          <details className="mt-3" open={moreTags.includes(tag) || undefined}>
            <summary className="cursor-pointer text-sm font-medium text-primary">Show all tags</summary>
            <ul aria-label="More tags" className="mt-3 flex flex-wrap gap-2">
              {moreTags.map((name) => (
                <li key={name}>
                  <TagChip name={name} selected={tag === name} />
                </li>
              ))}
            </ul>
          </details>
        )}
      </Card>
      {signup}
      {follow}
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
  );
}

/** The search and the list: an island that starts when the visitor reaches for it (a key, a press, a focus). */
const BlogResults = island('blog-results', BlogResultsIsland, { start: 'touch' });

export { BlogResultsIsland };
