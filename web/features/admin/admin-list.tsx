/**
 * What every list of the dashboard shares: the page in the address (so a
 * reload or a shared link keeps it), a pager, the loading/error/empty states,
 * and one way to refresh after an action (every admin list, the counts in the
 * navigation, and the public reads the action changed), without a reload.
 */
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { Page } from '../../../common/schemas/shared.ts';
import { ADMIN_PREFIX } from '../../lib/api.ts';
import { errorMessage } from '../../lib/request.ts';
import { Button } from '../../ui/button.tsx';
import { Labelled } from '../../ui/field.tsx';
import { Select } from '../../ui/select.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useAdminPage } from './api.ts';
import { Panel } from './panel.tsx';

export const ADMIN_PAGE_SIZE = 10;

/**
 * Changes some address parameters and keeps the others: a value sets one, null removes it. The
 * page keeps its scroll position unless asked otherwise.
 */
export function useUpdateParams() {
  const [, setParams] = useSearchParams();
  return (changes: Record<string, string | null>, { preventScrollReset = true } = {}) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value === null) copy.delete(name);
          else copy.set(name, value);
        }
        return copy;
      },
      { preventScrollReset },
    );
}

/**
 * The current page number from `?page=` (or another parameter, when two lists share a screen),
 * and a setter that keeps the other parameters.
 */
export function usePageParam(name = 'page'): [number, (page: number) => void] {
  const [params] = useSearchParams();
  const update = useUpdateParams();
  const page = Math.max(1, Number.parseInt(params.get(name) ?? '1', 10) || 1);
  return [page, (next: number) => update({ [name]: next <= 1 ? null : String(next) })];
}

/**
 * One page of an owner list: the page from the address (`pageParam`, when two lists share a
 * screen), the list's own `params` (its filters), ADMIN_PAGE_SIZE items.
 */
export function useAdminList<T>(
  path: string,
  params: Record<string, string | number | undefined> = {},
  pageParam = 'page',
) {
  const [page] = usePageParam(pageParam);
  return useAdminPage<T>(path, { ...params, page, pageSize: ADMIN_PAGE_SIZE });
}

/** A filter kept in the address (`?name=value`); changing it goes back to the first page. */
export function useFilterParam<T extends string>(
  name: string,
  values: readonly T[],
  fallback: T,
  pageParam = 'page',
) {
  const [params] = useSearchParams();
  const update = useUpdateParams();
  const raw = params.get(name);
  const value = values.includes(raw as T) ? (raw as T) : fallback;
  const setValue = (next: T) => update({ [pageParam]: null, [name]: next === fallback ? null : next });
  return [value, setValue] as const;
}

/**
 * A list filtered by one value kept in the address (`?param=value`), sent to the API as `field`;
 * answers the list and its filter, ready for `AdminSection` ('Show', one option per value).
 */
export function useFilteredAdminList<T, F extends string>(
  path: string,
  filter: {
    /** The select's id. */
    id: string;
    param: string;
    field: string;
    values: readonly F[];
    labels: Readonly<Record<F, string>>;
    fallback: F;
    pageParam?: string;
  },
): [ReturnType<typeof useAdminList<T>>, Filter<F>] {
  const pageParam = filter.pageParam ?? 'page';
  const [value, setValue] = useFilterParam(filter.param, filter.values, filter.fallback, pageParam);
  const query = useAdminList<T>(path, { [filter.field]: value }, pageParam);
  return [query, { id: filter.id, label: 'Show', value, options: filter.labels, onChange: setValue }];
}

/** Refreshes every admin read and the public reads whose paths start with one of `publicPrefixes`. */
export function useRefreshAdmin() {
  const queryClient = useQueryClient();
  return (...publicPrefixes: string[]) =>
    queryClient.invalidateQueries({
      predicate: (query) => {
        const key = String(query.queryKey[0]);
        return key.startsWith(ADMIN_PREFIX) || publicPrefixes.some((prefix) => key.startsWith(prefix));
      },
    });
}

