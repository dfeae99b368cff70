/**
 * The owner's view of the notification outbox: whether email is set up at all, every message
 * with its state (waiting, sent, failed after its retries), and a retry for one that failed or
 * waits. Without a mail transport every message waits for ever; the dashboard says so instead
 * of one log line at start-up.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { OutboxMessage, OutboxState } from '../../../common/schemas/notifications.ts';
import type { Page, PageQuery } from '../../../common/schemas/shared.ts';
import type { Db } from '../../db/client.ts';
import { countOf, newestPage, paged, withIsoDates } from '../../db/paging.ts';
import { notificationOutbox } from '../../db/schema.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';

export function createOutboxService(db: Db, { mailConfigured }: { mailConfigured: boolean }) {
  const where = (state: OutboxState) => (state === 'all' ? undefined : eq(notificationOutbox.status, state));
  return {
    mailConfigured,

    /** How many wait and how many failed: the dashboard's banner and badge. */
    async counts(): Promise<{ pending: number; failed: number }> {
      const [pending, failed] = await Promise.all([
        countOf(db, notificationOutbox, eq(notificationOutbox.status, 'pending')),
        countOf(db, notificationOutbox, eq(notificationOutbox.status, 'failed')),
      ]);
      return { pending, failed };
    },

    /** The outbox, newest first, optionally one state only. */
    async list(state: OutboxState, query: PageQuery): Promise<Page<OutboxMessage>> {
      return paged(db, notificationOutbox, where(state), query, async (offset) => {
        const rows = await newestPage(
          db
            .select({
              id: notificationOutbox.id,
              kind: notificationOutbox.kind,
              subject: notificationOutbox.subject,
              body: notificationOutbox.body,
              recipient: notificationOutbox.recipient,
              status: notificationOutbox.status,
              attempts: notificationOutbox.attempts,
              lastError: notificationOutbox.lastError,
              createdAt: notificationOutbox.createdAt,
              sentAt: notificationOutbox.sentAt,
              nextAttemptAt: notificationOutbox.nextAttemptAt,
            })
            .from(notificationOutbox)
            .where(where(state))
            .$dynamic(),
          [notificationOutbox.createdAt, notificationOutbox.id],
          query,
          offset,
        );
        return rows.map(withIsoDates);
      });
    },

    /**
     * Sends a failed or waiting message again as soon as the mail worker next looks (with a
     * fresh count of attempts). A sent message is a 409: it would reach its reader twice.
     */
    async retry(id: number): Promise<OutboxMessage> {
      const [row] = await db
        .update(notificationOutbox)
        .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()` })
        .where(and(eq(notificationOutbox.id, id), sql`${notificationOutbox.status} <> 'sent'`))
        .returning();
      if (row) return withIsoDates(row);
      const [exists] = await db
        .select({ id: notificationOutbox.id })
        .from(notificationOutbox)
        .where(eq(notificationOutbox.id, id));
      if (!exists) throw notFound('Message not found');
      throw new HttpError(409, 'This message was sent already');
    },
  };
}

export type OutboxService = ReturnType<typeof createOutboxService>;
