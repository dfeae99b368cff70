/**
 * The rules of every form (spec section 5), with the spec's messages verbatim.
 * The browser forms and the server routes parse with these same schemas; the
 * server adds only the checks that need the database. Unknown keys are stripped.
 * Maximum lengths are ours (the spec sets none) and keep one request small.
 */

import {
  BUDGETS,
  DEFAULT_RATING,
  MAX_QUOTE_VALUE_USD,
  MAX_RATING,
  MAX_TAG_LENGTH,
  MAX_TAGS,
  MIN_RATING,
  PASSWORD_MIN,
  PROJECT_TYPES,
  QUOTE_STAGES,
  RESUME_PURPOSES,
  SEO_DESCRIPTION_LENGTH,
  TIMEFRAMES,
  USERNAME_MIN,
} from '../constants.ts';
import { normalizeTags } from '../text.ts';
import { z } from './zod.ts';

// Tab and line breaks inside a one-line field (names, subjects, titles): the server also
// refuses every other control character in any field.
const LINE_BREAK_OR_TAB = /[\t\n\r]/;

/** Free text; one line unless `multiline` (messages, comments, post bodies). */
const text = (max: number, label: string, { multiline = false } = {}) => {
  const base = z
    .string({ error: `${label} is required` })
    .trim()
    .max(max, `${label} cannot exceed ${max} characters`);
  return multiline ? base : base.regex(/^[^\t\n\r]*$/, `${label} must be a single line`);
};

const optionalText = (max: number, label: string, { multiline = false } = {}) =>
  z
    .string()
    .trim()
    .max(max, `${label} cannot exceed ${max} characters`)
    .refine((value) => multiline || !LINE_BREAK_OR_TAB.test(value), `${label} must be a single line`)
    .optional()
    .transform((value) => (value === '' ? undefined : value));

const email = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(254, message)
    .pipe(z.email({ error: message }));

const choice = <T extends readonly [string, ...string[]]>(options: T, message: string) =>
  z.enum(options, { error: message });

/** A cover image: empty, a path on this site (uploads, images) or an http(s) URL. */
const coverImage = z
  .string()
  .trim()
  .max(2000, 'Cover image must be a valid URL')
  .refine(
    (value) =>
      value === '' ||
      /^\/(uploads|images)\/[\w./-]+$/.test(value) ||
      z.url({ protocol: /^https?$/ }).safeParse(value).success,
    'Cover image must be a valid URL',
  );

/** Tags arrive as a list or a comma-separated string; both become a trimmed list. */
const tagList = z
  .union([z.string(), z.array(z.string())], { error: 'Tags must be a list or a comma-separated string' })
  .transform((value) => normalizeTags(value))
  .pipe(
    z
      .array(
        z
          .string()
          .max(MAX_TAG_LENGTH, `A tag cannot exceed ${MAX_TAG_LENGTH} characters`)
          .regex(/^[^\t\n\r]*$/, 'A tag must be a single line'),
      )
      .max(MAX_TAGS, `Use at most ${MAX_TAGS} tags`),
  );

// --- Contact and quote -------------------------------------------------------

const sitePath = z
  .string()
  .max(300)
  .regex(/^\/[^\s]*$/);
const campaignText = z
  .string()
  .trim()
  .max(100)
  .regex(/^[^\t\n\r]*$/);

/**
 * Where a visitor came from, kept in the browser tab (sessionStorage, no cookie) and sent with a
 * quote request: the first page of the visit, the other site that linked to it (its host only),
 * the campaign's utm_* values, and the last post or project read before the form.
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

// --- Anti-spam fields shared by the public forms --------------------------------

/** The phrase visitors type into the verification field. */
export const VERIFICATION_PHRASE = 'not-a-robot';

export const antiSpamFields = {
  /** Honeypot: hidden from people, filled in by naive bots. */
  website: z.string().max(500).optional(),
  /** Signed time the form was shown, from GET /api/form-token. */
  formToken: z.string().max(200).optional(),
};

// --- Comments -----------------------------------------------------------------------

