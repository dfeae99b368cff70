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
import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type FileStorage, UPLOAD_NAME } from '../../lib/storage.ts';
import { currentSchema, type SchemaVersion, schemaVersions } from './schema-version.ts';

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
const CHUNK = 500;

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

type Executor = Pick<Db, 'execute'>;

async function rows<T>(db: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  // Both drivers (pg and PGlite) answer execute() with { rows }.
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** A row as JSON text, without the derived columns. */
function rowJson(table: string): string {
  const derived = DERIVED[table] ?? [];
  if (derived.length === 0) return 'row_to_json(t)::text';
  return `(to_jsonb(t) - array[${derived.map((column) => `'${column}'`).join(', ')}]::text[])::text`;
}

async function countRows(db: Executor, table: string): Promise<number> {
  const [row] = await rows<{ count: number }>(
    db,
    sql.raw(`select count(*)::int as count from ${ident(table)}`),
  );
  return row?.count ?? 0;
}

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

type Entry =
  | { kind: 'header'; schema: SchemaVersion }
  /** A table's rows, a chunk at a time (a table of a million page views comes in many). */
  | { kind: 'rows'; table: string; columns: string[]; rows: string[]; total?: number }
  | { kind: 'upload'; name: string; bytes: Buffer };

const DAMAGED = 'This file is not a complete backup of this site';

/**
 * Reads a backup file entry by entry; `withRows` false skips keeping rows (the checking pass).
 * Anything out of shape is a BackupRefusedError saying what.
 */
async function* readEntries(path: string, withRows: boolean): AsyncGenerator<Entry> {
  const gunzip = createGunzip();
  let streamError: Error | undefined;
  const source = createReadStream(path);
  source.on('error', (error) => {
    streamError = error;
    gunzip.destroy(error);
  });
  gunzip.on('error', (error) => {
    streamError ??= error;
  });
  const lines = createInterface({ input: source.pipe(gunzip), crlfDelay: Number.POSITIVE_INFINITY });
  const iterator = lines[Symbol.asyncIterator]();
  const next = async (): Promise<string | undefined> => {
    try {
      const { value, done } = await iterator.next();
      if (done) {
        if (streamError) throw streamError;
        return undefined;
      }
      return value;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') throw new BackupRefusedError(`There is no file at ${path}.`);
      throw new BackupRefusedError(
        `${DAMAGED}: it is damaged or not a backup (${(error as Error).message}).`,
      );
    }
  };
  const parse = (line: string | undefined, what: string): Record<string, unknown> => {
    if (line === undefined) throw new BackupRefusedError(`${DAMAGED}: it ends early, before ${what}.`);
    try {
      const value = JSON.parse(line) as unknown;
      if (value && typeof value === 'object' && !Array.isArray(value))
        return value as Record<string, unknown>;
    } catch {
      // reported below
    }
    throw new BackupRefusedError(`${DAMAGED}: a line where ${what} should be is not readable.`);
  };

  try {
    const header = parse(await next(), 'its header');
    if (header.format !== BACKUP_FORMAT) {
      throw new BackupRefusedError(`${DAMAGED}: it is not a ${BACKUP_FORMAT} file.`);
    }
    if (header.version !== BACKUP_VERSION) {
      throw new BackupRefusedError(
        `This backup is in format ${String(header.version)}; this site reads format ${BACKUP_VERSION}.`,
      );
    }
    const schema = schemaVersions().find((version) => version.tag === header.schema);
    if (!schema) {
      throw new BackupRefusedError(
        `This backup was made by a newer version of the site (database ${String(header.schema)}). Update the site, then restore it.`,
      );
    }
    yield { kind: 'header', schema };

    const counted: Record<string, number> = {};
    let uploads = 0;
    for (;;) {
      const entry = parse(await next(), 'the end marker');
      if (typeof entry.table === 'string' && Array.isArray(entry.columns) && Number.isInteger(entry.rows)) {
        const count = entry.rows as number;
        const columns = entry.columns as string[];
        let kept: string[] = [];
        for (let index = 0; index < count; index++) {
          const line = await next();
          if (line === undefined || !line.startsWith('{')) {
            throw new BackupRefusedError(`${DAMAGED}: the table ${entry.table} is cut short.`);
          }
          if (withRows) kept.push(line);
          if (kept.length === CHUNK) {
            yield { kind: 'rows', table: entry.table, columns, rows: kept };
            kept = [];
          }
        }
        counted[entry.table] = count;
        yield { kind: 'rows', table: entry.table, columns, rows: kept, total: count };
      } else if (typeof entry.upload === 'string' && Number.isInteger(entry.bytes)) {
        // Checked while reading, so the checking pass refuses the file before a row is written.
        if (!UPLOAD_NAME.test(entry.upload)) {
          throw new BackupRefusedError(
            `${DAMAGED}: it names an upload this site could not have made (${JSON.stringify(entry.upload.slice(0, 80))}).`,
          );
        }
        const data = await next();
        const bytes = Buffer.from(data ?? '', 'base64');
        if (data === undefined || bytes.length !== entry.bytes) {
          throw new BackupRefusedError(`${DAMAGED}: the upload ${entry.upload} is cut short.`);
        }
        uploads++;
        yield { kind: 'upload', name: entry.upload, bytes: withRows ? bytes : Buffer.alloc(0) };
      } else if (entry.end === true) {
        const tables = (entry.tables ?? {}) as Record<string, number>;
        const agrees =
          entry.uploads === uploads &&
          Object.keys(tables).length === Object.keys(counted).length &&
          Object.entries(tables).every(([name, count]) => counted[name] === count);
        if (!agrees) throw new BackupRefusedError(`${DAMAGED}: its end marker does not match what it holds.`);
        if ((await next()) !== undefined) {
          throw new BackupRefusedError(`${DAMAGED}: something follows its end marker.`);
        }
        return;
      } else {
        throw new BackupRefusedError(`${DAMAGED}: it holds a line this site does not know.`);
      }
    }
  } finally {
    lines.close();
    source.destroy();
  }
}

export interface RestoreOptions {
  /** Empty the tables first when the database already holds data (the owner asked for it). */
  force?: boolean;
}

/** The tables that hold at least one row, with their counts. */
export async function nonEmptyTables(db: Executor): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  for (const table of await listTables(db)) {
    const count = await countRows(db, table.name);
    if (count > 0) found[table.name] = count;
  }
  return found;
}

