/** The notification outbox as the owner sees it: each message and its state. */
import { isoDate } from './shared.ts';
import { z } from './zod.ts';

/** Whether the owner's notification email for an inbox item went out (the outbox row's status). */
export const outboxStatusSchema = z.enum(['pending', 'sent', 'failed', 'unknown']);

export const outboxStates = ['all', 'pending', 'sent', 'failed'] as const;

export type OutboxState = (typeof outboxStates)[number];

/** A message of the notification outbox; `recipient` null means the owner (NOTIFY_EMAIL). */
export const outboxMessageSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  subject: z.string(),
  body: z.string(),
  recipient: z.string().nullable(),
  status: z.enum(['pending', 'sent', 'failed']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: isoDate,
  sentAt: isoDate.nullable(),
  nextAttemptAt: isoDate,
});

export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export type OutboxStatus = z.infer<typeof outboxStatusSchema>;
