/**
 * Restoring a backup: the file read and checked line by line (format, version, schema, every
 * table's count), then every table emptied and filled again in one transaction, ids continued.
 */
import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type FileStorage, UPLOAD_NAME } from '../../lib/storage.ts';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  BackupRefusedError,
  type BackupSummary,
  CHUNK,
  countRows,
  type Executor,
  ident,
  listTables,
  RETIRED_TABLES,
  rows,
  SITE_STATE_TABLES,
} from './archive.ts';
import { currentSchema, type SchemaVersion, schemaVersions } from './schema-version.ts';

type Entry =
  | { kind: 'header'; schema: SchemaVersion }
  /** A table's rows, a chunk at a time (a table of a million page views comes in many). */
  | { kind: 'rows'; table: string; columns: string[]; rows: string[]; total?: number }
  | { kind: 'upload'; name: string; bytes: Buffer };

const DAMAGED = 'This file is not a complete backup of this site';

/**
 * The longest line a backup may hold: a row, or an upload in base64 (an upload is at most a few
 * MB). A longer one is refused as soon as it passes this, before it is held whole: one 300 MB line
 * took a restore to 3.3 GB, and one of 700 MB past what a string can hold.
 */
export const MAX_BACKUP_LINE_BYTES = 64 * 1024 * 1024;

class LineTooLong extends Error {}

/** The lines of `input` (LF or CRLF), none longer than `maxBytes`. */
async function* linesOf(input: AsyncIterable<Buffer>, maxBytes: number): AsyncGenerator<string> {
  let parts: Buffer[] = [];
  let size = 0;
  const take = (piece: Buffer) => {
    size += piece.length;
    if (size > maxBytes) throw new LineTooLong();
    if (piece.length > 0) parts.push(piece);
  };
  const line = () => {
    const text = Buffer.concat(parts, size).toString('utf8');
    parts = [];
    size = 0;
    return text.endsWith('\r') ? text.slice(0, -1) : text;
  };
  for await (const chunk of input) {
    let start = 0;
    for (let end = chunk.indexOf(10, start); end !== -1; end = chunk.indexOf(10, start)) {
      take(chunk.subarray(start, end));
      yield line();
      start = end + 1;
    }
    take(chunk.subarray(start));
  }
  if (size > 0) yield line();
}

/**
 * Reads a backup file entry by entry; `withRows` false skips keeping rows (the checking pass).
 * Anything out of shape is a BackupRefusedError saying what.
 */