/** A list filter's props: the select's id and label, its value, the choices and the change. */
export type Filter<T extends string> = {
  id: string;
  label: string;
  value: T;
  options: Readonly<Record<T, string>>;
  onChange: (value: T) => void;
};

/**
 * The section around a list: heading, filters (`filter` for the usual one select, `filters` for
 * anything else), and what to show while loading, on error and when empty.
 */
export function AdminSection<T, F extends string = string>({
  id,
  title,
  description,
  filter,
  filters = filter && <FilterSelect {...filter} />,
  query,
  empty,
  pageParam,
  notice,
  children,
}: {
  id: string;
  /** What a form posted without the page's code did (a `DoneNotice`): shown even when the list is now empty. */
  notice?: ReactNode;
  /** The address parameter of this list's page, when it is not `page`. */
  pageParam?: string;
  title: string;
  description?: ReactNode;
  filter?: Filter<F>;
  filters?: ReactNode;
  query: { data: Page<T> | undefined; error: unknown; isLoading: boolean; isPlaceholderData: boolean };
  empty: string;
  children: (items: T[]) => ReactNode;
}) {
  const { data, error, isLoading, isPlaceholderData } = query;
  return (
    <Panel headingId={`${id}-heading`} title={title} description={description} actions={filters}>
      <div className="mt-4" aria-busy={isLoading || isPlaceholderData}>
        {notice}
        {isLoading && (
          <div className="flex justify-center py-10">
            <Spinner label={`Loading ${title.toLowerCase()}`} />
          </div>
        )}
        {error != null && (
          <p role="alert" className="text-destructive">
            {errorMessage(error) ?? 'Could not load this list. Please try again later.'}
          </p>
        )}
        {data && data.items.length === 0 && <p className="py-6 text-muted-foreground">{empty}</p>}
        {data && data.items.length > 0 && children(data.items)}
        {data && <Pager page={data} label={title} param={pageParam} />}
      </div>
    </Panel>
  );
}

/** 'Showing 11–20 of 45' with Previous and Next; hidden when everything fits on one page. */
export function Pager({
  page,
  label,
  param,
}: {
  page: Page<unknown>;
  label: string;
  param?: string | undefined;
}) {
  const [, setPage] = usePageParam(param);
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize));
  if (page.total <= page.pageSize && page.page === 1) return null;
  const first = (page.page - 1) * page.pageSize + 1;
  const last = Math.min(page.total, page.page * page.pageSize);
  return (
    <nav aria-label={`${label} pages`} className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-muted-foreground">
        {page.items.length > 0
          ? `Showing ${first}–${last} of ${page.total}`
          : `Page ${page.page} of ${pages}`}
      </p>
      <div className="flex gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={page.page <= 1}
          onClick={() => setPage(Math.min(page.page - 1, pages))}
        >
          Previous
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={page.page >= pages}
          onClick={() => setPage(page.page + 1)}
        >
          Next
        </Button>
      </div>
    </nav>
  );
}

/** One entry per item in a labelled list (`entry` draws it; `keyOf` tells the items apart). */
export function EntryList<T>({
  label,
  items,
  keyOf,
  className = 'space-y-3',
  itemClassName,
  entry,
}: {
  label: string;
  items: T[];
  keyOf: (item: T) => string | number;
  className?: string;
  itemClassName?: string;
  entry: (item: T) => ReactNode;
}) {
  return (
    <ul aria-label={label} className={className}>
      {items.map((item) => (
        <li key={keyOf(item)} className={itemClassName}>
          {entry(item)}
        </li>
      ))}
    </ul>
  );
}

/** A labelled native select used as a list filter. */
export function FilterSelect<T extends string>({ id, label, value, options, onChange }: Filter<T>) {
  return (
    <Labelled id={id} label={label}>
      <Select
        id={id}
        value={value}
        options={options}
        onChange={(event) => onChange(event.target.value as T)}
        className="w-auto min-w-40 max-w-full"
      />
    </Labelled>
  );
}
