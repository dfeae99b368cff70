/**
 * Answers of the admin API: what the owner's dashboard reads. These carry the
 * private fields (emails, IPs) that public answers never do; only admins get them.
 */
import { QUOTE_STAGES, TESTIMONIAL_STATUSES } from '../constants.ts';
import { leadSourceSchema } from './forms.ts';
import { z } from './zod.ts';

const isoDate = z.iso.datetime({ offset: true });

/** A page of a long list. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  });

/** A page of a long list, as the admin API answers it and the dashboard reads it. */
export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

/** Which page of a list, and how long pages are. */
export interface PageQuery {
  page: number;
  pageSize: number;
}

export const adminPostSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  summary: z.string(),
  content: z.string(),
  coverImage: z.string(),
  tags: z.array(z.string()),
  isPublished: z.boolean(),
  publishedAt: isoDate.nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
  excerpt: z.string().nullable(),
  authorId: z.number().int().nullable(),
  metaDescription: z.string(),
  canonicalUrl: z.string(),
  /** The guest's name for an approved guest post; '' for the owner's. */
  guestAuthor: z.string(),
  /** Draft (not published), Scheduled (published with a time still to come) or Published. */
  status: z.enum(['draft', 'scheduled', 'published']),
  /** The secret of the private preview link; null when none is open. */
  previewToken: z.string().nullable(),
});

export const adminCommentSchema = z.object({
  id: z.number().int(),
  postId: z.number().int(),
  postTitle: z.string(),
  postSlug: z.string(),
  name: z.string(),
  email: z.string(),
  content: z.string(),
  createdAt: isoDate,
  ipAddress: z.string().nullable(),
  isApproved: z.boolean(),
  isSpam: z.boolean(),
  parentId: z.number().int().nullable(),
  isAuthorReply: z.boolean(),
  /** The commenter asked to be emailed when answered (and has not stopped it). */
  notifyOnReply: z.boolean(),
});

export const adminContributionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  content: z.string(),
  coverImage: z.string(),
  tags: z.array(z.string()),
  authorName: z.string(),
  authorEmail: z.string(),
  createdAt: isoDate,
  ipAddress: z.string().nullable(),
  isReviewed: z.boolean(),
  isApproved: z.boolean(),
  isSpam: z.boolean(),
  reviewNotes: z.string().nullable(),
  postId: z.number().int().nullable(),
  /** The post as visitors would see it: the same renderer and sanitiser as published posts. */
  contentHtml: z.string(),
});

const inboxFields = {
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  createdAt: isoDate,
  ipAddress: z.string().nullable(),
  readAt: isoDate.nullable(),
  archivedAt: isoDate.nullable(),
};

export const adminQuoteSchema = z.object({
  ...inboxFields,
  phone: z.string().nullable(),
  company: z.string().nullable(),
  projectType: z.string(),
  budget: z.string(),
  timeframe: z.string(),
  newsletter: z.boolean(),
  stage: z.enum(QUOTE_STAGES),
  /** When the owner first answered (the first move out of New). */
  firstReplyAt: isoDate.nullable(),
  /** When it was won or lost; null while open. */
  decidedAt: isoDate.nullable(),
  /** What the work is worth, in whole dollars; null until the owner says. */
  valueUsd: z.number().int().nullable(),
  /** Where the visitor came from; null for requests sent before it was recorded, or without it. */
  leadSource: leadSourceSchema.nullable(),
});

/** One entry of a quote's history: a move to `stage`, or a dated `note`. */
export const quoteEventSchema = z.object({
  id: z.number().int(),
  stage: z.enum(QUOTE_STAGES).nullable(),
  note: z.string().nullable(),
  createdAt: isoDate,
});

/** How much a list holds and is worth, with its newest requests (at most PIPELINE_CARDS). */
const pipelineColumnSchema = z.object({
  stage: z.enum(QUOTE_STAGES),
  count: z.number().int(),
  valueUsd: z.number().int(),
  quotes: z.array(adminQuoteSchema),
});

const leadRowSchema = z.object({
  label: z.string(),
  quotes: z.number().int(),
  won: z.number().int(),
  wonValueUsd: z.number().int(),
});

/** GET /api/admin/pipeline: the board, the time to first reply and each month's results. */
export const pipelineSchema = z.object({
  columns: z.array(pipelineColumnSchema),
  firstReply: z.object({
    promiseHours: z.number().int(),
    /** Requests answered, and how many of them within the promise. */
    answered: z.number().int(),
    withinPromise: z.number().int(),
    /** The median time to first reply, in whole minutes (null when none is answered yet). */
    medianMinutes: z.number().int().nullable(),
    /** Requests still New, and how many of them are past the promise. */
    waiting: z.number().int(),
    overdue: z.number().int(),
  }),
  /** Over the last 12 months: quote requests, won work and its value by where visitors came from (utm_source, else the referring site, else Direct), most requests first. */
  sources: z.array(leadRowSchema),
  /** The same by the last post or project read before the request (top 10). */
  pages: z.array(leadRowSchema),
  /** The last 12 months, newest first, by the month a request was won or lost. */
  months: z.array(
    z.object({
      month: z.string(),
      won: z.number().int(),
      lost: z.number().int(),
      /** won / (won + lost), 0-1; null in a month with neither. */
      winRate: z.number().nullable(),
      wonValueUsd: z.number().int(),
    }),
  ),
});

