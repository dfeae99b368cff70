/**
 * Delivers the notification outbox by SMTP. Rows are claimed with a short lease
 * (UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED)), so several processes
 * never send the same row, and no transaction is held while talking to the mail
 * server. A failure is retried with exponential backoff; after MAX_ATTEMPTS the
 * row is marked failed and stays in the outbox for the admin to see.
 */

import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client.ts';
import { notificationOutbox } from '../../db/schema.ts';

export const MAX_ATTEMPTS = 8;
const LEASE_MS = 5 * 60 * 1000;
const BATCH = 10;

/** Seconds to wait before attempt n+1: 30 s, 1 min, 2 min … capped at 1 hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);
}

export interface MailWorkerOptions {
  db: Db;
  smtpUrl: string;
  to: string;
  from: string;
  log: FastifyBaseLogger;
  intervalMs?: number;
}

type OutboxRow = typeof notificationOutbox.$inferSelect;

export function createMailWorker({ db, smtpUrl, to, from, log, intervalMs = 10_000 }: MailWorkerOptions) {
  const transport = nodemailer.createTransport(smtpUrl);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  async function claimDue(): Promise<OutboxRow[]> {
    const result = await db.execute(sql`
      update ${notificationOutbox}
      set next_attempt_at = now() + ${`${LEASE_MS} milliseconds`}::interval
      where id in (
        select id from ${notificationOutbox}
        where status = 'pending' and next_attempt_at <= now()
        order by next_attempt_at, id
        limit ${BATCH}
        for update skip locked
      )
      returning id, subject, body, attempts, recipient, attachment, html, headers`);
    // Both drivers (pg and PGlite) answer execute() with { rows }.
    return (result as { rows: OutboxRow[] }).rows;
  }

  async function deliver(
    row: Pick<
      OutboxRow,
      'id' | 'subject' | 'body' | 'attempts' | 'recipient' | 'attachment' | 'html' | 'headers'
    >,
  ): Promise<boolean> {
    try {
      // A row addressed to someone (a commenter answered) goes to them; the rest to the owner.
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
      await db.execute(
        sql`update ${notificationOutbox} set status = 'sent', sent_at = now(), attempts = attempts + 1, last_error = null where id = ${row.id}`,
      );
      return true;
    } catch (error) {
      const attempts = row.attempts + 1;
      const message = (error as Error).message.slice(0, 500);
      const status = attempts >= MAX_ATTEMPTS ? 'failed' : 'pending';
      await db.execute(sql`
        update ${notificationOutbox}
        set attempts = ${attempts}, last_error = ${message}, status = ${status},
            next_attempt_at = now() + ${`${retryDelayMs(attempts)} milliseconds`}::interval
        where id = ${row.id}`);
      log.warn({ outboxId: row.id, attempts, status, err: message }, 'notification email failed');
      return false;
    }
  }

  /** Sends what is due now; returns how many were sent. */
  async function runOnce(): Promise<number> {
    const rows = await claimDue();
    let sent = 0;
    for (const row of rows) if (await deliver(row)) sent++;
    return sent;
  }

  const tick = () => {
    running ??= runOnce()
      .catch((error) => {
        log.error({ err: error }, 'mail worker run failed');
        return 0;
      })
      .finally(() => {
        running = undefined;
      });
  };

  return {
    runOnce,
    start() {
      timer = setInterval(tick, intervalMs);
      timer.unref();
      tick();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await running;
      transport.close();
    },
  };
}
