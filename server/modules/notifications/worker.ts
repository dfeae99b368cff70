/**
 * Delivers the notification outbox over the process's one transport, with the shared mail queue
 * (server/lib/job-queue.ts: claimed with a lease, tried again with backoff, failed after MAX_ATTEMPTS
 * and kept for the owner to see). A row addressed to someone (a commenter answered) goes to them;
 * the rest to NOTIFY_EMAIL.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { notificationOutbox } from '../../db/schema.ts';
import { errorText, jobQueue, queueRunner } from '../../lib/job-queue.ts';
import type { MailTransport } from '../../lib/mail.ts';

export { MAX_ATTEMPTS, retryDelayMs } from '../../lib/job-queue.ts';

/** Rows sent per round. */
const BATCH = 10;

export interface MailWorkerOptions {
  db: Db;
  transport: MailTransport;
  to: string;
  from: string;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** How often it looks when the outbox had nothing due. */
  intervalMs?: number;
}

type OutboxRow = Pick<
  typeof notificationOutbox.$inferSelect,
  'id' | 'subject' | 'body' | 'attempts' | 'recipient' | 'attachment' | 'html' | 'headers'
>;

export function createMailWorker({ db, transport, to, from, log, intervalMs = 10_000 }: MailWorkerOptions) {
  const queue = jobQueue(db, notificationOutbox);

  async function deliver(row: OutboxRow): Promise<boolean> {
    const attempts = row.attempts + 1;
    try {
      const file = row.attachment;
      await transport.sendMail({
        from,
        to: row.recipient ?? to,
        subject: row.subject,
        text: row.body,
        ...(row.html ? { html: row.html } : {}),
        ...(row.headers ? { headers: row.headers } : {}),
        // A calendar invitation goes as the message's text/calendar part (mail apps offer to add
        // it) and as an .ics file; any other file as an attachment.
        ...(file?.method
          ? { icalEvent: { method: file.method, filename: file.filename, content: file.content } }
          : {}),
        ...(file && !file.method
          ? {
              attachments: [
                { filename: file.filename, content: file.content, contentType: file.contentType },
              ],
            }
          : {}),
      });
      await queue.sent(row.id, attempts);
      return true;
    } catch (error) {
      const status = await queue.failed(row.id, attempts, error);
      log.warn({ outboxId: row.id, attempts, status, err: errorText(error) }, 'notification email failed');
      return false;
    }
  }

  /** Sends what is due now; returns how many were sent. */
  async function runOnce(): Promise<number> {
    const rows = await queue.claim<OutboxRow>(
      BATCH,
      sql`id, subject, body, attempts, recipient, attachment, html, headers`,
    );
    let sent = 0;
    for (const row of rows) if (await deliver(row)) sent++;
    return sent;
  }

  const runner = queueRunner({
    round: async () => (await runOnce()) === BATCH,
    idleMs: intervalMs,
    busyMs: 0,
    onError: (error) => log.error({ err: error }, 'mail worker run failed'),
  });

  return { runOnce, start: runner.start, stop: runner.stop, wake: runner.wake };
}
