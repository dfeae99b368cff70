/**
 * What surrounds a post's text: its table of contents, the share links, the author box, the
 * previous and next posts and the related ones. Share links are plain links to each network's
 * own share page (no third-party script); Copy link uses the clipboard.
 */
import { useEffect } from 'react';
import type { BlogPost } from '../../../common/schemas/blog.ts';
import { island } from '../../islands/island.tsx';
import { withBase } from '../../lib/base.ts';
import { longDate } from '../../lib/dates.ts';
import { paths } from '../../lib/paths.ts';
import { useSiteInfo } from '../../lib/site.ts';
import { useCopyLink } from '../../lib/use-copy-link.ts';
import { ArrowLeft, ArrowRight, Link2, List, Mail, SpriteIcon } from '../../ui/icons.tsx';
import { Link } from '../../ui/link.tsx';
import { toast } from '../../ui/use-toast.ts';

/** Posts with this many headings or more get a table of contents. */
export const TOC_MIN_HEADINGS = 3;

export function TableOfContents({ toc, variant }: { toc: BlogPost['toc']; variant: 'inline' | 'side' }) {
  const list = (
    <ol className="space-y-2 text-sm">
      {toc.map((entry) => (
        <li key={entry.id} className={entry.depth === 3 ? 'pl-4' : ''}>
          <a href={`#${entry.id}`} className="text-muted-foreground hover:text-foreground hover:underline">
            {entry.text}
          </a>
        </li>
      ))}
    </ol>
  );
  if (variant === 'side') {
    return (
      <nav aria-label="Table of contents" className="sticky top-24 max-h-[calc(100vh-8rem)] overflow-y-auto">
        <p className="mb-3 flex items-center gap-2 text-sm font-semibold">
          <List className="h-4 w-4" />
          On this page
        </p>
        {list}
      </nav>
    );
  }
  return (
    <details className="mt-8 rounded-lg border border-border bg-card p-4">
      <summary className="flex cursor-pointer items-center gap-2 text-sm font-semibold">
        <List className="h-4 w-4" />
        On this page
      </summary>
      <nav aria-label="Table of contents" className="mt-3">
        {list}
      </nav>
    </details>
  );
}

function ShareLinksContent({ title, url }: { title: string; url: string }) {
  const { copied, copy: copyLink } = useCopyLink();
  const copy = () => copyLink(url, 'Paste it anywhere to share this post.');
  const text = encodeURIComponent(title);
  const link = encodeURIComponent(url);
  const networks = [
    { name: 'X', icon: 'brand-twitter', href: `https://x.com/intent/post?text=${text}&url=${link}` },
    {
      name: 'LinkedIn',
      icon: 'brand-linkedin',
      href: `https://www.linkedin.com/sharing/share-offsite/?url=${link}`,
    },
  ];
  const itemClass =
    'inline-flex min-h-10 items-center gap-2 rounded-md border border-border px-3 py-2 text-sm font-medium hover:bg-accent hover:text-accent-foreground';
  return (
    <section aria-labelledby="share-heading" className="mt-12 border-t border-border pt-8">
      <h2 id="share-heading" className="text-lg font-semibold">
        Share this post
      </h2>
      <ul className="mt-4 flex flex-wrap gap-2">
        <li>
          <button type="button" onClick={copy} className={itemClass}>
            <Link2 className="h-4 w-4" />
            {copied ? 'Link copied' : 'Copy link'}
          </button>
        </li>
        {networks.map((network) => (
          <li key={network.name}>
            <a href={network.href} target="_blank" rel="noopener noreferrer" className={itemClass}>
              <SpriteIcon id={network.icon} className="h-4 w-4" />
              Share on {network.name}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </li>
        ))}
        <li>
          <a href={`mailto:?subject=${text}&body=${link}`} className={itemClass}>
            <Mail className="h-4 w-4" />
            Email
          </a>
        </li>
      </ul>
    </section>
  );
}

