/**
 * Fields and shapes every domain's schemas share: one-line and multi-line text with the
 * spec's messages, email, choices, cover images, tags, site paths, the anti-spam fields of the
 * public forms, dates, and a page of a long list (Page<T>, PageQuery).
 *
 * Every form's rules (spec section 5, its messages verbatim) live in its domain's file; the
 * browser forms and the server routes parse with the same schemas, and the server adds only the
 * checks that need the database. Unknown keys are stripped. Maximum lengths are ours (the spec
 * sets none) and keep one request small.
 */
import { MAX_TAG_LENGTH, MAX_TAGS } from '../constants.ts';
import { normalizeTags } from '../text.ts';
import { z } from './zod.ts';

// Tab and line breaks inside a one-line field (names, subjects, titles): the server also
// refuses every other control character in any field.
const LINE_BREAK_OR_TAB = /[\t\n\r]/;

/**
 * Line breaks as `\n`: a form the browser posts itself sends a textarea's as `\r\n`, the page's
 * code (and most API clients) as `\n`, and the same typing is stored the same way either way.
 */
const oneLineBreak = (value: string) => value.replace(/\r\n?/g, '\n');

/** Text as it was typed, its line breaks as `\n`: what every typed field starts from. */
export const typedText = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).overwrite(oneLineBreak);

/** Free text; one line unless `multiline` (messages, comments, post bodies). */
export const text = (max: number, label: string, { multiline = false } = {}) => {
  const base = typedText({ error: `${label} is required` })
    .trim()
    .max(max, `${label} cannot exceed ${max} characters`);
  return multiline ? base : base.regex(/^[^\t\n\r]*$/, `${label} must be a single line`);
};

export const optionalText = (max: number, label: string, { multiline = false } = {}) =>
  typedText()
    .trim()
    .max(max, `${label} cannot exceed ${max} characters`)
    .refine((value) => multiline || !LINE_BREAK_OR_TAB.test(value), `${label} must be a single line`)
    .optional()
    .transform((value) => (value === '' ? undefined : value));

export const email = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(254, message)
    .pipe(z.email({ error: message }));

export const choice = <T extends readonly [string, ...string[]]>(options: T, message: string) =>
  z.enum(options, { error: message });

/** A cover image: empty, a path on this site (uploads, images) or an http(s) URL. */
export const coverImage = z
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
export const tagList = z
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

export const sitePath = z
  .string()
  .max(300)
  .regex(/^\/[^\s]*$/);

export const campaignText = z
  .string()
  .trim()
  .max(100)
  .regex(/^[^\t\n\r]*$/);

/** The phrase visitors type into the verification field. */
export { VERIFICATION_PHRASE } from '../constants.ts';

/** What the owner decides about a comment or a guest post. */
export const moderationAction = z.enum(['approve', 'reject', 'spam'], {
  error: 'Choose approve, reject or spam',
});
export type ModerationAction = z.infer<typeof moderationAction>;

export const antiSpamFields = {
  /** Honeypot: hidden from people, filled in by naive bots. */
  website: z.string().max(500).optional(),
  /** Signed time the form was shown, from GET /api/form-token. */
  formToken: z.string().max(200).optional(),
};

export const isoDate = z.iso.datetime({ offset: true });

/**
 * The version an edit is based on: the row's `updatedAt` as the editor read it. An edit of a
 * version saved over since is refused (server/lib/edit-versions.ts).
 */
export const basedOn = z.iso.datetime({ offset: true, error: 'Reload the page and try again' });

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
