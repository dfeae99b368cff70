/**
 * The dashboard's own answer: what waits for the owner in each domain. Every other shape the
 * owner reads or sends is in its domain's file (blog.ts, comments.ts, contact.ts, ...).
 */
import { z } from './zod.ts';

/** What waits for the owner, shown as counts in the dashboard's navigation. */
export const adminSummarySchema = z.object({
  pendingComments: z.number().int(),
  pendingContributions: z.number().int(),
  unreadRequests: z.number().int(),
  resumeRequestsNotDownloaded: z.number().int(),
  /** Whether email can go out at all (SMTP_URL and NOTIFY_EMAIL set). */
  mailConfigured: z.boolean(),
  /** Outbox messages waiting to be sent, and those that failed after every retry. */
  outboxPending: z.number().int(),
  outboxFailed: z.number().int(),
  /** Testimonials clients sent that wait for the owner's approval. */
  testimonialsWaiting: z.number().int(),
});

export type AdminSummary = z.infer<typeof adminSummarySchema>;
