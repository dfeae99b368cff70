/**
 * The site's job queue (issue 63): every piece of work kept in the database and done in the
 * background goes through here. The owner's notifications and the newsletter's deliveries (mail),
 * Fedify's deliveries (fediverse/queue.ts), the Webmentions read and sent, and the events written to
 * the owner's calendar each keep their rows in their own table, and each claims its due rows with
 * `lease`, the one lease statement in the code base (an UPDATE of the rows a locking SELECT takes,
 * skipping the rows another process holds): several processes never take the same row, no transaction is held while the work
 * talks to another server, and a row whose worker died is due again when its lease ends. A failure
 * is tried again after `retryDelayMs` (30 s doubling to an hour); after MAX_ATTEMPTS a row is
 * marked failed and stays for the owner to see. `queueRunner` runs a queue's rounds.
 *
 * A table driven by `jobQueue` has the columns of db/queue-columns.ts: `status` ('pending' until
 * done, then 'sent' or 'failed'), `attempts`, `last_error`, `next_attempt_at` and `sent_at`.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Tries before a row is marked failed. */
export const MAX_ATTEMPTS = 8;
/** How long a claimed row is held by its sender before another may take it (a crash mid-send). */
export const LEASE_MS = 5 * 60 * 1000;

/** Milliseconds to wait before attempt n+1: 30 s, 1 min, 2 min … capped at 1 hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);
}

/** Both drivers (pg and PGlite) answer execute() with { rows }. */
const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

export interface LeaseSpec {
  /** The table whose rows are the work. */
  table: PgTable;
  /** Its key (`id`; a calendar write's `booking_id`). */
  key: PgColumn;
  /** The column the lease moves to its end (`next_attempt_at`; a calendar write's `leased_until`). */
  until: PgColumn;
  /** Which rows are due, over `from`. */
  due: SQL;
  /** Which due rows come first. */
  order: SQL;
  /** Where the due rows are read from when other tables join in (only `table`'s rows are locked). */
  from?: SQL;
  limit: number;
  /** How long a taken row is held before another process may take it. */
  leaseMs: number;
  /** The columns given back. */
  returning: SQL;
  /** More columns set as the rows are taken. */
  set?: SQL;
}

/**
 * Takes up to `limit` due rows for `leaseMs`: the one lease statement of the site's queues. Two
 * processes asking at once take different rows (a row locked by one is skipped by the other).
 */
export async function lease<Row>(handle: Db | Tx, spec: LeaseSpec): Promise<Row[]> {
  if (spec.limit <= 0) return [];
  const { table, key, until, due, order, from, limit, leaseMs, returning, set } = spec;
  const result = await handle.execute(sql`
    update ${table}
    set ${sql.identifier(until.name)} = clock_timestamp() + ${`${leaseMs} milliseconds`}::interval${set ? sql`, ${set}` : sql``}
    where ${key} in (
      select ${key} from ${from ?? table}
      where ${due}
      order by ${order}
      limit ${limit}
      for update of ${table} skip locked
    )
    returning ${returning}`);
  return rowsOf<Row>(result);
}

/** A queue table's operations (its columns those of db/queue-columns.ts). */
export function jobQueue(db: Db, table: PgTable & { id: PgColumn; nextAttemptAt: PgColumn }) {
  return {
    /**
     * Takes up to `limit` due rows for LEASE_MS (with `set`, more columns set as they are taken);
     * `returning` names the columns given back.
     */
    claim<Row>(
      limit: number,
      returning: SQL,
      { handle = db, set }: { handle?: Db | Tx; set?: SQL } = {},
    ): Promise<Row[]> {
      return lease<Row>(handle, {
        table,
        key: table.id,
        until: table.nextAttemptAt,
        due: sql`status = 'pending' and next_attempt_at <= clock_timestamp()`,
        order: sql`next_attempt_at, id`,
        limit,
        leaseMs: LEASE_MS,
        returning,
        ...(set ? { set } : {}),
      });
    },

    /** Whether any row is due now (a cheap look before a round: it may then load what it needs). */
    async due(): Promise<boolean> {
      const result = await db.execute(sql`
        select 1 from ${table} where status = 'pending' and next_attempt_at <= now() limit 1`);
      return rowsOf(result).length > 0;
    },

    /** The row went out on its `attempts`-th try. */
    async sent(id: number, attempts: number): Promise<void> {
      await db.execute(sql`
        update ${table} set status = 'sent', sent_at = now(), attempts = ${attempts}, last_error = null
        where id = ${id}`);
    },

    /** The `attempts`-th try failed: tried again later, or failed for good after MAX_ATTEMPTS. */
    async failed(id: number, attempts: number, error: unknown): Promise<'retry' | 'failed'> {
      const status = attempts >= MAX_ATTEMPTS ? 'failed' : 'pending';
      await db.execute(sql`
        update ${table}
        set status = ${status}, attempts = ${attempts}, last_error = ${errorText(error)},
            next_attempt_at = now() + ${`${retryDelayMs(attempts)} milliseconds`}::interval
        where id = ${id}`);
      return status === 'failed' ? 'failed' : 'retry';
    },
  };
}

/** A failure's message as the owner sees it in the outbox (at most 500 characters). */
export const errorText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 500);

export interface QueueRunnerOptions {
  /** One round of sending; true when there is more to send at once (a full batch, a spent window). */
  round: () => Promise<boolean>;
  /** The wait before looking again when there was nothing to send (a retry's time coming). */
  idleMs: number;
  /** The wait between rounds while there is more. */
  busyMs: number;
  onError: (error: unknown) => void;
}

/** Runs a queue's rounds: at once on start and on `wake`, then every `idleMs`, or `busyMs` while busy. */
export function queueRunner({ round, idleMs, busyMs, onError }: QueueRunnerOptions) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;
  const schedule = (ms: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(tick, ms);
    timer.unref();
  };
  // A wake while a round runs: the round may have read the queue before the new row was written,
  // so another round follows at once instead of after idleMs.
  let woken = false;
  function tick() {
    if (running) return;
    woken = false;
    running = round()
      .then((more) => schedule(more ? busyMs : woken ? 0 : idleMs))
      .catch((error: unknown) => {
        onError(error);
        schedule(woken ? 0 : idleMs);
      })
      .finally(() => {
        running = undefined;
      });
  }
  return {
    /** Looks now: something was just queued. */
    wake() {
      if (running) woken = true;
      else schedule(0);
    },
    start() {
      stopped = false;
      schedule(0);
    },
    /** Stops looking; waits for a round under way. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
