import { type ReactNode, Suspense } from 'react';
import { Await } from 'react-router';
import { MAX_TAGS_IN_LIST } from '../../../common/constants.ts';
import type { BlogPostSummary } from '../../../common/schemas/blog.ts';
import { relativeTime } from '../../lib/dates.ts';
import { paths } from '../../lib/paths.ts';
import { Button } from '../../ui/button.tsx';
import { ImageOff } from '../../ui/icons.tsx';
import { Link } from '../../ui/link.tsx';
import { Picture } from '../../ui/picture.tsx';
import { TagLinks } from './tag-links.tsx';

const TEASER_POSTS = 3;

function SkeletonCard() {
  return (
    <li
      aria-hidden="true"
      data-testid="teaser-skeleton"
      className="animate-pulse overflow-hidden rounded-lg border border-border"
    >
      <div className="aspect-video bg-muted" />
      <div className="space-y-3 p-5">
        <div className="h-5 w-3/4 rounded bg-muted" />
        <div className="h-4 w-1/3 rounded bg-muted" />
        <div className="h-16 rounded bg-muted" />
      </div>
    </li>
  );
}

function PostCard({ post }: { post: BlogPostSummary }) {
  const tags = post.tags.slice(0, MAX_TAGS_IN_LIST);
  return (
    <li>
      <article className="flex h-full flex-col overflow-hidden rounded-lg border border-border bg-card shadow-sm">
        {post.coverImage ? (
          <Picture
            src={post.coverImage}
            sizes="(min-width: 1024px) 384px, (min-width: 640px) 50vw, 100vw"
            alt=""
            loading="lazy"
            width={640}
            height={360}
            className="aspect-video w-full bg-muted object-cover"
          />
        ) : (
          <div className="flex aspect-video w-full items-center justify-center gap-2 bg-muted text-sm text-muted-foreground">
            <ImageOff className="h-4 w-4" />
            No image
          </div>
        )}
        <div className="flex flex-1 flex-col gap-3 p-5">
          <h3 className="text-lg font-semibold leading-snug">
            <Link to={paths.post(post.slug)} className="hover:underline">
              {post.title}
            </Link>
          </h3>
          <p className="text-sm text-muted-foreground">
            {post.publishedAt ? (
              // Relative to the moment of rendering: the browser's may differ from the server's.
              <time dateTime={post.publishedAt} suppressHydrationWarning>
                {relativeTime(post.publishedAt)}
              </time>
            ) : (
              'Recently'
            )}
          </p>
          <p className="line-clamp-3 flex-1 text-sm">{post.summary}</p>
          <TagLinks tags={tags} />
          <Link to={paths.post(post.slug)} className="text-sm font-semibold text-primary hover:underline">
            Read more →<span className="sr-only">{` about ${post.title}`}</span>
          </Link>
        </div>
      </article>
    </li>
  );
}

/** The teaser's error, with the spec's retry by reload. */
function PostsError() {
  return (
    <div role="alert" className="rounded-lg border border-border p-6 text-center">
      <p>Unable to load blog posts at this time</p>
      <Button variant="outline" className="mt-4" onClick={() => window.location.reload()}>
        Try Again
      </Button>
    </div>
  );
}

/**
 * #blog: the latest posts with their loading, error and empty states. `posts`: as the home's
 * loader read them (null when that failed), or still on the way (its clientLoader, on a move to
 * the home page); `signup`: what the page puts under the posts (the newsletter's sign-up).
 */
export function BlogTeaser({
  posts,
  signup,
}: {
  posts: BlogPostSummary[] | null | Promise<BlogPostSummary[]>;
  signup?: ReactNode;
}) {
  return (
    <section id="blog" aria-labelledby="blog-heading" className="later mx-auto max-w-6xl px-4 py-20">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="blog-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
          Latest from the Blog
        </h2>
        <Button asChild variant="outline">
          <Link to={paths.blog}>View All Posts</Link>
        </Button>
      </div>
      <div className="mt-10">
        <Suspense
          fallback={
            <ul aria-label="Loading posts" aria-busy="true" className="grid gap-6 md:grid-cols-3">
              {Array.from({ length: 3 }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
                <SkeletonCard key={index} />
              ))}
            </ul>
          }
        >
          <Await resolve={posts} errorElement={<PostsError />}>
            {(latest: BlogPostSummary[] | null) =>
              latest === null ? (
                <PostsError />
              ) : latest.length === 0 ? (
                <p className="text-muted-foreground">No blog posts yet</p>
              ) : (
                <ul className="grid gap-6 md:grid-cols-3">
                  {latest.slice(0, TEASER_POSTS).map((post) => (
                    <PostCard key={post.id} post={post} />
                  ))}
                </ul>
              )
            }
          </Await>
        </Suspense>
      </div>
      {signup}
    </section>
  );
}
