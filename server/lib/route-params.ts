/** Route shapes every domain's routes share: a row's id in the path, a page of a list. */
import { z } from 'zod';

/** A row id in the path: a positive integer PostgreSQL's `integer` can hold. */
export const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** `?page=&pageSize=` of an owner's list (Page<T> in common/schemas/shared.ts). */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
