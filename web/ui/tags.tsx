import { X } from './icons.tsx';

/** A list of tags as small round labels (a project's technologies, a recommendation's). */
export function Tags({ tags }: { tags: readonly string[] }) {
  return (
    <ul aria-label="Tags" className="flex flex-wrap gap-1.5">
      {tags.map((tag) => (
        <li key={tag} className="rounded-full bg-secondary px-2.5 py-0.5 text-xs font-medium">
          {tag}
        </li>
      ))}
    </ul>
  );
}

/** Chosen values as round labels, each with its × that takes it away (a chip input's, blocked dates). */
export function RemovableTags<T>({
  label,
  items,
  text,
  removeLabel,
  onRemove,
}: {
  /** The list's accessible name. */
  label: string;
  items: readonly T[];
  text: (item: T) => string;
  /** The × button's accessible name for an item. */
  removeLabel: (item: T) => string;
  onRemove: (index: number) => void;
}) {
  if (items.length === 0) return null;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2 pt-1">
      {items.map((item, index) => (
        <li
          key={text(item)}
          className="inline-flex items-center gap-1 rounded-full bg-secondary py-1 pl-3 pr-1 text-sm font-medium"
        >
          {text(item)}
          <button
            type="button"
            aria-label={removeLabel(item)}
            onClick={() => onRemove(index)}
            className="rounded-full p-0.5 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
          >
            <X className="h-3.5 w-3.5" />
          </button>
        </li>
      ))}
    </ul>
  );
}
