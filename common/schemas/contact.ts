/**
 * Quote requests and messages: the public forms (spec section 5, its messages verbatim), where a
 * visitor came from, and the owner's inbox and pipeline (stages, value, history, notes).
 */
import { READS_IN_SOURCE } from '../channels.ts';
import {
  BUDGETS,
  LEAD_ORIGINS,
  MAX_QUOTE_VALUE_USD,
  PROJECT_TYPES,
  QUOTE_STAGES,
  TIMEFRAMES,
} from '../constants.ts';
import { outboxStatusSchema } from './notifications.ts';
import { campaignText, choice, email, isoDate, optionalText, sitePath, text } from './shared.ts';
import { z } from './zod.ts';

/**
 * Where a visitor came from, kept in the visit cookie (server/lib/visit.ts) and sent with a quote
 * request: the first page of the visit, the other site that linked to it (its host only), the
 * campaign's utm_* values, the last post or project read before the form and the others read in
 * the visit, when the visit began; the server adds the country of the request's address (issue 48).
 */
export const leadSourceSchema = z.object({
  landingPage: sitePath.optional(),
  referrer: z
    .string()
    .max(200)
    .regex(/^[a-z0-9.-]+(:\d+)?$/i)
    .optional(),
  utmSource: campaignText.optional(),
  utmMedium: campaignText.optional(),
  utmCampaign: campaignText.optional(),
  utmTerm: campaignText.optional(),
  utmContent: campaignText.optional(),
  lastRead: sitePath.optional(),
  /** The posts and projects read in the visit, first first (at most READS_IN_SOURCE). */
  reads: z.array(sitePath).max(READS_IN_SOURCE).optional(),
  /** When the visit began. */
  startedAt: z.iso.datetime().optional(),
  /** The two-letter country of the request's address, looked up by the server (the address is not kept with it). */
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
});

export type LeadSource = z.infer<typeof leadSourceSchema>;

export const quoteRequestSchema = z.object({
  name: text(100, 'Name').min(1, 'Name is required'),
  email: email('Invalid email address'),
  phone: optionalText(40, 'Phone'),
  company: optionalText(200, 'Company'),
  projectType: choice(PROJECT_TYPES, 'Please select a project type'),
  budget: choice(BUDGETS, 'Please select a budget range'),
  timeframe: choice(TIMEFRAMES, 'Please select a timeframe'),
  message: text(5000, 'Message', { multiline: true }).min(10, 'Message must be at least 10 characters'),
  newsletter: z.boolean().default(false),
  // A source the browser could not make sense of is dropped, never the request with it.
  source: leadSourceSchema.optional().catch(undefined),
});

export const contactMessageSchema = z.object({
  name: text(100, 'Name').min(1, 'Name is required'),
  email: email('Invalid email address'),
  subject: text(200, 'Subject').min(1, 'Subject is required'),
  message: text(5000, 'Message', { multiline: true }).min(10, 'Message must be at least 10 characters'),
});

export type QuoteRequestInput = z.input<typeof quoteRequestSchema>;

/** A move to another stage, a value, or both; what is not sent stays as it is. */
export const quoteUpdateSchema = z
  .object({
    stage: z.enum(QUOTE_STAGES, { error: 'Choose a stage' }).optional(),
    value: z
      .number({ error: 'Value must be a whole number of dollars' })
      .int('Value must be a whole number of dollars')
      .min(0, 'Value cannot be negative')
      .max(MAX_QUOTE_VALUE_USD, `Value cannot exceed ${MAX_QUOTE_VALUE_USD}`)
      .nullable()
      .optional(),
  })
  .refine((body) => body.stage !== undefined || body.value !== undefined, {
    message: 'Say the stage or the value',
  });

export type QuoteUpdateInput = z.input<typeof quoteUpdateSchema>;

export const quoteNoteSchema = z.object({
  note: text(2000, 'Note', { multiline: true }).min(1, 'Note is required'),
});

export type QuoteNoteInput = z.input<typeof quoteNoteSchema>;

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
  /** The first touch: the source of the earliest request or sign-up of the same email (issue 48). */
  firstTouch: leadSourceSchema.nullable(),
  /** A quote request, or a lead a booked call started (issue 49). */
  origin: z.enum(LEAD_ORIGINS),
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

export const inboxKinds = ['quote', 'contact'] as const;

export const inboxStates = ['open', 'unread', 'archived'] as const;

export const adminInboxItemSchema = z.discriminatedUnion('kind', [
  adminQuoteSchema.extend({ kind: z.literal('quote'), emailStatus: outboxStatusSchema }),
  adminContactSchema.extend({ kind: z.literal('contact'), emailStatus: outboxStatusSchema }),
]);

export type AdminInboxItem = z.infer<typeof adminInboxItemSchema>;

export type InboxKind = (typeof inboxKinds)[number];

export type AdminQuote = z.infer<typeof adminQuoteSchema>;

export type QuoteEvent = z.infer<typeof quoteEventSchema>;

export type Pipeline = z.infer<typeof pipelineSchema>;

export type InboxState = (typeof inboxStates)[number];

/** Which request a pipeline form is about (its hidden field). */
const quoteIdField = z.number({ error: 'That request is not on the board.' }).int().positive();

/** A value typed on the board: empty clears it; '$4,500' is 4500. */
const typedDollars = (typed: unknown) => {
  const text = String(typed ?? '').trim();
  if (text === '') return null;
  const value = Number(text.replace(/[$,\s]/g, ''));
  return Number.isNaN(value) ? text : value;
};

/** The pipeline board's forms as they post: the request, and its stage, value or note. */
export const quoteStageFormSchema = z.object({
  quoteId: quoteIdField,
  stage: z.enum(QUOTE_STAGES, { error: 'Choose a stage' }),
});
export const quoteValueFormSchema = z.object({
  quoteId: quoteIdField,
  value: z.preprocess(typedDollars, quoteUpdateSchema.shape.value.unwrap()),
});
export const quoteNoteFormSchema = quoteNoteSchema.extend({ quoteId: quoteIdField });
