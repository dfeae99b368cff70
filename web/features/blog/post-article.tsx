/**
 * One post as visitors read it: title, date, author, reading time, cover, tags, the HTML the
 * server rendered from markdown (sanitised, code highlighted, headings linked), a table of
 * contents beside the text on wide screens (three headings or more), share links, the author,
 * the previous, next and related posts, and its comments. The owner (or a preview link) sees a
 * draft or a scheduled post the same way under a banner saying so.
 */

import type { ReactNode } from 'react';
import { MAX_TAGS_IN_LIST } from '../../../common/constants.ts';
import { reactionsText } from '../../../common/fediverse.ts';
import type { BlogPost } from '../../../common/schemas/blog.ts';
import type { PublicComment } from '../../../common/schemas/comments.ts';
import type { ReactionCounts } from '../../../common/schemas/fediverse.ts';
import type { PublicMention } from '../../../common/schemas/webmention.ts';
import { readingTimeMinutes } from '../../../common/text.ts';
import { withBaseInHtml } from '../../lib/base.ts';
import { longDate } from '../../lib/dates.ts';
import { paths } from '../../lib/paths.ts';
import { useSiteInfo } from '../../lib/site.ts';
import { CalendarClock, CalendarDays, Clock, Eye, ImageOff, Share2, UserRound } from '../../ui/icons.tsx';
import { Link } from '../../ui/link.tsx';
import { Missing } from '../../ui/missing.tsx';
import { Picture } from '../../ui/picture.tsx';
import { Comments } from './comments.tsx';
import { MathStyles } from './math-styles.tsx';
import { Mentions } from './mentions.tsx';
import {
  AuthorBox,
  CodeCopy,
  PostNeighbours,
  RelatedPosts,
  ShareLinks,
  TableOfContents,
  TOC_MIN_HEADINGS,
} from './post-extras.tsx';
import { TagLinks } from './tag-links.tsx';

/** Says that a post is not public yet, and when it will be. */
function UnpublishedBanner({ post }: { post: BlogPost }) {
  const scheduled = post.status === 'scheduled' && post.publishedAt;
  return (
    <div
      role="status"
      className="mb-6 flex items-start gap-3 rounded-lg border border-primary bg-primary/10 p-4 text-sm"
    >
      {scheduled ? (
        <CalendarClock className="mt-0.5 h-5 w-5 shrink-0" />
      ) : (
        <Eye className="mt-0.5 h-5 w-5 shrink-0" />
      )}
      <p>
        <strong className="font-semibold">{scheduled ? 'Scheduled' : 'Draft'}</strong>
        {scheduled && post.publishedAt
          ? ` — this post goes live on ${longDate(post.publishedAt)}. Only you and people with its preview link can see it now.`
          : ' — this post is not published. Only you and people with its preview link can see it.'}
      </p>
    </div>
  );
}

