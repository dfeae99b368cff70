/** Guest posts: the public form and the owner's review queue. */
import { antiSpamFields, coverImage, email, isoDate, tagList, text } from './shared.ts';
import { z } from './zod.ts';

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

export type AdminContribution = z.infer<typeof adminContributionSchema>;