export const commentFormSchema = z.object({
  name: text(100, 'Name').min(2, 'Name must be at least 2 characters'),
  email: email('Please enter a valid email address'),
  content: text(5000, 'Comment', { multiline: true }).min(10, 'Comment must be at least 10 characters'),
  captchaToken: z
    .string({ error: 'Please complete the CAPTCHA verification' })
    .trim()
    .min(1, 'Please complete the CAPTCHA verification')
    .max(100, 'Please complete the CAPTCHA verification'),
  /** Email me once when the author replies (with a link that stops it). */
  notifyOnReply: z.boolean({ error: 'Choose whether to be emailed about a reply' }).default(false),
  ...antiSpamFields,
});
export type CommentFormInput = z.input<typeof commentFormSchema>;

/** The owner's answer to a comment. */
export const commentReplySchema = z.object({
  content: text(5000, 'Reply', { multiline: true }).min(2, 'Reply must be at least 2 characters'),
});
export type CommentReplyInput = z.input<typeof commentReplySchema>;

// --- Guest contributions ------------------------------------------------------------

export const contributionSchema = z.object({
  title: text(100, 'Title').min(5, 'Title must be at least 5 characters'),
  summary: text(500, 'Summary', { multiline: true }).min(20, 'Summary must be at least 20 characters'),
  content: text(50_000, 'Content', { multiline: true }).min(200, 'Content must be at least 200 characters'),
  tags: tagList.refine((tags) => tags.length > 0, 'At least one tag is required'),
  authorName: text(100, 'Author name').min(2, 'Author name is required'),
  authorEmail: email('Valid email address is required'),
  coverImage: coverImage.default(''),
  captchaToken: z
    .string({ error: 'CAPTCHA verification is required' })
    .trim()
    .min(1, 'CAPTCHA verification is required')
    .max(100, 'CAPTCHA verification is required'),
  ...antiSpamFields,
});
export type ContributionInput = z.input<typeof contributionSchema>;

// --- Endorsements ---------------------------------------------------------------------

const RATING_RANGE = `Rating must be between ${MIN_RATING} and ${MAX_RATING}`;

export const endorsementSchema = z.object({
  skillId: z
    .number({ error: 'Skill ID is required' })
    .int('Skill ID is required')
    .positive('Skill ID is required'),
  name: text(100, 'Name').min(2, 'Name must be at least 2 characters'),
  email: email('Valid email address is required'),
  comment: optionalText(1000, 'Comment', { multiline: true }),
  rating: z
    .number({ error: RATING_RANGE })
    .int(RATING_RANGE)
    .min(MIN_RATING, RATING_RANGE)
    .max(MAX_RATING, RATING_RANGE)
    .default(DEFAULT_RATING),
  ...antiSpamFields,
});
export type EndorsementInput = z.input<typeof endorsementSchema>;

// --- Resume ------------------------------------------------------------------------------

export const resumeRequestSchema = z.object({
  name: text(100, 'Name').min(1, 'Name is required'),
  email: email('Invalid email address'),
  company: optionalText(200, 'Company'),
  purpose: choice(RESUME_PURPOSES, 'Purpose is required'),
  message: optionalText(2000, 'Message', { multiline: true }),
});
export type ResumeRequestInput = z.input<typeof resumeRequestSchema>;

// --- Accounts ------------------------------------------------------------------------

const USERNAME_TOO_SHORT = `Username must be at least ${USERNAME_MIN} characters`;
const username = z
  .string({ error: USERNAME_TOO_SHORT })
  .trim()
  .min(USERNAME_MIN, USERNAME_TOO_SHORT)
  .max(50, 'Username cannot exceed 50 characters')
  .regex(/^[A-Za-z0-9_.-]+$/, 'Username can only contain letters, numbers, dots, dashes and underscores');

