/**
 * Identical posts of one form in a short while are one post (issue 45): a double press, a form
 * sent from two tabs at the same moment, or resent by a reload. The first claims the post's key
 * (a hash of its fields) as a spent id in `form_token_uses`, the table the bot check spends its
 * tokens in, so the claim holds across processes on one database; a second post with the same
 * fields, even one at the very same moment, waits on that row and finds it taken.
 */
import { createHash } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { formTokenUses } from '../db/schema.ts';

/** How long a post counts as already sent: identical fields later than this are a new request. */
export const IDENTICAL_POST_WINDOW_MS = 10 * 60 * 1000;

export interface PostClaim {
  /** Whether this post is the first of its kind in the window (the one to store and tell the owner of). */
  first: boolean;
  /** When the first one's claim ends: the same for every identical post while it stands. */
  until: Date;
}

/** The key of a form's post: the form and its parsed fields (the schema's output, in its order). */
export function postKey(form: string, fields: unknown): string {
  return `post:${form}:${createHash('sha256').update(JSON.stringify(fields)).digest('base64url')}`;
}

/** Claims `key` inside the writer's transaction; see above. */
export async function claimPost(
  writer: Pick<Db, 'insert' | 'select'>,
  key: string,
  now: Date = new Date(),
): Promise<PostClaim> {
  const until = new Date(now.getTime() + IDENTICAL_POST_WINDOW_MS);
  // A claim whose window has passed is taken over, as if it were not there.
  const [claimed] = await writer
    .insert(formTokenUses)
    .values({ id: key, expiresAt: until })
    .onConflictDoUpdate({
      target: formTokenUses.id,
      set: { expiresAt: until },
      setWhere: lt(formTokenUses.expiresAt, sql`${now.toISOString()}::timestamptz`),
    })
    .returning({ until: formTokenUses.expiresAt });
  if (claimed) return { first: true, until: claimed.until };
  const [held] = await writer
    .select({ until: formTokenUses.expiresAt })
    .from(formTokenUses)
    .where(eq(formTokenUses.id, key));
  return { first: false, until: held?.until ?? until };
}
