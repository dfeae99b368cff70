/**
 * What the owner's pages read from their address on the server: a list's page and filters (the
 * same query keys their lists read with) and an id. The forms are route-form.server.ts's.
 */
import { adminPageQuery } from './api.ts';

/** A posted whole number (an id), or NaN. */
export const idOf = (value: string | undefined) =>
  /^\d{1,12}$/.test(value ?? '') ? Number(value) : Number.NaN;

/** The query key of one page of an admin list, as the address asks for it (see useAdminPage). */
export const listPath = (path: string, params: Record<string, string | number | undefined>): string =>
  String(adminPageQuery(path, params).queryKey[0]);

/** A list's page number and filters from the address, as usePageParam and useFilterParam read them. */
export function listParams(request: Request) {
  const params = new URL(request.url).searchParams;
  return {
    page: (name = 'page') => Math.max(1, Number.parseInt(params.get(name) ?? '1', 10) || 1),
    pick: <T extends string>(name: string, values: readonly T[], fallback: T): T =>
      values.find((value) => value === params.get(name)) ?? fallback,
    raw: (name: string) => params.get(name),
  };
}
