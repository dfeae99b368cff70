/**
 * The notification outbox. Every notification for the owner is first written to
 * `notification_outbox`, in the same transaction as what it reports, so nothing
 * is lost while mail is down; the mail worker delivers pending rows.
 */
import type { Db } from '../../db/client.ts';
import { notificationOutbox, type OutboxAttachment } from '../../db/schema.ts';

export type NotificationKind =
  | 'contact'
  | 'quote'
  | 'comment'
  | 'contribution'
  | 'resume'
  | 'reply'
  | 'digest'
  | 'testimonial'
  | 'booking'
  | 'newsletter';

export interface Notification {
  kind: NotificationKind;
  subject: string;
  /** Label and value pairs, rendered as the plain-text body. */
  fields: Record<string, string | number | boolean | null | undefined>;
  /** Whom a visitor's email greets, on a line of its own above the fields ("Hello Amelia Hart,"). */
  greeting?: string | undefined;
  /** The id of the row it reports, when there is one. */
  sourceId?: number | undefined;
  /** Who gets it: the owner when absent; a visitor's address for a reply to their comment. */
  recipient?: string | undefined;
  /** A file sent with it (a booked call's .ics invitation). */
  attachment?: OutboxAttachment | undefined;
  /** The plain-text body written out, instead of the fields (an email with an HTML part). */
  text?: string | undefined;
  /** An HTML part beside the text (the newsletter's confirmation). */
  html?: string | undefined;
  /** Extra headers. */
  headers?: Record<string, string> | undefined;
}

/** Any Drizzle handle that can insert: the database or a transaction. */
type Writer = Pick<Db, 'insert'>;

export function renderBody(fields: Notification['fields']): string {
  return Object.entries(fields)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([label, value]) => `${label}: ${String(value)}`)
    .join('\n');
}

export async function enqueueNotification(writer: Writer, notification: Notification): Promise<void> {
  await writer.insert(notificationOutbox).values({
    kind: notification.kind,
    subject: notification.subject,
    body:
      notification.text ??
      (notification.greeting
        ? `Hello ${notification.greeting},\n\n${renderBody(notification.fields)}`
        : renderBody(notification.fields)),
    payload: notification.fields as Record<string, unknown>,
    sourceId: notification.sourceId ?? null,
    recipient: notification.recipient ?? null,
    attachment: notification.attachment ?? null,
    html: notification.html ?? null,
    headers: notification.headers ?? null,
  });
}

// The owner's view of the outbox (server/modules/notifications/outbox.ts), for the admin routes.
export { createOutboxService, type OutboxService } from './outbox.ts';
