/**
 * A setting kept as JSON in one `app_meta` row (issue 63): the owner's availability, call types and
 * calendars, the analytics' settings. Read through its schema, the fallback when the row is missing
 * or cannot be read (never expected: every write is checked); changed under the row's lock, so two
 * saves at once both count.
 */
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { appMeta } from '../db/schema.ts';

type Reader = Pick<Db, 'select'>;

export interface JsonSetting<T> {
  /** The row's text as stored ('' without a row): to tell whether it changed since last read. */
  stored(db: Reader): Promise<string>;
  /** A stored text as the setting: the fallback when it is empty or cannot be read. */
  parse(text: string): T;
  get(db: Reader): Promise<T>;
  /** Writes a whole new value (checked by the schema first). */
  set(db: Db, value: T): Promise<T>;
  /** Changes it under the row's lock: the value written. */
  change(db: Db, change: (current: T) => T): Promise<T>;
}

export function jsonSetting<T>(key: string, schema: z.ZodType<T>, fallback: () => T): JsonSetting<T> {
  const parse = (text: string): T => {
    if (!text) return fallback();
    try {
      return schema.parse(JSON.parse(text));
    } catch {
      return fallback();
    }
  };
  const stored = async (db: Reader) => {
    const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, key));
    return row?.value ?? '';
  };
  return {
    stored,
    parse,
    get: async (db) => parse(await stored(db)),
    async set(db, value) {
      const checked = schema.parse(value);
      const text = JSON.stringify(checked);
      await db
        .insert(appMeta)
        .values({ key, value: text })
        .onConflictDoUpdate({ target: appMeta.key, set: { value: text, updatedAt: sql`now()` } });
      return checked;
    },
    change: (db, change) =>
      db.transaction(async (tx) => {
        // The row exists before it is locked (a first change inserts it as the fallback).
        await tx
          .insert(appMeta)
          .values({ key, value: JSON.stringify(fallback()) })
          .onConflictDoNothing();
        const [row] = await tx
          .select({ value: appMeta.value })
          .from(appMeta)
          .where(eq(appMeta.key, key))
          .for('update');
        const next = schema.parse(change(parse(row?.value ?? '')));
        await tx
          .update(appMeta)
          .set({ value: JSON.stringify(next), updatedAt: sql`now()` })
          .where(eq(appMeta.key, key));
        return next;
      }),
  };
}
