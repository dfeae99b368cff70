/**
 * Verified testimonials: the client's form on their private link, the owner's request and
 * approval, and the testimonials shown on the site.
 */
import { TESTIMONIAL_STATUSES } from '../constants.ts';
import { testimonialSchema } from './content.ts';
import { isoDate, optionalText, text } from './shared.ts';
import { z } from './zod.ts';

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

/**
 * A testimonial as the home page shows it: a client's own words sent through their private link
 * and approved by the owner (`verified`, with the date they wrote it), or until the first of those
 * exists, the placeholders of content/testimonials.ts.
 */
export const shownTestimonialSchema = testimonialSchema.extend({
  role: z.string(),
  company: z.string().nullable(),
  rating: z.number().int().min(1).max(5).nullable(),
  verified: z.boolean(),
  date: z.string().nullable(),
});

export type ShownTestimonial = z.infer<typeof shownTestimonialSchema>;

/** What the client's private link shows: who was asked, and what they sent so far. */
export const testimonialInviteSchema = z.object({
  clientName: z.string(),
  ownerName: z.string(),
  status: z.enum(['requested', 'submitted', 'approved', 'withdrawn']),
  name: z.string().nullable(),
  role: z.string().nullable(),
  company: z.string().nullable(),
  quote: z.string().nullable(),
  rating: z.number().int().nullable(),
  submittedAt: z.string().nullable(),
});

export type TestimonialInvite = z.infer<typeof testimonialInviteSchema>;
