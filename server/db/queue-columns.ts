/**
 * The columns server/lib/job-queue.ts's `jobQueue` reads and writes, the same in every table it drives (Fedify's
 * queue of deliveries, the Webmentions sent): a row waits `pending` until `next_attempt_at`, is
 * `sent`, or `failed` after the last try, with its tries and its last error.
 */
import { integer, text, timestamp } from 'drizzle-orm/pg-core';

export const queueColumns = () => ({
  status: text('status', { enum: ['pending', 'sent', 'failed'] })
    .notNull()
    .default('pending'),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});
