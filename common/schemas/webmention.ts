/**
 * Webmention (issue 47, point 7): what another site sends (W3C Recommendation: a source page that
 * links to a target on this site), what a post shows of the approved ones, and the owner's list.
 */
import { webAddress } from '../web-address.ts';
import { z } from './zod.ts';

const webField = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(2000, `${field} must be at most 2000 characters`)
    .refine((value) => webAddress(value) !== null, `${field} must be an http or https address`);

/** A Webmention as posted (x-www-form-urlencoded `source` and `target`). */
export const webmentionSchema = z
  .object({ source: webField('Source'), target: webField('Target') })
  // Zod runs an object's refinement even when a field failed: an address that is none is left
  // to its field's message.
  .refine(
    ({ source, target }) => {
      const [from, to] = [webAddress(source), webAddress(target)];
      return !from || !to || from.href !== to.href;
    },
    {
      message: 'The source and the target must be different pages',
      path: ['source'],
    },
  );
export type Webmention = z.infer<typeof webmentionSchema>;

/** An approved mention under a post: the page that mentions it, with its title, author and site. */
export const publicMentionSchema = z.object({
  id: z.number().int(),
  source: z.string(),
  title: z.string(),
  author: z.string(),
  /** The source's host, shown as "on <host>". */
  site: z.string(),
  receivedAt: z.string(),
});
export type PublicMention = z.infer<typeof publicMentionSchema>;

/** A mention in the owner's list: waiting for approval, or shown. */
export const ownerMentionSchema = publicMentionSchema.extend({
  status: z.enum(['pending', 'approved']),
  post: z.object({ id: z.number().int(), title: z.string(), slug: z.string() }),
});
export type OwnerMention = z.infer<typeof ownerMentionSchema>;

/** A mention's row in the owner's list: show it, or take it away. */
export const mentionActionSchema = z.object({
  id: z.coerce.number().int().positive(),
  intent: z.enum(['approve', 'delete']),
});
