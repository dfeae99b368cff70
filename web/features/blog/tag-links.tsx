import { paths } from '../../lib/paths.ts';
import { Link } from '../../ui/link.tsx';

/** A post's tags, each a link to its tag's list; "General" (no link) for a post without one. */
export function TagLinks({ tags, id, large }: { tags: readonly string[]; id?: string; large?: boolean }) {
  const chip = `rounded-full bg-secondary text-xs font-medium ${large ? 'px-3 py-1' : 'px-2.5 py-0.5'}`;
  return (
    <ul id={id} aria-label="Tags" className={`flex flex-wrap ${large ? 'mt-6 gap-2' : 'gap-1.5'}`}>
      {tags.length === 0 && <li className={chip}>General</li>}
      {tags.map((tag) => (
        <li key={tag}>
          <Link to={paths.tag(tag)} className={`inline-block hover:bg-muted ${chip}`}>
            {tag}
          </Link>
        </li>
      ))}
    </ul>
  );
}