// A generous cap keeps a huge password from becoming an expensive hash.
const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN} characters`;
const password = z
  .string({ error: PASSWORD_TOO_SHORT })
  .min(PASSWORD_MIN, PASSWORD_TOO_SHORT)
  .max(256, 'Password cannot exceed 256 characters');

export const loginSchema = z.object({ username, password });

export const registerSchema = z.object({ username, email: email('Please enter a valid email'), password });

/** The register form adds a confirmation that is never sent to the server. */
export const registerFormSchema = registerSchema
  .extend({ confirmPassword: z.string() })
  .refine((form) => form.confirmPassword === form.password, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });

export type LoginInput = z.input<typeof loginSchema>;
export type RegisterInput = z.input<typeof registerSchema>;

// --- Blog posts (admin) --------------------------------------------------------------

/** The post fields without defaults: the create form adds its defaults, the partial update none. */
const blogPostFields = {
  title: text(200, 'Title').min(5, 'Title must be at least 5 characters'),
  slug: z
    .string({ error: 'Slug must be at least 3 characters' })
    .trim()
    .min(3, 'Slug must be at least 3 characters')
    .max(120, 'Slug cannot exceed 120 characters')
    .regex(/^[a-z0-9-]+$/, 'Slug can only contain lowercase letters, numbers, and hyphens'),
  summary: text(500, 'Summary', { multiline: true }).min(10, 'Summary must be at least 10 characters'),
  content: text(100_000, 'Content', { multiline: true }).min(50, 'Content must be at least 50 characters'),
  coverImage,
  tags: tagList,
  isPublished: z.boolean({ error: 'Published must be true or false' }),
  /** What search results and shared links show; '' falls back to the first 160 characters of the content. */
  metaDescription: text(SEO_DESCRIPTION_LENGTH, 'Meta description'),
  /** Where the post first appeared, when that is another site; '' for this site. */
  canonicalUrl: z
    .string({ error: 'Canonical URL must be a valid URL' })
    .trim()
    .max(2000, 'Canonical URL must be a valid URL')
    .refine(
      (value) => value === '' || z.url({ protocol: /^https?$/ }).safeParse(value).success,
      'Canonical URL must be a valid URL',
    ),
  /**
   * When a published post goes live: a time in the future schedules it; null (or absent when
   * first published) means now.
   */
  publishAt: z.iso.datetime({ offset: true, error: 'Publish time must be a valid date and time' }).nullable(),
};

export const blogPostFormSchema = z.object({
  ...blogPostFields,
  coverImage: coverImage.default(''),
  tags: tagList.default([]),
  isPublished: blogPostFields.isPublished.default(false),
  metaDescription: blogPostFields.metaDescription.default(''),
  canonicalUrl: blogPostFields.canonicalUrl.default(''),
  publishAt: blogPostFields.publishAt.default(null),
});
export type BlogPostFormInput = z.input<typeof blogPostFormSchema>;
export type BlogPostFormValues = z.output<typeof blogPostFormSchema>;

/**
 * Partial update of a post: any subset of the form's fields, and only those. Built from the
 * fields without defaults: zod fills an omitted field that has a default even under
 * `.partial()`, which once cleared a post's cover and tags when only `isPublished` was sent.
 */
export const blogPostUpdateSchema = z
  .object(blogPostFields)
  .partial()
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), {
    message: 'Send at least one field to change',
  });

// --- The owner's quote pipeline ------------------------------------------------------

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

// --- Verified testimonials --------------------------------------------------------------

const TESTIMONIAL_RATING = 'Rating must be a whole number from 1 to 5';

/** What a client writes through their private link; role and company may stay empty (a private client). */
export const testimonialSubmissionSchema = z.object({
  name: text(80, 'Name').min(2, 'Name must be at least 2 characters'),
  role: optionalText(80, 'Role'),
  company: optionalText(80, 'Company'),
  quote: text(1000, 'Testimonial', { multiline: true }).min(20, 'Testimonial must be at least 20 characters'),
  rating: z
    .number({ error: TESTIMONIAL_RATING })
    .int(TESTIMONIAL_RATING)
    .min(1, TESTIMONIAL_RATING)
    .max(5, TESTIMONIAL_RATING)
    .nullable()
    .default(null),
});
export type TestimonialSubmissionInput = z.input<typeof testimonialSubmissionSchema>;

/** The owner asks a client for a testimonial: their name, where to email the link, the won quote it is about. */
export const testimonialRequestSchema = z.object({
  clientName: text(80, 'Client name').min(2, 'Client name must be at least 2 characters'),
  email: z
    .string()
    .trim()
    .max(254, 'Invalid email address')
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(z.email({ error: 'Invalid email address' }).optional()),
  quoteId: z.number({ error: 'Choose a quote request' }).int().positive().nullable().default(null),
});
export type TestimonialRequestInput = z.input<typeof testimonialRequestSchema>;
