import { MAX_TAGS_IN_LIST } from '../../../common/constants.ts';
import { paths } from '../../lib/paths.ts';
import { cn } from '../../ui/cn.ts';
import { Link } from '../../ui/link.tsx';

/**
 * Up to three tags of a post, each a link to its tag's page; the tag being shown links back to
 * every post (so a second click takes the filter off, as the spec's toggle does).
 */
export function TagLinks({ tags, active }: { tags: readonly string[]; active: string | null }) {
  return (
    <ul aria-label="Tags" className="flex flex-wrap gap-1.5">
      {tags.slice(0, MAX_TAGS_IN_LIST).map((tag) => (
        <li key={tag}>
          <Link
            to={active === tag ? paths.blog : paths.tag(tag)}
            aria-current={active === tag ? 'page' : undefined}
            className={cn(
              'inline-block rounded-full px-2.5 py-0.5 text-xs font-medium transition-colors focus-visible:outline-2 focus-visible:outline-ring',
              active === tag ? 'bg-primary text-primary-foreground' : 'bg-secondary hover:bg-muted',
            )}
          >
            {tag}
          </Link>
        </li>
      ))}
    </ul>
  );
}
