/**
 * Lists in pages, and rows as JSON: the helpers every domain's admin reads share.
 */
import { count, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Page, PageQuery } from '../../common/schemas/admin.ts';
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

export type WithIsoDates<T> = {
  [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K];
};

/** A row with its dates as ISO strings, for JSON answers. */
export function withIsoDates<T extends Record<string, unknown>>(row: T): WithIsoDates<T> {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  ) as WithIsoDates<T>;
}
