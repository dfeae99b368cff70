/**
 * Fedify's message queue over the site's table (ADR 024): what Fedify sends (a follower's Accept,
 * a post to every follower, the owner's answer) waits in `fediverse_queue` as Fedify enqueued it,
 * sealed under the server secret (a message carries the actor's private keys), due at its time.
 * `work` takes the due rows with the site's one lease statement (server/lib/job-queue.ts: one process
 * at a time per row) and hands each to Fedify (`Federation.processQueuedTask`); a row Fedify
 * handled is removed. Fedify does the rest as it does with any queue: a fan-out becomes one
 * message per inbox (the activity signed once), a failed delivery comes back as a new message
 * later (its retry policy), a server that answers 404 or 410 is given up.
 */
import type { MessageQueue, MessageQueueEnqueueOptions } from '@fedify/fedify';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fediverseQueue } from '../../db/schema.ts';
import { jobQueue } from '../../lib/job-queue.ts';
import type { Sealer } from '../../lib/sealed.ts';

/** Messages taken per round. */
const ROUND = 64;
/** Messages handled at once in a round (a post to many servers goes out a few at a time). */
const AT_ONCE = 8;
/** Rows written per statement when Fedify enqueues many (a fan-out to thousands of inboxes). */
const INSERT_CHUNK = 500;

/** A message Fedify enqueued: it knows its shape; the queue only keeps it. */
// biome-ignore lint/suspicious/noExplicitAny: Fedify's MessageQueue takes and gives `any`.
type Message = any;

export interface SiteMessageQueue extends MessageQueue {
  /**
   * Hands the due messages to `handle` (up to a round's worth, a few at a time): how many it
   * took. A message `handle` throws on is tried again later with the queue's backoff.
   */
  work(handle: (message: Message) => Promise<void>): Promise<number>;
  /** Whether any message is due (a cheap look that needs no Fedify). */
  due(): Promise<boolean>;
}

export function siteMessageQueue(
  db: Db,
  sealer: Sealer,
  {
    enqueued = () => undefined,
  }: {
    /** Told when a message was written (the sender looks now). */
    enqueued?: () => void;
  } = {},
): SiteMessageQueue {
  const leases = jobQueue(db, fediverseQueue);

  const rows = (messages: readonly Message[], options?: MessageQueueEnqueueOptions) => {
    const delayMs = Math.max(0, options?.delay?.total({ unit: 'millisecond' }) ?? 0);
    const due = sql`now() + ${`${Math.round(delayMs)} milliseconds`}::interval`;
    return messages.map((message) => ({ message: sealer.seal(JSON.stringify(message)), nextAttemptAt: due }));
  };

  const enqueueMany = async (messages: readonly Message[], options?: MessageQueueEnqueueOptions) => {
    const values = rows(messages, options);
    for (let at = 0; at < values.length; at += INSERT_CHUNK) {
      await db.insert(fediverseQueue).values(values.slice(at, at + INSERT_CHUNK));
    }
    if (values.length > 0) enqueued();
  };

  const work = async (handle: (message: Message) => Promise<void>): Promise<number> => {
    const taken = await leases.claim<{ id: number; message: string; attempts: number }>(
      ROUND,
      sql`${fediverseQueue.id}, ${fediverseQueue.message}, ${fediverseQueue.attempts}`,
    );
    for (let at = 0; at < taken.length; at += AT_ONCE) {
      const done: number[] = [];
      await Promise.all(
        taken.slice(at, at + AT_ONCE).map(async (row) => {
          try {
            const opened = sealer.open(row.message);
            if (opened === null) throw new Error('sealed under another server secret');
            await handle(JSON.parse(opened));
            done.push(row.id);
          } catch (error) {
            await leases.failed(row.id, row.attempts + 1, error);
          }
        }),
      );
      // Handled: gone at once, so a process that stops mid-round sends none of these again.
      if (done.length > 0) await db.delete(fediverseQueue).where(inArray(fediverseQueue.id, done));
    }
    return taken.length;
  };

  return {
    // Fedify retries a failed delivery itself, as a new message.
    nativeRetrial: false,
    enqueue: (message, options) => enqueueMany([message], options),
    enqueueMany,
    work,
    due: () => leases.due(),
    /**
     * Fedify's own way to run a queue, which the site never asks for (`manuallyStartQueue`): the
     * module's job runs `work`, under the outbound module's guard.
     */
    listen: () =>
      Promise.reject(new Error('the fediverse queue is run by its module (module.ts), not by Fedify')),
  };
}
