/**
 * 'Showing 11–20 of 45' with Previous and Next for a long list shown a page at a time: links to
 * the same address with the list's page parameter changed (page 1 without it) and the other
 * parameters kept, so paging works without the page's code and a reload or a shared link keeps
 * the page. An end's button is disabled. Hidden when everything fits on one page.
 */
import { useLocation } from 'react-router';
import type { Page } from '../../common/schemas/shared.ts';
import { addressWith } from '../lib/paths.ts';
import { Button } from './button.tsx';
import { Link } from './link.tsx';

export function Pager({
  page,
  label,
  param = 'page',
}: {
  page: Page<unknown>;
  /** The list's name: the navigation is '{label} pages'. */
  label: string;
  /** The address parameter that holds the page (another than `page` where two lists share a screen). */
  param?: string | undefined;
}) {
  const { pathname, search } = useLocation();
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize));
  if (page.total <= page.pageSize && page.page === 1) return null;
  const first = (page.page - 1) * page.pageSize + 1;
  const last = Math.min(page.total, page.page * page.pageSize);
  const step = (name: string, to: number | null) =>
    to === null ? (
      <Button size="sm" variant="outline" disabled>
        {name}
      </Button>
    ) : (
      <Button asChild size="sm" variant="outline">
        <Link to={addressWith(pathname, search, { [param]: to <= 1 ? null : String(to) })} preventScrollReset>
          {name}
        </Link>
      </Button>
    );
  return (
    <nav aria-label={`${label} pages`} className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-muted-foreground">
        {page.items.length > 0
          ? `Showing ${first}–${last} of ${page.total}`
          : `Page ${page.page} of ${pages}`}
      </p>
      <div className="flex gap-2">
        {step('Previous', page.page > 1 ? Math.min(page.page - 1, pages) : null)}
        {step('Next', page.page < pages ? page.page + 1 : null)}
      </div>
    </nav>
  );
}
