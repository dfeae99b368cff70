/**
 * The owner's sign-in security: passkeys (WebAuthn, through @simplewebauthn/server, passkeys.ts),
 * an authenticator app (TOTP, through otpauth) with one-time recovery codes (authenticator.ts),
 * and the list of signed-in sessions. Short-lived state (WebAuthn challenges, a password sign-in waiting for its
 * code) lives in `auth_challenges`, each row used once.
 */

import { isIP } from 'node:net';
import { and, asc, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { SecurityOverview } from '../../../common/schemas/auth.ts';
import type { Db } from '../../db/client.ts';
import { passkeys, recoveryCodes, sessions, totpFactors, users } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { sha256Hex } from '../../lib/tokens.ts';
import { authenticatorApp } from './authenticator.ts';
import { challengeStore } from './challenges.ts';
import { describeDevice } from './devices.ts';
import { passkeyMethods } from './passkeys.ts';

/** How long a WebAuthn prompt or a password sign-in waiting for its code stays valid. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;

/** Why no passkey can be made or used while the site's address is an IP address. */
export const passkeysNeedDomainMessage = (host: string) =>
  `Passkeys need the site to have a domain name, and this site's address is the IP address ${host}. Set PUBLIC_URL to an address with a name (such as localhost, or your domain), then add a passkey.`;

export interface SecurityOptions {
  /** The site's public address: its host is the passkeys' relying party, its origin the one expected. */
  publicUrl: string;
  /** The name authenticator apps and passkey prompts show for the site. */
  siteName: string;
  /** The server secret (SESSION_SECRET or DATA_DIR/secret): the authenticator secrets are sealed under it. */
  serverSecret: string;
  now?: () => Date;
}

const isoOrNull = (value: Date | null) => (value ? value.toISOString() : null);

export function createSecurityService(db: Db, options: SecurityOptions) {
  const now = options.now ?? (() => new Date());
  const origin = new URL(options.publicUrl).origin;
  const rpID = new URL(options.publicUrl).hostname;
  // Browsers tie a passkey to a domain name: at an IP address they refuse with a raw error.
  const passkeysAvailable = !isIP(rpID.replace(/^\[|\]$/g, ''));
  const needsDomainName = () => {
    if (!passkeysAvailable) throw new HttpError(409, passkeysNeedDomainMessage(rpID));
  };

  const challenges = challengeStore(db, now);
  /** Stores a challenge (or a pending sign-in) under `key` for CHALLENGE_TTL_MS. */
  const remember = (key: string, kind: string, userId: number | null) =>
    challenges.remember(key, kind, userId, CHALLENGE_TTL_MS);
  const { take } = challenges;

  const userName = async (userId: number) => {
    const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId));
    if (!row) throw new HttpError(404, 'User not found');
    return row.username;
  };

  const authenticator = authenticatorApp({
    db,
    now,
    siteName: options.siteName,
    serverSecret: options.serverSecret,
    remember,
    take,
    userName,
  });

  return {
    rpID,
    origin,
    /** Whether a browser can make or use a passkey for this site (its address has a domain name). */
    passkeysAvailable,
    ...authenticator,

    async overview(userId: number, currentSessionToken: string | undefined): Promise<SecurityOverview> {
      const currentHash = currentSessionToken ? sha256Hex(currentSessionToken) : '';
      const [keys, enabled, codesLeft, open] = await Promise.all([
        db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.id)),
        authenticator.needsSecondFactor(userId),
        db
          .select({ count: sql<number>`count(*)::int` })
          .from(recoveryCodes)
          .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt))),
        db
          .select()
          .from(sessions)
          .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now())))
          .orderBy(desc(sessions.lastSeenAt))
          .limit(100),
      ]);
      return {
        passkeys: keys.map((key) => ({
          id: key.id,
          name: key.name,
          createdAt: key.createdAt.toISOString(),
          lastUsedAt: isoOrNull(key.lastUsedAt),
          synced: key.deviceType === 'multiDevice',
        })),
        authenticator: {
          enabled,
          recoveryCodesLeft: enabled ? (codesLeft[0]?.count ?? 0) : 0,
        },
        sessions: open
          .map((session) => ({
            id: session.idHash.slice(0, 16),
            device: describeDevice(session.userAgent),
            ip: session.ip,
            method: session.method,
            createdAt: session.createdAt.toISOString(),
            lastSeenAt: session.lastSeenAt.toISOString(),
            current: session.idHash === currentHash,
          }))
          .sort((a, b) => Number(b.current) - Number(a.current)),
      };
    },

    /** Ends one of the user's sessions by the id the list shows; the next request it makes is signed out. */
    async endSession(userId: number, id: string): Promise<void> {
      if (!/^[0-9a-f]{16}$/.test(id)) throw new HttpError(404, 'Session not found');
      const ended = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), sql`left(${sessions.idHash}, 16) = ${id}`))
        .returning({ id: sessions.idHash });
      if (ended.length === 0) throw new HttpError(404, 'Session not found');
    },

    /** Ends every session of the user but the one making the request; how many ended. */
    async endOtherSessions(userId: number, currentSessionToken: string | undefined): Promise<number> {
      const ended = await db
        .delete(sessions)
        .where(
          and(
            eq(sessions.userId, userId),
            currentSessionToken ? ne(sessions.idHash, sha256Hex(currentSessionToken)) : undefined,
          ),
        )
        .returning({ id: sessions.idHash });
      return ended.length;
    },

    ...passkeyMethods({
      db,
      now,
      origin,
      rpID,
      siteName: options.siteName,
      needsDomainName,
      remember,
      take,
      userName,
    }),
  };
}

export type SecurityService = ReturnType<typeof createSecurityService>;

/**
 * The command-line way back in after losing the second factor (`npm run admin:reset-2fa`):
 * removes the user's authenticator app and recovery codes (and, when asked, their passkeys),
 * and ends every session, so the password alone signs in again. Null when there is no such user.
 */
export async function resetSignInFactors(
  db: Db,
  username: string,
  { passkeys: alsoPasskeys = false }: { passkeys?: boolean } = {},
): Promise<{ authenticator: boolean; recoveryCodes: number; passkeys: number; sessions: number } | null> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()));
  if (!user) return null;
  return db.transaction(async (tx) => {
    const factor = await tx.delete(totpFactors).where(eq(totpFactors.userId, user.id)).returning();
    const codes = await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id)).returning();
    const keys = alsoPasskeys
      ? await tx.delete(passkeys).where(eq(passkeys.userId, user.id)).returning()
      : [];
    const ended = await tx.delete(sessions).where(eq(sessions.userId, user.id)).returning();
    return {
      authenticator: factor.some((row) => row.confirmedAt !== null),
      recoveryCodes: codes.filter((row) => row.usedAt === null).length,
      passkeys: keys.length,
      sessions: ended.length,
    };
  });
}
