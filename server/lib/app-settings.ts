/**
 * A setting kept as JSON in one `app_meta` row (issue 63): the owner's availability, call types and
 * calendars, the analytics' settings. Read through its schema, the fallback when the row is missing
 * or cannot be read (never expected: every write is checked); changed under the row's lock, so two
 * saves at once both count. Its version is the row's `updatedAt` (edit-versions.ts): a whole new
 * value based on a version saved over since is refused.
 */
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { appMeta } from '../db/schema.ts';
import { changedElsewhere, type EditOf, unchangedSince } from './edit-versions.ts';

type Reader = Pick<Db, 'select'>;

/**
 * The version of a setting never written (the fallback): an edit based on it is written while
 * there is still no row, and refused once another save has made one.
 */
export const NEVER_SAVED = new Date(0).toISOString();

export interface JsonSetting<T> {
  /** The row's text as stored ('' without a row): to tell whether it changed since last read. */
  stored(db: Reader): Promise<string>;
  /** A stored text as the setting: the fallback when it is empty or cannot be read. */
  parse(text: string): T;
  get(db: Reader): Promise<T>;
  /** The value with its version (`NEVER_SAVED` while the row was never written). */
  read(db: Reader): Promise<{ value: T; version: string }>;
  /** Writes a whole new value (checked by the schema first); an edit based on an older version is refused. */
  set(db: Db, value: T, edit?: EditOf): Promise<T>;
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
  const row = async (db: Reader) => {
    const [found] = await db
      .select({ value: appMeta.value, updatedAt: appMeta.updatedAt })
      .from(appMeta)
      .where(eq(appMeta.key, key));
    return found;
  };
  const stored = async (db: Reader) => (await row(db))?.value ?? '';
  return {
    stored,
    parse,
    get: async (db) => parse(await stored(db)),
    async read(db) {
      const found = await row(db);
      return { value: parse(found?.value ?? ''), version: found?.updatedAt.toISOString() ?? NEVER_SAVED };
    },
    async set(db, value, edit) {
      const checked = schema.parse(value);
      const text = JSON.stringify(checked);
      const written = await db
        .insert(appMeta)
        .values({ key, value: text })
        .onConflictDoUpdate({
          target: appMeta.key,
          set: { value: text, updatedAt: sql`now()` },
          setWhere: unchangedSince(appMeta.updatedAt, edit?.basedOn),
        })
        .returning({ key: appMeta.key });
      if (written.length === 0 && edit) throw changedElsewhere(edit.what, edit.button);
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
