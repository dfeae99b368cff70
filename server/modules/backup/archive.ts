/**
 * Backups: one portable file holding the schema version, every table as JSON and the uploads.
 *
 * The file is gzip-compressed JSON lines (`zcat` reads it):
 *   {"format":"portfolio-backup","version":1,"schema":"0010_booking","createdAt":"…"}
 *   {"table":"users","columns":["id","username",…],"rows":2}   then one line per row
 *   {"upload":"<name>","bytes":1234}                              then the file in base64
 *   {"end":true,"tables":{"users":2,…},"uploads":1}
 *
 * Rows are PostgreSQL's own `row_to_json` (times in UTC) read in one repeatable-read,
 * read-only transaction, so the tables agree with each other and a write that goes on meanwhile
 * is either wholly in the archive or wholly after it. They go back with
 * `json_populate_recordset`, which turns each value back into its column's type: the same file
 * loads into PGlite and into PostgreSQL alike.
 */
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { FileStorage } from '../../lib/storage.ts';
import { currentSchema } from './schema-version.ts';

export const BACKUP_FORMAT = 'portfolio-backup';
export const BACKUP_VERSION = 1;

/**
 * Columns the database derives itself (a trigger fills them on every insert): left out of the
 * archive and computed afresh on restore, since PostgreSQL versions stem words differently.
 */
const DERIVED: Record<string, string[]> = { blog_posts: ['search_vector'] };

/** Rows read per query: a million page views never sit in memory at once. */
const BATCH = 2_000;
/** Rows inserted per statement on restore. */
export const CHUNK = 500;

export interface BackupSummary {
  schema: string;
  tables: Record<string, number>;
  uploads: number;
}

/** A backup that cannot be restored, with the reason in words for the owner. */
export class BackupRefusedError extends Error {
  override name = 'BackupRefusedError';
}

interface TableInfo {
  name: string;
  columns: string[];
  primaryKey: string[];
}

export type Executor = Pick<Db, 'execute'>;

export async function rows<T>(db: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  // Both drivers (pg and PGlite) answer execute() with { rows }.
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** A row as JSON text, without the derived columns. */
function rowJson(table: string): string {
  const derived = DERIVED[table] ?? [];
  if (derived.length === 0) return 'row_to_json(t)::text';
  return `(to_jsonb(t) - array[${derived.map((column) => `'${column}'`).join(', ')}]::text[])::text`;
}

export async function countRows(db: Executor, table: string): Promise<number> {
  const [row] = await rows<{ count: number }>(
    db,
    sql.raw(`select count(*)::int as count from ${ident(table)}`),
  );
  return row?.count ?? 0;
}

/**
 * Tables that belong to the running site, not to its content: the login lockouts and rate limits.
 * A backup leaves them out and a restore leaves the target's as they are (an older backup that
 * holds them is read, and their rows skipped), so restoring never brings back a lockout.
 */
export const SITE_STATE_TABLES = new Set(['rate_counters']);

/**
 * Tables a later version dropped whose rows were work under way, not content: the fediverse's
 * deliveries before Fedify's queue (ADR 024). An older backup that holds them is restored
 * without them.
 */
export const RETIRED_TABLES = new Set(['fediverse_deliveries']);

/** The site's tables (schema public) in an order where every table follows those it refers to. */
export async function listTables(db: Executor): Promise<TableInfo[]> {
  const tables = await rows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  );
  const columns = await rows<{ table: string; column: string }>(
    db,
    sql`select c.relname as "table", a.attname as "column"
        from pg_attribute a join pg_class c on c.oid = a.attrelid
        join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0
          and not a.attisdropped and a.attgenerated = ''
        order by c.relname, a.attnum`,
  );
  const keys = await rows<{ table: string; column: string }>(
    db,
    sql`select c.relname as "table", a.attname as "column"
        from pg_index i join pg_class c on c.oid = i.indrelid
        join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
        where n.nspname = 'public' and i.indisprimary
        order by c.relname, array_position(i.indkey::int2[], a.attnum)`,
  );
  const references = await rows<{ child: string; parent: string }>(
    db,
    sql`select ch.relname as child, pa.relname as parent
        from pg_constraint k join pg_class ch on ch.oid = k.conrelid
        join pg_class pa on pa.oid = k.confrelid
        join pg_namespace n on n.oid = k.connamespace
        where k.contype = 'f' and n.nspname = 'public'`,
  );
  const info = new Map<string, TableInfo>(
    tables.map(({ name }) => [name, { name, columns: [], primaryKey: [] }]),
  );
  for (const { table, column } of columns) {
    if (!DERIVED[table]?.includes(column)) info.get(table)?.columns.push(column);
  }
  for (const { table, column } of keys) info.get(table)?.primaryKey.push(column);

  // Depth-first: parents before children; a table referring to itself (comment replies) is
  // ordered by its key, and a reply always has a larger id than what it answers.
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  const place = (name: string, path: Set<string>) => {
    if (placed.has(name) || path.has(name)) return;
    path.add(name);
    for (const { child, parent } of references) if (child === name && parent !== name) place(parent, path);
    placed.add(name);
    const table = info.get(name);
    if (table) ordered.push(table);
  };
  for (const { name } of tables) place(name, new Set());
  return ordered;
}

