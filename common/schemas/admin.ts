/**
 * Answers of the admin API: what the owner's dashboard reads. These carry the
 * private fields (emails, IPs) that public answers never do; only admins get them.
 */
import { z } from 'zod';

const isoDate = z.iso.datetime({ offset: true });

/** A page of a long list. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  });

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

export type AdminPost = z.infer<typeof adminPostSchema>;
export type AdminComment = z.infer<typeof adminCommentSchema>;
export type AdminContribution = z.infer<typeof adminContributionSchema>;
export type AdminQuote = z.infer<typeof adminQuoteSchema>;
export type AdminContact = z.infer<typeof adminContactSchema>;
export type AdminResumeRequest = z.infer<typeof adminResumeRequestSchema>;
export type AdminEndorsement = z.infer<typeof adminEndorsementSchema>;