/** Who wrote the post: the owner from the profile, or the guest's name for a guest post. */
export function AuthorBox({ post }: { post: Pick<BlogPost, 'authorName' | 'isGuestPost'> }) {
  const site = useSiteInfo();
  if (post.isGuestPost) {
    return (
      <aside aria-label="About the author" className="mt-10 rounded-lg border border-border bg-card p-6">
        <p className="text-sm text-muted-foreground">Guest post</p>
        <p className="mt-1 text-lg font-semibold">{post.authorName}</p>
        <p className="mt-2 text-sm text-muted-foreground">
          Written for this blog by a guest author.{' '}
          <Link to={paths.contribute} className="text-primary underline underline-offset-2">
            Contribute a guest post
          </Link>
        </p>
      </aside>
    );
  }
  return (
    <aside
      aria-label="About the author"
      className="mt-10 flex flex-col gap-4 rounded-lg border border-border bg-card p-6 sm:flex-row sm:items-start"
    >
      <img
        src={withBase(site.image)}
        alt=""
        width={72}
        height={72}
        loading="lazy"
        className="h-18 w-18 shrink-0 rounded-full border border-border object-cover"
      />
      <div>
        <p className="text-sm text-muted-foreground">Written by</p>
        <p className="text-lg font-semibold">{site.ownerName}</p>
        <p className="text-sm font-medium text-primary">{site.ownerTitle}</p>
        <p className="mt-2 text-sm text-muted-foreground">{site.description}</p>
        <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm font-medium">
          <Link to={paths.section('about')} className="text-primary underline underline-offset-2">
            More about me
          </Link>
          <Link to={paths.section('contact')} className="text-primary underline underline-offset-2">
            Work with me
          </Link>
        </p>
      </div>
    </aside>
  );
}

export function PostNeighbours({ previous, next }: Pick<BlogPost, 'previous' | 'next'>) {
  if (!previous && !next) return null;
  const card = 'flex h-full flex-col gap-1 rounded-lg border border-border p-4 hover:border-primary';
  return (
    <nav aria-label="More posts" className="mt-10 grid gap-4 sm:grid-cols-2">
      {previous ? (
        <Link to={paths.post(previous.slug)} rel="prev" className={card}>
          <span className="flex items-center gap-1 text-sm text-muted-foreground">
            <ArrowLeft className="h-4 w-4" />
            Previous post
          </span>
          <span className="font-semibold">{previous.title}</span>
        </Link>
      ) : (
        <span className="hidden sm:block" />
      )}
      {next ? (
        <Link to={paths.post(next.slug)} rel="next" className={`${card} sm:items-end sm:text-right`}>
          <span className="flex items-center gap-1 text-sm text-muted-foreground">
            Next post
            <ArrowRight className="h-4 w-4" />
          </span>
          <span className="font-semibold">{next.title}</span>
        </Link>
      ) : null}
    </nav>
  );
}

export function RelatedPosts({ posts }: { posts: BlogPost['related'] }) {
  if (posts.length === 0) return null;
  return (
    <section aria-labelledby="related-heading" className="later mt-12">
      <h2 id="related-heading" className="text-lg font-semibold">
        Related posts
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-3">
        {posts.map((post) => (
          <li key={post.id} className="rounded-lg border border-border p-4">
            <Link to={paths.post(post.slug)} className="font-semibold hover:text-primary hover:underline">
              {post.title}
            </Link>
            {post.publishedAt ? (
              <p className="mt-1 text-xs text-muted-foreground">
                <time dateTime={post.publishedAt}>{longDate(post.publishedAt)}</time>
              </p>
            ) : null}
            <p className="mt-2 line-clamp-3 text-sm text-muted-foreground">{post.summary}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The Copy buttons of the post's code blocks (the server renders them): one listener for the
 * whole body. The button says 'Copied' for two seconds.
 */
function CodeCopyButtons() {
  useEffect(() => {
    const onClick = async (event: MouseEvent) => {
      const button = (event.target as Element | null)?.closest<HTMLButtonElement>(CODE_COPY_BUTTON);
      if (!button) return;
      const code = button.closest('figure')?.querySelector('pre')?.textContent ?? '';
      const label = button.getAttribute('aria-label') ?? '';
      try {
        await navigator.clipboard.writeText(code);
        button.textContent = 'Copied';
        button.setAttribute('aria-label', 'Code copied');
        setTimeout(() => {
          button.textContent = 'Copy';
          button.setAttribute('aria-label', label);
        }, 2000);
      } catch {
        toast({
          title: 'Error',
          description: 'Could not copy the code. Select it and copy it by hand.',
          variant: 'destructive',
        });
      }
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);
  return null;
}

/** 'Share this post': an island (ADR 023) for its 'Copy link'. */
export const ShareLinks = island('share-links', ShareLinksContent, { start: 'touch' });

/** A code block's Copy button, which the server renders into the post's body. */
const CODE_COPY_BUTTON = '[data-reading] button[data-copy-code]';

/**
 * The Copy buttons: an island with nothing of its own to show (ADR 023), which acts on the buttons
 * in the post's body; a press before its code is live wakes it and is done once it is.
 */
export const CodeCopy = island('code-copy', CodeCopyButtons, { start: 'touch', parts: CODE_COPY_BUTTON });
export { CodeCopyButtons, ShareLinksContent };