/**
 * Loads a backup file into `db` (migrated to this site's schema) and its uploads into
 * `storage`. The whole file is checked before anything is written; the tables are loaded in
 * one transaction, so a failure leaves the database as it was.
 */
export async function restoreBackup(
  db: Db,
  storage: FileStorage,
  path: string,
  options: RestoreOptions = {},
): Promise<BackupSummary> {
  // First pass: the whole file is read and checked, nothing kept and nothing written.
  const tables = new Map((await listTables(db)).map((table) => [table.name, table]));
  let schema: SchemaVersion | undefined;
  for await (const entry of readEntries(path, false)) {
    if (entry.kind === 'header') schema = entry.schema;
    if (entry.kind === 'rows' && (entry.total ?? 0) > 0 && !tables.has(entry.table)) {
      throw new BackupRefusedError(`This backup holds a table this site does not have: ${entry.table}.`);
    }
  }
  const current = await currentSchema(db);
  if (!schema || schema.index > current.index) {
    throw new BackupRefusedError(
      `This backup was made by a newer version of the site (database ${schema?.tag}). Update the site, then restore it.`,
    );
  }

  const existing = await nonEmptyTables(db);
  if (Object.keys(existing).length > 0 && !options.force) {
    const list = Object.entries(existing)
      .map(([name, count]) => `${name} (${count})`)
      .join(', ');
    throw new BackupRefusedError(
      `The database is not empty: ${list}. Restore into an empty database, or add --force to replace what it holds.`,
    );
  }

  const summary: BackupSummary = { schema: schema.tag, tables: {}, uploads: 0 };
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local time zone 'UTC'`);
    if (Object.keys(existing).length > 0) {
      await tx.execute(
        sql.raw(`truncate ${[...tables.keys()].map(ident).join(', ')} restart identity cascade`),
      );
    }
    for await (const entry of readEntries(path, true)) {
      if (entry.kind === 'upload') break; // the tables are all read; uploads follow the commit
      if (entry.kind !== 'rows') continue;
      summary.tables[entry.table] = (summary.tables[entry.table] ?? 0) + entry.rows.length;
      if (entry.rows.length === 0) continue;
      const table = tables.get(entry.table);
      if (!table) {
        throw new BackupRefusedError(`This backup holds a table this site does not have: ${entry.table}.`);
      }
      // Only the archive's columns: a column added since it was made takes its default.
      const list = entry.columns
        .filter((column) => table.columns.includes(column))
        .map(ident)
        .join(', ');
      await tx.execute(
        sql`${sql.raw(`insert into ${ident(table.name)} (${list}) overriding system value select ${list} from json_populate_recordset(null::${ident(table.name)}, `)}${`[${entry.rows.join(',')}]`}::json)`,
      );
    }
    // Serial ids carry on after the largest restored one.
    const serials = await rows<{ table: string; column: string; sequence: string }>(
      tx,
      sql`select c.relname as "table", a.attname as "column",
            pg_get_serial_sequence(quote_ident(c.relname), a.attname) as sequence
          from pg_attribute a join pg_class c on c.oid = a.attrelid
          join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
            and pg_get_serial_sequence(quote_ident(c.relname), a.attname) is not null`,
    );
    for (const serial of serials) {
      const column = ident(serial.column);
      await tx.execute(
        sql.raw(
          `select setval('${serial.sequence.replaceAll("'", "''")}', coalesce(max(${column}), 1), max(${column}) is not null) from ${ident(serial.table)}`,
        ),
      );
    }
  });

  for await (const entry of readEntries(path, true)) {
    if (entry.kind !== 'upload') continue;
    await storage.restore(entry.name, entry.bytes);
    summary.uploads++;
  }
  return summary;
}