/** Lines of a backup, read from `db` (inside the caller's snapshot) and `storage`. */
async function* backupLines(
  db: Executor,
  storage: FileStorage,
  schema: string,
  now: Date,
  summary: BackupSummary,
): AsyncGenerator<string> {
  yield `${JSON.stringify({ format: BACKUP_FORMAT, version: BACKUP_VERSION, schema, createdAt: now.toISOString() })}\n`;
  for (const table of await listTables(db)) {
    if (SITE_STATE_TABLES.has(table.name)) continue;
    const count = await countRows(db, table.name);
    yield `${JSON.stringify({ table: table.name, columns: table.columns, rows: count })}\n`;
    const order = table.primaryKey.length > 0 ? table.primaryKey.map(ident).join(', ') : 't::text';
    let written = 0;
    while (written < count) {
      const batch = await rows<{ line: string }>(
        db,
        sql.raw(
          `select ${rowJson(table.name)} as line from ${ident(table.name)} t order by ${order} limit ${BATCH} offset ${written}`,
        ),
      );
      if (batch.length === 0) break;
      for (const { line } of batch) yield `${line}\n`;
      written += batch.length;
    }
    summary.tables[table.name] = written;
  }
  for (const name of await storage.list()) {
    const bytes = await storage.read(name);
    yield `${JSON.stringify({ upload: name, bytes: bytes.length })}\n${bytes.toString('base64')}\n`;
    summary.uploads++;
  }
  yield `${JSON.stringify({ end: true, tables: summary.tables, uploads: summary.uploads })}\n`;
}

/**
 * Writes a backup of the whole site to `out`. The tables are read in one read-only snapshot;
 * writes carry on meanwhile (on PGlite they wait for the read, which is one connection).
 */
export async function writeBackup(
  db: Db,
  storage: FileStorage,
  out: Writable,
  now = new Date(),
): Promise<BackupSummary> {
  const schema = await currentSchema(db);
  const summary: BackupSummary = { schema: schema.tag, tables: {}, uploads: 0 };
  await db.transaction(
    async (tx) => {
      await tx.execute(sql`set local time zone 'UTC'`);
      await pipeline(Readable.from(backupLines(tx, storage, schema.tag, now, summary)), createGzip(), out);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return summary;
}

/** Writes a backup to `path` (through a temporary name, so a half-written file never has it). */
export async function writeBackupFile(
  db: Db,
  storage: FileStorage,
  path: string,
  now = new Date(),
): Promise<BackupSummary> {
  const partial = `${path}.partial`;
  try {
    const summary = await writeBackup(db, storage, createWriteStream(partial, { mode: 0o600 }), now);
    await rename(partial, path);
    return summary;
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}
