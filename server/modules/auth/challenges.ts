/**
 * Short-lived sign-in state in `auth_challenges` (security.ts: WebAuthn challenges, a password
 * sign-in waiting for its code; sign-in-links.ts: mailed links and each account's minute): each
 * row is stored under a key with its kind and an expiry, and used once.
 */
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authChallenges } from '../../db/schema.ts';

export function challengeStore(db: Db, now: () => Date) {
  const until = (ttlMs: number) => new Date(now().getTime() + ttlMs);
  return {
    /** Stores a challenge under `key` for `ttlMs`, and sweeps the expired ones. */
    async remember(key: string, kind: string, userId: number | null, ttlMs: number): Promise<void> {
      await db.delete(authChallenges).where(lt(authChallenges.expiresAt, now()));
      await db.insert(authChallenges).values({ key, kind, userId, expiresAt: until(ttlMs) });
    },

    /** Takes a remembered challenge: it is gone afterwards, and an expired one counts as none. */
    async take(key: string, kind: string) {
      const [row] = await db
        .delete(authChallenges)
        .where(and(eq(authChallenges.key, key), eq(authChallenges.kind, kind)))
        .returning();
      return row && row.expiresAt > now() ? row : undefined;
    },

    /**
     * Claims `key` for `ttlMs` unless a live claim holds it (an expired one is swept first); of two
     * claims at the same moment only one gets it. True when this one did.
     */
    async claim(key: string, kind: string, userId: number | null, ttlMs: number): Promise<boolean> {
      await db
        .delete(authChallenges)
        .where(and(eq(authChallenges.key, key), lt(authChallenges.expiresAt, now())));
      const claimed = await db
        .insert(authChallenges)
        .values({ key, kind, userId, expiresAt: until(ttlMs) })
        .onConflictDoNothing()
        .returning({ key: authChallenges.key });
      return claimed.length > 0;
    },
  };
}
