/**
 * Which migration a database has reached, named by its tag in the migrations journal
 * (`0010_booking`). Drizzle records each applied migration's `when` in
 * drizzle.__drizzle_migrations; the journal maps it back to the tag.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { migrationsFolder } from '../../paths.ts';

export interface SchemaVersion {
  index: number;
  tag: string;
  when: number;
}

let journal: SchemaVersion[] | undefined;

/** Every migration this site knows, oldest first. */
export function schemaVersions(): SchemaVersion[] {
  journal ??= (
    JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: Array<{ idx: number; tag: string; when: number }>;
    }
  ).entries.map((entry) => ({ index: entry.idx, tag: entry.tag, when: entry.when }));
  return journal;
}

/** The newest migration applied to `db`. */
export async function currentSchema(db: Pick<Db, 'execute'>): Promise<SchemaVersion> {
  const result = (await db.execute(
    sql`select max(created_at)::text as "when" from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: Array<{ when: string | null }> };
  const when = Number(result.rows[0]?.when);
  const version = schemaVersions().find((entry) => entry.when === when);
  if (!version) throw new Error(`The database is at a migration this site does not know (${when}).`);
  return version;
}
