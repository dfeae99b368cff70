/** Comments: the public list, the form under each post, the owner's answer, and the moderation queue. */
import { antiSpamFields, email, isoDate, text } from './shared.ts';
import { z } from './zod.ts';

/** A public comment as GET /api/blog/post/:postId/comments answers it: never the email or IP. */
export const publicCommentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  content: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  /** The comment this one answers (replies are one level deep); null for a comment on the post. */
  parentId: z.number().int().nullable(),
  /** Written by the site's owner. */
  isAuthorReply: z.boolean(),
  /**
   * A reply from the fediverse: its author's handle, profile page and avatar (this site's copy, an
   * /uploads/ address; null until fetched or when there is none) (issue 47).
   */
  fediverse: z
    .object({ handle: z.string(), profileUrl: z.string(), avatar: z.string().nullable().optional() })
    .nullable()
    .optional(),
});

export const publicCommentListSchema = z.array(publicCommentSchema);

export type PublicComment = z.infer<typeof publicCommentSchema>;

/** The longest comment, written on the site or arriving from the fediverse. */
export const COMMENT_MAX_LENGTH = 5000;

export const commentFormSchema = z.object({
  name: text(100, 'Name').min(2, 'Name must be at least 2 characters'),
  email: email('Please enter a valid email address'),
  content: text(COMMENT_MAX_LENGTH, 'Comment', { multiline: true }).min(
    10,
    'Comment must be at least 10 characters',
  ),
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
  /** A reply from the fediverse: its author's handle and profile page (no email). */
  authorHandle: z.string().nullable().optional(),
  authorUrl: z.string().nullable().optional(),
});

export type AdminComment = z.infer<typeof adminCommentSchema>;