export const adminContactSchema = z.object({ ...inboxFields, subject: z.string() });

export const adminResumeRequestSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  purpose: z.string(),
  message: z.string().nullable(),
  createdAt: isoDate,
  accessed: z.boolean(),
  accessedAt: isoDate.nullable(),
  ipAddress: z.string().nullable(),
});

export const adminEndorsementSchema = z.object({
  id: z.number().int(),
  skillId: z.number().int(),
  skillName: z.string(),
  name: z.string(),
  email: z.string(),
  comment: z.string().nullable(),
  rating: z.number().int(),
  createdAt: isoDate,
  ipAddress: z.string().nullable(),
});

/** Whether the owner's notification email for an inbox item went out (the outbox row's status). */
export const outboxStatusSchema = z.enum(['pending', 'sent', 'failed', 'unknown']);

export const inboxKinds = ['quote', 'contact'] as const;
export const inboxStates = ['open', 'unread', 'archived'] as const;

export const adminInboxItemSchema = z.discriminatedUnion('kind', [
  adminQuoteSchema.extend({ kind: z.literal('quote'), emailStatus: outboxStatusSchema }),
  adminContactSchema.extend({ kind: z.literal('contact'), emailStatus: outboxStatusSchema }),
]);

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

const countRow = z.object({ views: z.number().int(), visitors: z.number().int() });

/** First-party analytics over the last `days` days (UTC), every day present. */
export const adminAnalyticsSchema = z.object({
  days: z.array(countRow.extend({ date: z.string() })),
  totals: countRow,
  topPages: z.array(countRow.extend({ path: z.string() })),
  topReferrers: z.array(countRow.extend({ referrer: z.string() })),
  devices: z.array(countRow.extend({ device: z.enum(['Mobile', 'Tablet', 'Desktop', 'Unknown']) })),
});

export type AdminPost = z.infer<typeof adminPostSchema>;
export type AdminComment = z.infer<typeof adminCommentSchema>;
export type AdminContribution = z.infer<typeof adminContributionSchema>;
export type AdminResumeRequest = z.infer<typeof adminResumeRequestSchema>;
export type AdminEndorsement = z.infer<typeof adminEndorsementSchema>;
export type AdminInboxItem = z.infer<typeof adminInboxItemSchema>;
export type AdminSummary = z.infer<typeof adminSummarySchema>;
export type AdminAnalytics = z.infer<typeof adminAnalyticsSchema>;
export type InboxKind = (typeof inboxKinds)[number];
export type AdminQuote = z.infer<typeof adminQuoteSchema>;
export type QuoteEvent = z.infer<typeof quoteEventSchema>;
export type Pipeline = z.infer<typeof pipelineSchema>;
export type InboxState = (typeof inboxStates)[number];
export type OutboxStatus = z.infer<typeof outboxStatusSchema>;

// --- Verified testimonials ------------------------------------------------------------

export const adminTestimonialSchema = z.object({
  id: z.number().int(),
  clientName: z.string(),
  clientEmail: z.string().nullable(),
  /** The won quote request it is about, with the requester's name. */
  quoteId: z.number().int().nullable(),
  quoteName: z.string().nullable(),
  status: z.enum(TESTIMONIAL_STATUSES),
  name: z.string().nullable(),
  role: z.string().nullable(),
  company: z.string().nullable(),
  quote: z.string().nullable(),
  rating: z.number().int().nullable(),
  createdAt: isoDate,
  submittedAt: isoDate.nullable(),
  approvedAt: isoDate.nullable(),
  withdrawnAt: isoDate.nullable(),
});
export type AdminTestimonial = z.infer<typeof adminTestimonialSchema>;

/** A new request, or a fresh link for one: the private link (shown once; only its hash is kept). */
export const testimonialLinkSchema = z.object({
  testimonial: adminTestimonialSchema,
  link: z.string(),
  /** Whether the link was queued in the outbox to the client's address. */
  emailed: z.boolean(),
});
export type TestimonialLink = z.infer<typeof testimonialLinkSchema>;

/** GET /api/admin/security: the owner's passkeys, authenticator app and signed-in sessions. */
export const securityOverviewSchema = z.object({
  passkeys: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      createdAt: isoDate,
      lastUsedAt: isoDate.nullable(),
      /** Synced between the owner's devices (a multi-device passkey). */
      synced: z.boolean(),
    }),
  ),
  authenticator: z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number().int() }),
  sessions: z.array(
    z.object({
      /** The first 16 hex characters of the session's id hash. */
      id: z.string(),
      /** 'Chrome on macOS'. */
      device: z.string(),
      ip: z.string().nullable(),
      /** How it began: password, code, passkey, github or register. */
      method: z.string(),
      createdAt: isoDate,
      lastSeenAt: isoDate,
      current: z.boolean(),
    }),
  ),
});
export type SecurityOverview = z.infer<typeof securityOverviewSchema>;
