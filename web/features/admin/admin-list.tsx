/**
 * What every list of the dashboard shares: the page in the address (so a
 * reload or a shared link keeps it), a pager of links (web/ui/pager.tsx), the loading/error/empty states,
 * and one way to refresh after an action (every admin list, the counts in the
 * navigation, and the public reads the action changed), without a reload.
 */
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { Page } from '../../../common/schemas/shared.ts';
import { ADMIN_PREFIX } from '../../lib/api.ts';
import { DONE_PARAM } from '../../lib/form-post.ts';
import { errorMessage } from '../../lib/request.ts';
import { Button } from '../../ui/button.tsx';
import { Labelled } from '../../ui/field.tsx';
import { Pager } from '../../ui/pager.tsx';
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

/** The current page number from `?page=` (or another parameter, when two lists share a screen). */
export function usePageParam(name = 'page'): number {
  const [params] = useSearchParams();
  return Math.max(1, Number.parseInt(params.get(name) ?? '1', 10) || 1);
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
  const page = usePageParam(pageParam);
  return useAdminPage<T>(path, { ...params, page, pageSize: ADMIN_PAGE_SIZE });
}

/** A list filter kept in the address (`?param=value`): its value, the change, and where it lives. */
export interface FilterBinding<T extends string> {
  param: string;
  /** The list's page parameter, which a change leaves out (back to the first page). */
  pageParam: string;
  value: T;
  onChange: (value: T) => void;
}

/** A filter kept in the address (`?name=value`); changing it goes back to the first page. */
export function useFilterParam<T extends string>(
  name: string,
  values: readonly T[],
  fallback: T,
  pageParam = 'page',
): FilterBinding<T> {
  const [params] = useSearchParams();
  const update = useUpdateParams();
  const raw = params.get(name);
  const value = values.includes(raw as T) ? (raw as T) : fallback;
  const onChange = (next: T) => update({ [pageParam]: null, [name]: next === fallback ? null : next });
  return { param: name, pageParam, value, onChange };
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
  const binding = useFilterParam(filter.param, filter.values, filter.fallback, pageParam);
  const query = useAdminList<T>(path, { [filter.field]: binding.value }, pageParam);
  return [query, { id: filter.id, label: 'Show', options: filter.labels, ...binding }];
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

/** A list filter's props: the select's id and label, the choices, and its binding to the address. */
export type Filter<T extends string> = FilterBinding<T> & {
  id: string;
  label: string;
  options: Readonly<Record<T, string>>;
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

/**
 * A labelled native select used as a list filter: with the page's code a change shows the list at
 * once; without it the select is a form that asks for the same address ('Apply'), the other
 * parameters kept but the list's page and a done notice's.
 */
export function FilterSelect<T extends string>({
  id,
  label,
  value,
  options,
  onChange,
  param,
  pageParam,
}: Filter<T>) {
  const [params] = useSearchParams();
  const kept = [...params].filter(([name]) => name !== param && name !== pageParam && name !== DONE_PARAM);
  return (
    <form method="get" className="flex max-w-full items-end gap-2">
      {kept.map(([name, kept]) => (
        <input key={`${name}=${kept}`} type="hidden" name={name} value={kept} />
      ))}
      <Labelled id={id} label={label}>
        <Select
          id={id}
          name={param}
          value={value}
          options={options}
          onChange={(event) => onChange(event.target.value as T)}
          className="w-auto min-w-40 max-w-full"
        />
      </Labelled>
      <noscript>
        <Button type="submit" variant="outline">
          Apply
        </Button>
      </noscript>
    </form>
  );
}