/** `signup`: what the page puts under a published post's author box (the newsletter's sign-up). */
export function PostArticle({
  post,
  comments,
  reactions = null,
  mentions = [],
  signup,
  cover = post.coverImage,
}: {
  post: BlogPost;
  /** The approved comments (a published post's loader reads them). */
  comments: PublicComment[];
  /** Its likes and boosts from the fediverse (null: none read). */
  reactions?: ReactionCounts | null;
  /** Pages on other sites that mention it, approved by the owner (Webmention). */
  mentions?: PublicMention[];
  signup?: ReactNode;
  /** Its cover as the page draws it: a small illustration inlined by the loader (issue 65), else its address. */
  cover?: string | null;
}) {
  const site = useSiteInfo();
  const minutes = readingTimeMinutes(post.content);
  const tags = post.tags.slice(0, MAX_TAGS_IN_LIST);
  const withToc = post.toc.length >= TOC_MIN_HEADINGS;
  const ownContents = post.contentHtml.includes('class="post-toc"');
  const published = post.status === 'published';
  // Not on the static copy, which is no part of the fediverse (site.fediverse is null there).
  const fediverse = reactions && site.fediverse ? reactionsText(reactions) : null;
  const article = (
    // Microformats (h-entry): a site this post mentions reads its title, author, address and words
    // from them (Webmention).
    <article className={withToc ? 'h-entry min-w-0' : 'h-entry mx-auto max-w-3xl px-4 py-12'}>
      <data className="u-url" value={`${site.url}${paths.post(post.slug)}`} />
      {published ? null : <UnpublishedBanner post={post} />}
      <Link to={paths.blog} className="text-sm font-medium text-primary hover:underline">
        ← Back to Blog
      </Link>
      <h1 className="p-name mt-4 text-3xl font-bold tracking-tight sm:text-4xl">{post.title}</h1>
      <ul
        aria-label="About this post"
        className="mt-4 flex flex-wrap gap-x-5 gap-y-2 text-sm text-muted-foreground"
      >
        <li className="flex items-center gap-1.5">
          <CalendarDays className="h-4 w-4" />
          {post.publishedAt ? (
            <time className="dt-published" dateTime={post.publishedAt}>
              {longDate(post.publishedAt)}
            </time>
          ) : (
            'Publication date unavailable'
          )}
        </li>
        <li className="flex items-center gap-1.5">
          <UserRound className="h-4 w-4" />
          <span>
            By <span className="p-author">{post.authorName}</span>
          </span>
        </li>
        <li className="flex items-center gap-1.5">
          <Clock className="h-4 w-4" />
          {minutes} min read
        </li>
        {fediverse ? (
          <li className="flex items-center gap-1.5">
            <Share2 className="h-4 w-4" />
            {fediverse}
          </li>
        ) : null}
      </ul>
      <div className="mt-8 h-[300px] overflow-hidden rounded-lg border border-border bg-muted">
        {cover ? (
          <Picture
            src={cover}
            sizes="(min-width: 768px) 768px, 100vw"
            alt=""
            // The largest thing on the page: fetched first.
            fetchPriority="high"
            width={1200}
            height={300}
            className="h-full w-full object-cover"
          />
        ) : (
          <div className="flex h-full items-center justify-center gap-2 text-muted-foreground">
            <ImageOff className="h-5 w-5" />
            No cover image available
          </div>
        )}
      </div>
      <TagLinks id="post-tags" tags={tags} large />
      {/* The post's own contents list, where its writer put it (an imported <TOCInline>), stands for
          the page's on a narrow screen; on a wide one the side list stands for it (app.css): one
          list at any width (issue 46; an imported post showed two at 1280 px). */}
      {withToc && !ownContents ? (
        <div className="lg:hidden">
          <TableOfContents toc={post.toc} variant="inline" />
        </div>
      ) : null}
      <MathStyles html={post.contentHtml} />
      {post.contentHtml ? (
        <div
          data-reading
          className={
            withToc ? 'e-content prose-content with-side-contents mt-10' : 'e-content prose-content mt-10'
          }
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (server/lib/markdown.ts)
          dangerouslySetInnerHTML={{ __html: withBaseInHtml(post.contentHtml) }}
        />
      ) : (
        <p className="mt-10 text-muted-foreground">No content available for this post.</p>
      )}
      {post.contentHtml.includes('data-copy-code') ? <CodeCopy /> : null}
      {published ? <ShareLinks title={post.title} url={`${site.url}${paths.post(post.slug)}`} /> : null}
      <AuthorBox post={post} />
      {published ? signup : null}
      <PostNeighbours previous={post.previous} next={post.next} />
      <RelatedPosts posts={post.related} />
      {published ? <Mentions mentions={mentions} /> : null}
      {published ? <Comments postId={post.id} slug={post.slug} comments={comments} /> : null}
    </article>
  );
  if (!withToc) return article;
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 lg:grid lg:grid-cols-[minmax(0,48rem)_14rem] lg:justify-center lg:gap-12">
      {article}
      <aside className="hidden lg:block">
        <TableOfContents toc={post.toc} variant="side" />
      </aside>
    </div>
  );
}

/** A missing or unpublished post. */
export function PostNotFound() {
  return (
    <Missing title="Post Not Found" to={paths.blog} back="Back to Blog">
      The blog post you're looking for doesn't exist or has been removed.
    </Missing>
  );
}
