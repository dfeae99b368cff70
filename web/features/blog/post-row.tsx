/**
 * One post of the blog's list: its cover, date, title, tags, summary, the search's snippet and a
 * link to read it.
 */
import { SNIPPET_MARK_END, SNIPPET_MARK_START } from '../../../common/blog-list.ts';
import type { BlogListPage } from '../../../common/schemas/blog.ts';
import { longDate } from '../../lib/dates.ts';
import { paths } from '../../lib/paths.ts';
import { Link } from '../../ui/link.tsx';
import { Picture } from '../../ui/picture.tsx';
import { TagLinks } from './tag-list.tsx';

/** A cover's address and what the page draws for it (a data: address for a small illustration). */
export interface FirstCover {
  src: string;
  drawn: string;
}

/** A snippet with its matched words in <mark>: text only, never HTML. */
function Snippet({ text }: { text: string }) {
  const parts = text.split(SNIPPET_MARK_START);
  return (
    <p className="text-sm text-muted-foreground">
      {parts.map((part, i) => {
        const [marked, rest] = i === 0 ? ['', part] : part.split(SNIPPET_MARK_END);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
          <span key={i}>
            {marked && <mark className="rounded-sm bg-primary/20 px-0.5 text-foreground">{marked}</mark>}
            {rest}
          </span>
        );
      })}
    </p>
  );
}

/**
 * `first`: the list's first post, whose cover is the largest thing on the page (fetched at once)
 * and whose text the first paint waits for (ADR 029). `cover`: the cover as the page draws it.
 */
export function PostRow({
  post,
  first,
  cover,
  activeTag,
}: {
  post: BlogListPage['posts'][number];
  first: boolean;
  cover: string | null;
  activeTag: string | null;
}) {
  return (
    <article className="grid overflow-hidden rounded-lg border border-border bg-card sm:grid-cols-[14rem_1fr]">
      {cover ? (
        <Picture
          src={cover}
          sizes="(min-width: 640px) 224px, 100vw"
          alt=""
          loading={first ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : 'auto'}
          width={448}
          height={252}
          className="aspect-video w-full self-start bg-muted object-cover"
        />
      ) : (
        <div aria-hidden="true" className="hidden bg-muted sm:block" />
      )}
      <div id={first ? 'first-post' : undefined} className="flex flex-col gap-2 p-5">
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
        <TagLinks tags={post.tags} active={activeTag} />
        <p className="text-muted-foreground">{post.summary}</p>
        {post.snippet && <Snippet text={post.snippet} />}
        <Link to={paths.post(post.slug)} className="font-semibold text-primary hover:underline">
          Read more →<span className="sr-only">{` about ${post.title}`}</span>
        </Link>
      </div>
    </article>
  );
}
