/**
 * Lists in pages, and rows as JSON: the helpers every domain's admin reads share.
 */
import { count, desc, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Page, PageQuery } from '../../common/schemas/shared.ts';
import type { Db } from './client.ts';

/** How many rows of `table` match `where` (all of them without). */
export async function countOf(db: Pick<Db, 'select'>, table: PgTable, where?: SQL): Promise<number> {
  return (await db.select({ n: count() }).from(table).where(where))[0]?.n ?? 0;
}

/** One page of `table`'s rows matching `where`: `rows` reads the page from its offset, the total is counted. */
export async function paged<T>(
  db: Pick<Db, 'select'>,
  table: PgTable,
  where: SQL | undefined,
  query: PageQuery,
  rows: (offset: number) => Promise<T[]>,
): Promise<Page<T>> {
  const [items, total] = await Promise.all([
    rows((query.page - 1) * query.pageSize),
    countOf(db, table, where),
  ]);
  return { items, page: query.page, pageSize: query.pageSize, total };
}

/**
 * One page of a table's rows matching `where`, newest first by the given columns (each
 * descending, e.g. createdAt then id), each row shaped by `map` for the answer.
 */
export async function newestFirst<T extends PgTable, R>(
  db: Pick<Db, 'select'>,
  table: T,
  query: PageQuery,
  {
    where,
    by,
    map,
  }: { where?: SQL | undefined; by: PgColumn[]; map: (row: T['$inferSelect']) => R | Promise<R> },
): Promise<Page<R>> {
  return paged(db, table, where, query, async (offset) => {
    const rows = await newestPage(
      db
        .select()
        .from(table as PgTable)
        .where(where)
        .$dynamic(),
      by,
      query,
      offset,
    );
    return Promise.all((rows as T['$inferSelect'][]).map(map));
  });
}

/**
 * A select's page from `offset`, newest first by the given columns (each descending, e.g.
 * createdAt then id): the order every admin list is read in. The select is dynamic (`$dynamic()`).
 */
export function newestPage<Q extends PgSelect>(select: Q, by: PgColumn[], query: PageQuery, offset: number) {
  return select
    .orderBy(...by.map((column) => desc(column)))
    .limit(query.pageSize)
    .offset(offset);
}

export type WithIsoDates<T> = {
  [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K];
};

/** A row with its dates as ISO strings, for JSON answers. */
export function withIsoDates<T extends Record<string, unknown>>(row: T): WithIsoDates<T> {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  ) as WithIsoDates<T>;
}
