/**
 * The newsletter (issue 35): the subscribe form, a subscriber's choice, the owner's issues and
 * the dashboard's view of the list. The form's texts follow the spec's tone.
 */
import {
  CADENCE_LABELS,
  NEWSLETTER_CADENCES,
  type NewsletterCadence,
  SUBSCRIBE_ANSWER,
} from '../newsletter.ts';
import { leadSourceSchema } from './contact.ts';
import { basedOn, email, isoDate, optionalText, text } from './shared.ts';
import { z } from './zod.ts';

export const SUBSCRIBER_STATUSES = ['pending', 'confirmed', 'unsubscribed', 'bounced'] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

/** Which form an address came from: a post's ('post:<slug>') or one of the site's places. */
export const subscribeSourceSchema = z
  .string()
  .max(220)
  .regex(/^(post:[a-z0-9-]{1,200}|blog|home|footer|newsletter|quote)$/)
  .catch('newsletter');

export const subscribeSchema = z.object({
  email: email('Invalid email address'),
  name: optionalText(60, 'First name'),
  cadence: z.enum(NEWSLETTER_CADENCES, { error: 'Choose how often' }).default('each'),
  source: subscribeSourceSchema.default('newsletter'),
  // A source the browser could not make sense of is dropped, never the subscription with it.
  leadSource: leadSourceSchema.optional().catch(undefined),
  /** Honeypot: hidden from people; a filled one is answered as usual and stores nothing. */
  website: z.string().max(500).optional(),
});

export type SubscribeInput = z.input<typeof subscribeSchema>;

// The choices and the answer, for the server's modules that read them from here.
export { CADENCE_LABELS, NEWSLETTER_CADENCES, type NewsletterCadence, SUBSCRIBE_ANSWER };

/** A subscriber's links carry this secret (confirm, unsubscribe, change the choice). */
export const subscriberTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{20,64}$/);

/** The owner's one-off issue: a subject and a Markdown body. */
export const issueDraftSchema = z.object({
  subject: text(150, 'Subject').min(1, 'Subject is required'),
  body: text(20_000, 'Body', { multiline: true }).min(10, 'Body must be at least 10 characters'),
});

export type IssueDraftInput = z.input<typeof issueDraftSchema>;

/** A draft edited: its fields and the version the edit is based on (when the editor sends it). */
export const issueEditSchema = issueDraftSchema.extend({ basedOn: basedOn.optional() });

export type IssueEditInput = z.input<typeof issueEditSchema>;

/**
 * A draft as the editor shows it when its test or send is pressed (optional: a post without a
 * body reads as null): one that is not the saved draft is refused with `UNSAVED_DRAFT`, since the
 * preview, the test and the email are the saved one.
 */
export const issueShownSchema = z
  .object({ subject: text(150, 'Subject'), body: text(20_000, 'Body', { multiline: true }) })
  .nullish();

export type IssueShown = z.output<typeof issueShownSchema>;

export const subscriberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  cadence: z.enum(NEWSLETTER_CADENCES),
  status: z.enum(SUBSCRIBER_STATUSES),
  source: z.string(),
  /** The visit's lead source in one line ('newsletter / email (fall), landed on /'), or ''. */
  leadSource: z.string(),
  consentAt: isoDate,
  confirmedAt: isoDate.nullable(),
  unsubscribedAt: isoDate.nullable(),
  bounces: z.number().int(),
  createdAt: isoDate,
});

export type Subscriber = z.infer<typeof subscriberSchema>;

export const issueSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  kind: z.enum(['post', 'roundup', 'issue']),
  subject: z.string(),
  status: z.enum(['draft', 'sent']),
  createdAt: isoDate,
  sentAt: isoDate.nullable(),
  recipients: z.number().int(),
  delivered: z.number().int(),
  waiting: z.number().int(),
  failed: z.number().int(),
  bounced: z.number().int(),
});

export type IssueSummary = z.infer<typeof issueSummarySchema>;

export const newsletterOverviewSchema = z.object({
  counts: z.record(z.enum(SUBSCRIBER_STATUSES), z.number().int()),
  /** New subscribers and confirmations per month, oldest first (the last 12 months). */
  growth: z.array(z.object({ month: z.string(), subscribed: z.number().int(), confirmed: z.number().int() })),
  issues: z.array(issueSummarySchema),
  /** Whether mail can leave at all (SMTP_URL set); otherwise everything waits. */
  mailConfigured: z.boolean(),
  /** Messages per second the sender keeps to. */
  rate: z.number(),
});

export type NewsletterOverview = z.infer<typeof newsletterOverviewSchema>;

export const subscriberStates = ['all', ...SUBSCRIBER_STATUSES] as const;
export type SubscriberState = (typeof subscriberStates)[number];

/** A sent issue as its web page shows it. */
export const publicIssueSchema = z.object({
  slug: z.string(),
  subject: z.string(),
  kind: z.enum(['post', 'roundup', 'issue']),
  html: z.string(),
  sentAt: isoDate,
});

export type PublicIssue = z.infer<typeof publicIssueSchema>;

export const importReportSchema = z.object({
  added: z.number().int(),
  /** Already here: left as they are. */
  already: z.number().int(),
  suppressed: z.number().int(),
  skipped: z.array(z.object({ line: z.number().int(), reason: z.string() })),
});

export type ImportReport = z.infer<typeof importReportSchema>;

/** Which draft or subscriber an owner's form is about (its hidden field). */
const ownerRow = (missing: string) => z.number({ error: missing }).int(missing).positive(missing);

/** The dashboard's newsletter forms as they post. */
export const newsletterOwnerForms = {
  save: issueEditSchema.extend({ id: ownerRow('That draft is not on this page.').optional() }),
  draft: z.object({ id: ownerRow('That draft is not on this page.') }),
  /** A test: the editor's fields come with it (its button is one of the editor's). */
  test: z.object({
    id: ownerRow('That draft is not on this page.'),
    subject: z.string().optional(),
    body: z.string().optional(),
  }),
  send: z.object({
    id: ownerRow('That draft is not on this page.'),
    subject: z.string().optional(),
    body: z.string().optional(),
    confirm: z
      .boolean()
      .refine((checked) => checked, 'Tick the box to say the preview is checked, then send.'),
  }),
  subscriber: z.object({ id: ownerRow('That subscriber is not on this page.') }),
};
