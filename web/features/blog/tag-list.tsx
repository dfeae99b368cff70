import { MAX_TAGS_IN_LIST } from '../../../common/constants.ts';
import { cn } from '../../ui/cn.ts';

/** Up to three tags of a post; each toggles the list's tag filter. */
export function TagButtons({
  tags,
  active,
  onToggle,
}: {
  tags: readonly string[];
  active: string | null;
  onToggle: (tag: string) => void;
}) {
  return (
    <ul aria-label="Tags" className="flex flex-wrap gap-1.5">
      {tags.slice(0, MAX_TAGS_IN_LIST).map((tag) => (
        <li key={tag}>
          <button
            type="button"
            aria-pressed={active === tag}
            onClick={() => onToggle(tag)}
            className={cn(
              'rounded-full px-2.5 py-0.5 text-xs font-medium transition-colors focus-visible:outline-2 focus-visible:outline-ring',
              active === tag ? 'bg-primary text-primary-foreground' : 'bg-secondary hover:bg-muted',
            )}
          >
            {tag}
          </button>
        </li>
      ))}
    </ul>
  );
}
