/**
 * Opens the database: PostgreSQL through `pg` when DATABASE_URL is set,
 * otherwise embedded PGlite stored in DATA_DIR (or in memory for tests).
 * Migrations from server/db/migrations are applied before anything else runs.
 */
import { join, resolve } from 'node:path';
import v8 from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsFolder } from '../paths.ts';
import { type DataDirLock, lockDataDir } from './lock.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir: string }
  /** `from`: a data directory dumped by PGlite (`dumpDataDir`), to start from instead of an empty one. */
  | { kind: 'memory'; from?: Blob };

export interface Database {
  readonly db: Db;
  readonly kind: DatabaseTarget['kind'];
  /** The PostgreSQL connection string, when on PostgreSQL (for LISTEN/NOTIFY). */
  readonly url?: string;
  /** True when a trivial query answers. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** PostgreSQL when DATABASE_URL is set, otherwise embedded PGlite in DATA_DIR. */
export function databaseTarget(config: {
  DATABASE_URL?: string | undefined;
  DATA_DIR: string;
}): DatabaseTarget {
  return config.DATABASE_URL
    ? { kind: 'postgres', url: config.DATABASE_URL }
    : { kind: 'pglite', dataDir: config.DATA_DIR };
}

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') return openPostgres(target.url, target.poolSize ?? 10);
  if (target.kind === 'pglite') return openPglite(target.dataDir);
  return openPglite(undefined, target.from);
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema });
  await migratePg(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    url,
    ping: () => ping(db as unknown as Db),
    close: () => pool.end(),
  };
}

/**
 * PGlite's PostgreSQL is a WebAssembly module of its own. V8 compiles it with its baseline
 * compiler and then, as functions grow hot, again with its optimising one: for this module that
 * second compilation held 150-400 MB more of the process's memory some seconds after start (the
 * server's resident size swung from 700 to 900 MB by when it happened, issue 61), for no speed a
 * personal site's reads notice (a query loop timed the same either way). So the module stays on
 * the baseline compiler, set before the first PGlite compiles it (the flag is the process's).
 */
let compilerSet = false;
function baselineWasmCompiler() {
  if (compilerSet) return;
  compilerSet = true;
  v8.setFlagsFromString('--liftoff-only');
}

/**
 * PostgreSQL's own memory inside the module: its shared buffers 16 MB instead of PGlite's 160 MB
 * (a personal site's database is a few tens of MB, and the files under it are the system's to
 * cache), the rest as PGlite sets it.
 */
const PGLITE_CONF = ["shared_buffers = '16MB'"];

async function openPglite(dataDir: string | undefined, from?: Blob): Promise<Database> {
  let lock: DataDirLock | undefined;
  let client: PGlite;
  baselineWasmCompiler();
  if (dataDir) {
    lock = lockDataDir(dataDir);
    client = new PGlite(join(resolve(dataDir), 'pglite'), { postgresqlconf: PGLITE_CONF });
  } else {
    client = new PGlite(
      from ? { loadDataDir: from, postgresqlconf: PGLITE_CONF } : { postgresqlconf: PGLITE_CONF },
    );
  }
  try {
    await client.waitReady;
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder });
    let closed = false;
    return {
      db: db as unknown as Db,
      kind: dataDir ? 'pglite' : 'memory',
      ping: () => ping(db as unknown as Db),
      async close() {
        if (closed) return;
        closed = true;
        try {
          await client.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    await client.close().catch(() => {});
    lock?.release();
    throw error;
  }
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