async function* readEntries(
  path: string,
  withRows: boolean,
  maxLineBytes = MAX_BACKUP_LINE_BYTES,
): AsyncGenerator<Entry> {
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
  const iterator = linesOf(source.pipe(gunzip), maxLineBytes);
  const next = async (): Promise<string | undefined> => {
    try {
      const { value, done } = await iterator.next();
      if (done) {
        if (streamError) throw streamError;
        return undefined;
      }
      return value;
    } catch (error) {
      if (error instanceof LineTooLong) {
        throw new BackupRefusedError(
          `${DAMAGED}: it holds a line longer than ${maxLineBytes >= 1024 * 1024 ? `${Math.round(maxLineBytes / 1024 / 1024)} MB` : `${Math.round(maxLineBytes / 1024)} KB`}, more than any backup writes.`,
        );
      }
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
          // One line is one row: parsed, and written again as that one object, so a line holding
          // two rows (or anything but one) is refused instead of inserting more than it counts.
          let row: unknown;
          try {
            row = JSON.parse(line);
          } catch {
            row = undefined;
          }
          if (!row || typeof row !== 'object' || Array.isArray(row)) {
            throw new BackupRefusedError(
              `${DAMAGED}: row ${index + 1} of the table ${entry.table} is not one readable row.`,
            );
          }
          if (withRows) kept.push(JSON.stringify(row));
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
    await iterator.return(undefined);
    source.destroy();
  }
}

export interface RestoreOptions {
  /** Empty the tables first when the database already holds data (the owner asked for it). */
  force?: boolean;
  /** The longest line read (tests make it small). */
  maxLineBytes?: number;
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

/** PostgreSQL's error code, from either driver. */
const databaseCode = (error: unknown) =>
  (error as { code?: string; cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;

/**
 * The restore's one transaction. A key checked at its commit (a deferrable one) that names a row
 * the backup does not hold refuses the file, as a row that does not fit does.
 */
async function loadInOneTransaction(db: Db, load: (tx: Db) => Promise<void>): Promise<void> {
  try {
    await db.transaction((tx) => load(tx as unknown as Db));
  } catch (error) {
    if (databaseCode(error) !== '23503') throw error;
    throw new BackupRefusedError(
      `${DAMAGED}: a row refers to another that the backup does not hold (database error 23503). Nothing was restored.`,
    );
  }
}

/**
 * The migrations that move data as well as change tables, each with the database function it
 * leaves for its data step (in the migration's SQL): run again, in order, on a restored backup made
 * before it, whose rows hold the data where that version kept it.
 */
const DATA_STEPS = [{ tag: '0033_call_types_rows', fn: 'call_types_from_settings' }];

const indexOfTag = (tag: string) => {
  const version = schemaVersions().find((entry) => entry.tag === tag);
  if (!version) throw new Error(`No migration ${tag}`);
  return version.index;
};

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
  const { maxLineBytes } = options;
  for await (const entry of readEntries(path, false, maxLineBytes)) {
    if (entry.kind === 'header') schema = entry.schema;
    if (
      entry.kind === 'rows' &&
      (entry.total ?? 0) > 0 &&
      !tables.has(entry.table) &&
      !RETIRED_TABLES.has(entry.table)
    ) {
      throw new BackupRefusedError(`This backup holds a table this site does not have: ${entry.table}.`);
    }
  }
  const current = await currentSchema(db);
  if (!schema || schema.index > current.index) {
    throw new BackupRefusedError(
      `This backup was made by a newer version of the site (database ${schema?.tag}). Update the site, then restore it.`,
    );
  }

  const existing = Object.fromEntries(
    Object.entries(await nonEmptyTables(db)).filter(([name]) => !SITE_STATE_TABLES.has(name)),
  );
  if (Object.keys(existing).length > 0 && !options.force) {
    const list = Object.entries(existing)
      .map(([name, count]) => `${name} (${count})`)
      .join(', ');
    throw new BackupRefusedError(
      `The database is not empty: ${list}. Restore into an empty database, or add --force to replace what it holds.`,
    );
  }

  const summary: BackupSummary = { schema: schema.tag, tables: {}, uploads: 0 };
  await loadInOneTransaction(db, async (tx) => {
    await tx.execute(sql`set local time zone 'UTC'`);
    // Keys declared deferrable are checked at the commit, after the data steps below.
    await tx.execute(sql`set constraints all deferred`);
    if (Object.keys(existing).length > 0) {
      await tx.execute(
        sql.raw(
          `truncate ${[...tables.keys()]
            .filter((name) => !SITE_STATE_TABLES.has(name))
            .map(ident)
            .join(', ')} restart identity cascade`,
        ),
      );
    }
    for await (const entry of readEntries(path, true, maxLineBytes)) {
      if (entry.kind === 'upload') break; // the tables are all read; uploads follow the commit
      if (entry.kind !== 'rows' || SITE_STATE_TABLES.has(entry.table) || RETIRED_TABLES.has(entry.table))
        continue;
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
      try {
        await tx.execute(
          sql`${sql.raw(`insert into ${ident(table.name)} (${list}) overriding system value select ${list} from json_populate_recordset(null::${ident(table.name)}, `)}${`[${entry.rows.join(',')}]`}::json)`,
        );
      } catch (error) {
        // The database's own words name the values (and the query carries the rows, password
        // hashes included): none of them goes into the message, only the table and the kind.
        const code = databaseCode(error);
        throw new BackupRefusedError(
          `${DAMAGED}: a row of the table ${table.name} does not fit this site's table${code ? ` (database error ${code})` : ''}. Nothing was restored.`,
        );
      }
    }
    // A backup made before a migration that moves data holds it where that version kept it.
    for (const step of DATA_STEPS) {
      if (schema.index < indexOfTag(step.tag)) await tx.execute(sql.raw(`select ${ident(step.fn)}()`));
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

  for await (const entry of readEntries(path, true, maxLineBytes)) {
    if (entry.kind !== 'upload') continue;
    await storage.restore(entry.name, entry.bytes);
    summary.uploads++;
  }
  return summary;
}
