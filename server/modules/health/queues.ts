/**
 * How the site's job queues (server/lib/job-queue.ts) stand, read from their tables, for /readyz and
 * /metrics (issue 66): per kind, the rows waiting, those due now, those being tried again after a
 * failure, those given up, and how long the oldest due row has waited.
 *
 * A queue is stuck when a row has been due for STUCK_AFTER_MS and nothing of that kind was done
 * in that time: no process is taking its rows (its sender hangs, or nothing runs it). A long
 * newsletter send at its rate is behind, not stuck: its rows keep going out.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  bookingCalendarEvents,
  fediverseQueue,
  newsletterDeliveries,
  notificationOutbox,
  webmentionSends,
} from '../../db/schema.ts';

/** A row due this long, with nothing of its kind done meanwhile, means the queue is stuck. */
export const STUCK_AFTER_MS = 15 * 60 * 1000;

export const QUEUE_KINDS = ['mail', 'newsletter', 'fediverse', 'calendar', 'webmention'] as const;
export type QueueKind = (typeof QUEUE_KINDS)[number];

interface QueueTable {
  table: PgTable;
  status: PgColumn;
  attempts: PgColumn;
  nextAttemptAt: PgColumn;
  /** When a row was done; null where done rows leave the table (Fedify's) or are not stamped. */
  doneAt: PgColumn | null;
}

const TABLES: Record<QueueKind, QueueTable> = {
  mail: { ...pick(notificationOutbox), doneAt: notificationOutbox.sentAt },
  newsletter: { ...pick(newsletterDeliveries), doneAt: newsletterDeliveries.sentAt },
  fediverse: { ...pick(fediverseQueue), doneAt: null },
  calendar: { ...pick(bookingCalendarEvents), doneAt: null },
  webmention: { ...pick(webmentionSends), doneAt: webmentionSends.sentAt },
};

function pick(table: PgTable & { status: PgColumn; attempts: PgColumn; nextAttemptAt: PgColumn }) {
  return { table, status: table.status, attempts: table.attempts, nextAttemptAt: table.nextAttemptAt };
}

export interface QueueState {
  kind: QueueKind;
  /** Rows not done yet, due or not. */
  waiting: number;
  /** Rows whose time has come. */
  due: number;
  /** Rows waiting to be tried again after a failure. */
  retrying: number;
  /** Rows given up after the last try. */
  failed: number;
  /** How long the oldest due row has waited, in seconds (0 when none is due). */
  oldestDueSeconds: number;
  stuck: boolean;
}

function stateQuery(kind: QueueKind, { table, status, attempts, nextAttemptAt, doneAt }: QueueTable): SQL {
  const stuckAfter = sql`${`${STUCK_AFTER_MS} milliseconds`}::interval`;
  const oldestDue = sql`min(${nextAttemptAt}) filter (where ${status} = 'pending' and ${nextAttemptAt} <= now())`;
  // Whether anything of the kind was done lately: looked for only when a row has waited that long.
  const recentlyDone = doneAt
    ? sql`case when ${oldestDue} <= now() - ${stuckAfter} then exists (select 1 from ${table} where ${doneAt} > now() - ${stuckAfter}) else false end`
    : sql`false`;
  // Only the rows still waiting or given up (the status index): done rows, the bulk of a table
  // (a newsletter's deliveries), are never read, though a load balancer asks every few seconds.
  return sql`
    select ${kind} as kind,
      count(*) filter (where ${status} = 'pending')::int as waiting,
      count(*) filter (where ${status} = 'pending' and ${nextAttemptAt} <= now())::int as due,
      count(*) filter (where ${status} = 'pending' and ${attempts} > 0)::int as retrying,
      count(*) filter (where ${status} = 'failed')::int as failed,
      coalesce(extract(epoch from now() - ${oldestDue}), 0)::float8 as oldest,
      ${recentlyDone} as recently_done
    from ${table}
    where ${status} in ('pending', 'failed')`;
}

/** Every queue's state, in one round trip. */
export async function queueStates(db: Db): Promise<QueueState[]> {
  const parts = QUEUE_KINDS.map((kind) => stateQuery(kind, TABLES[kind]));
  const result = await db.execute(sql.join(parts, sql` union all `));
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return rows.map((row) => {
    const oldestDueSeconds = Number(row.oldest);
    return {
      kind: row.kind as QueueKind,
      waiting: Number(row.waiting),
      due: Number(row.due),
      retrying: Number(row.retrying),
      failed: Number(row.failed),
      oldestDueSeconds,
      stuck: oldestDueSeconds * 1000 >= STUCK_AFTER_MS && !row.recently_done,
    };
  });
}
