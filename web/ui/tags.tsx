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
