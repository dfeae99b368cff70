/**
 * Mail in one place (issue 44): the process's one SMTP transport, and the queue every outbox is
 * delivered from (the owner's notifications, the newsletter's deliveries). A queue is a table
 * with `status` ('pending' until sent, then 'sent' or 'failed'), `attempts`, `last_error` and
 * `next_attempt_at`: rows are claimed with a lease (UPDATE … WHERE id IN (SELECT … FOR UPDATE
 * SKIP LOCKED)), so several processes never send the same row and no transaction is held while
 * talking to the mail server; a failure is tried again with exponential backoff, and after
 * MAX_ATTEMPTS the row is marked failed and stays for the owner to see.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/client.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What the senders use of a transport (a test may hand in its own). */
export type MailTransport = Pick<Transporter, 'sendMail' | 'close'>;

/**
 * The process's transport to SMTP_URL, pooled: a newsletter send to thousands and the owner's
 * notifications reuse a few connections instead of opening one per message.
 */
export function createMailTransport(smtpUrl: string): MailTransport {
  return nodemailer.createTransport(pooled(smtpUrl));
}

/** The SMTP address with nodemailer's `pool=true`. */
export function pooled(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  url.searchParams.set('pool', 'true');
  return url.toString();
}

/** Tries before a row is marked failed. */
export const MAX_ATTEMPTS = 8;
/** How long a claimed row is held by its sender before another may take it (a crash mid-send). */
export const LEASE_MS = 5 * 60 * 1000;

/** Milliseconds to wait before attempt n+1: 30 s, 1 min, 2 min … capped at 1 hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);
}

/** Whether an SMTP failure is permanent (5xx): the address is refused, not the moment. */
export const isPermanent = (error: unknown) => {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

/** Both drivers (pg and PGlite) answer execute() with { rows }. */
const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

/** One outbox table's queue operations. */
export function mailQueue(db: Db, table: PgTable) {
  return {
    /**
     * Takes up to `limit` due rows for LEASE_MS (with `set`, more columns set as they are taken);
     * `returning` names the columns given back.
     */
    async claim<Row>(
      limit: number,
      returning: SQL,
      { handle = db, set }: { handle?: Db | Tx; set?: SQL } = {},
    ): Promise<Row[]> {
      if (limit <= 0) return [];
      const result = await handle.execute(sql`
        update ${table}
        set next_attempt_at = clock_timestamp() + ${`${LEASE_MS} milliseconds`}::interval${set ? sql`, ${set}` : sql``}
        where id in (
          select id from ${table}
          where status = 'pending' and next_attempt_at <= clock_timestamp()
          order by next_attempt_at, id
          limit ${limit}
          for update skip locked
        )
        returning ${returning}`);
      return rowsOf<Row>(result);
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
