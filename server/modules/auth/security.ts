/**
 * The owner's sign-in security: passkeys (WebAuthn, through @simplewebauthn/server), an
 * authenticator app (TOTP, through otpauth) with one-time recovery codes, and the list of
 * signed-in sessions. Short-lived state (WebAuthn challenges, a password sign-in waiting for its
 * code) lives in `auth_challenges`, each row used once.
 */

import { isIP } from 'node:net';
import { and, asc, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { renderSVG } from 'uqr';
import type { SecurityOverview } from '../../../common/schemas/auth.ts';
import type { Db } from '../../db/client.ts';
import { authChallenges, passkeys, recoveryCodes, sessions, totpFactors, users } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { createSealer } from '../../lib/sealed.ts';
import { randomToken, sha256Hex } from '../../lib/tokens.ts';
import { challengeStore } from './challenges.ts';
import { describeDevice } from './devices.ts';
import { passkeyMethods } from './passkeys.ts';

/** How long a WebAuthn prompt or a password sign-in waiting for its code stays valid. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const RECOVERY_CODE_COUNT = 10;
const TOTP_PERIOD = 30;

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

/** A recovery code as typed: case, spaces and dashes do not matter. */
function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

/** Ten characters from an alphabet without look-alikes, shown as xxxxx-xxxxx. */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = Buffer.from(randomToken(16), 'base64url');
  let code = '';
  for (let i = 0; i < 10; i++) code += alphabet[(bytes[i] ?? 0) % alphabet.length];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

const isoOrNull = (value: Date | null) => (value ? value.toISOString() : null);

export function createSecurityService(db: Db, options: SecurityOptions) {
  const now = options.now ?? (() => new Date());
  const origin = new URL(options.publicUrl).origin;
  const rpID = new URL(options.publicUrl).hostname;
  const sealer = createSealer(options.serverSecret, 'totp-secret');
  // Browsers tie a passkey to a domain name: at an IP address they refuse with a raw error.
  const passkeysAvailable = !isIP(rpID.replace(/^\[|\]$/g, ''));
  const needsDomainName = () => {
    if (!passkeysAvailable) throw new HttpError(409, passkeysNeedDomainMessage(rpID));
  };

  const totpFor = (secret: string, label: string) =>
    new TOTP({
      issuer: options.siteName,
      label,
      algorithm: 'SHA1',
      digits: 6,
      period: TOTP_PERIOD,
      secret: Secret.fromBase32(secret),
    });

  const challenges = challengeStore(db, now);
  /** Stores a challenge (or a pending sign-in) under `key` for CHALLENGE_TTL_MS. */
  const remember = (key: string, kind: string, userId: number | null) =>
    challenges.remember(key, kind, userId, CHALLENGE_TTL_MS);
  const { take } = challenges;

  const confirmedFactor = async (userId: number) => {
    const [factor] = await db
      .select()
      .from(totpFactors)
      .where(and(eq(totpFactors.userId, userId), sql`${totpFactors.confirmedAt} is not null`));
    return factor;
  };

  /** Accepts a 6-digit code for the current step (or the one either side) once. */
  const acceptTotp = async (stored: string, userId: number, lastStep: number | null, code: string) => {
    if (!/^\d{6}$/.test(code)) return false;
    // Sealed under another server secret (a backup restored elsewhere): only a recovery code works.
    const secret = sealer.open(stored);
    if (secret === null) return false;
    const timestamp = now().getTime();
    const delta = TOTP.validate({
      token: code,
      secret: Secret.fromBase32(secret),
      period: TOTP_PERIOD,
      timestamp,
      window: 1,
    });
    if (delta === null) return false;
    const step = TOTP.counter({ period: TOTP_PERIOD, timestamp }) + delta;
    if (lastStep !== null && step <= lastStep) return false;
    // The step is claimed in the same statement that checks it, so two requests cannot both use it.
    const claimed = await db
      .update(totpFactors)
      .set({ lastStep: step })
      .where(
        and(
          eq(totpFactors.userId, userId),
          sql`(${totpFactors.lastStep} is null or ${totpFactors.lastStep} < ${step})`,
        ),
      )
      .returning({ userId: totpFactors.userId });
    return claimed.length === 1;
  };

  const acceptRecoveryCode = async (userId: number, code: string) => {
    const normalized = normalizeRecoveryCode(code);
    if (!/^[a-z0-9]{10}$/.test(normalized)) return false;
    const used = await db
      .update(recoveryCodes)
      .set({ usedAt: now() })
      .where(
        and(
          eq(recoveryCodes.userId, userId),
          eq(recoveryCodes.codeHash, sha256Hex(normalized)),
          isNull(recoveryCodes.usedAt),
        ),
      )
      .returning({ id: recoveryCodes.id });
    return used.length === 1;
  };

  const newRecoveryCodes = async (userId: number): Promise<string[]> => {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await db.transaction(async (tx) => {
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      await tx
        .insert(recoveryCodes)
        .values(codes.map((code) => ({ userId, codeHash: sha256Hex(normalizeRecoveryCode(code)) })));
    });
    return codes;
  };

  const userName = async (userId: number) => {
    const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId));
    if (!row) throw new HttpError(404, 'User not found');
    return row.username;
  };

  return {
    rpID,
    origin,
    /** Whether a browser can make or use a passkey for this site (its address has a domain name). */
    passkeysAvailable,

    /** Whether a password sign-in of this user must be followed by a code. */
    async needsSecondFactor(userId: number): Promise<boolean> {
      return Boolean(await confirmedFactor(userId));
    },

    /** A password sign-in that waits for its code: the token goes in a cookie, its hash here. */
    async startSecondFactor(userId: number): Promise<string> {
      const token = randomToken(32);
      await remember(sha256Hex(token), 'second-factor', userId);
      return token;
    },

    /** The user a pending sign-in belongs to (it stays pending), or null when it expired or never was. */
    async pendingSignIn(token: string): Promise<number | null> {
      const [row] = await db
        .select()
        .from(authChallenges)
        .where(and(eq(authChallenges.key, sha256Hex(token)), eq(authChallenges.kind, 'second-factor')));
      return row?.userId && row.expiresAt > now() ? row.userId : null;
    },

    async finishSecondFactor(token: string): Promise<void> {
      await take(sha256Hex(token), 'second-factor');
    },

    /** Checks a code from the authenticator app, or else a recovery code (which is then spent). */
    async verifyCode(userId: number, code: string): Promise<'totp' | 'recovery' | null> {
      const factor = await confirmedFactor(userId);
      if (!factor) return null;
      const trimmed = code.trim().replace(/\s/g, '');
      if (await acceptTotp(factor.secret, userId, factor.lastStep, trimmed)) return 'totp';
      if (await acceptRecoveryCode(userId, code)) return 'recovery';
      return null;
    },

    async overview(userId: number, currentSessionToken: string | undefined): Promise<SecurityOverview> {
      const currentHash = currentSessionToken ? sha256Hex(currentSessionToken) : '';
      const [keys, factor, codesLeft, open] = await Promise.all([
        db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.id)),
        confirmedFactor(userId),
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
          enabled: Boolean(factor),
          recoveryCodesLeft: factor ? (codesLeft[0]?.count ?? 0) : 0,
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

    /**
     * Seals any authenticator secret still stored in plain text (set up before sealing began),
     * and answers the users whose confirmed app was sealed under another server secret.
     */
    async sealStoredSecrets(): Promise<{ sealed: number; unreadable: string[] }> {
      const rows = await db
        .select({
          userId: totpFactors.userId,
          secret: totpFactors.secret,
          confirmedAt: totpFactors.confirmedAt,
        })
        .from(totpFactors);
      let sealed = 0;
      const unreadable: string[] = [];
      for (const row of rows) {
        if (sealer.isPlain(row.secret)) {
          // Compared with the plain value, so a second process sealing it meanwhile is not undone.
          await db
            .update(totpFactors)
            .set({ secret: sealer.seal(row.secret) })
            .where(and(eq(totpFactors.userId, row.userId), eq(totpFactors.secret, row.secret)));
          sealed++;
        } else if (row.confirmedAt && sealer.open(row.secret) === null) {
          unreadable.push(await userName(row.userId));
        }
      }
      return { sealed, unreadable };
    },

    /** A new secret to scan (replacing one set up but never confirmed); refused when one is active. */
    async startAuthenticator(userId: number): Promise<{ secret: string; uri: string; qrSvg: string }> {
      if (await confirmedFactor(userId)) throw new HttpError(409, 'An authenticator app is already set up');
      const username = await userName(userId);
      const secret = new Secret({ size: 20 }).base32;
      const sealed = sealer.seal(secret);
      await db
        .insert(totpFactors)
        .values({ userId, secret: sealed })
        .onConflictDoUpdate({
          target: totpFactors.userId,
          set: { secret: sealed, lastStep: null, createdAt: now() },
        });
      const uri = totpFor(secret, username).toString();
      return { secret, uri, qrSvg: renderSVG(uri, { border: 2 }) };
    },

    /** Confirms the app with its first code; answers the recovery codes, shown this once. */
    async confirmAuthenticator(userId: number, code: string): Promise<string[]> {
      const [pending] = await db.select().from(totpFactors).where(eq(totpFactors.userId, userId));
      if (!pending) throw new HttpError(400, 'Set up the authenticator app first');
      if (pending.confirmedAt) throw new HttpError(409, 'An authenticator app is already set up');
      if (!(await acceptTotp(pending.secret, userId, pending.lastStep, code.trim())))
        throw new HttpError(400, 'That code is not right. Check the time on your phone and try again.');
      await db.update(totpFactors).set({ confirmedAt: now() }).where(eq(totpFactors.userId, userId));
      return newRecoveryCodes(userId);
    },

    /** New recovery codes, the old ones void; needs a current code. */
    async replaceRecoveryCodes(userId: number, code: string): Promise<string[]> {
      if (!(await this.verifyCode(userId, code))) throw new HttpError(400, 'That code is not right');
      return newRecoveryCodes(userId);
    },

    /** Turns the authenticator app off (and its recovery codes); needs a current code. */
    async removeAuthenticator(userId: number, code: string): Promise<void> {
      if (!(await this.verifyCode(userId, code))) throw new HttpError(400, 'That code is not right');
      await this.resetSecondFactor(userId);
    },

    /** Removes the authenticator app and recovery codes without a code: the command-line recovery. */
    async resetSecondFactor(userId: number): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(totpFactors).where(eq(totpFactors.userId, userId));
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      });
    },
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
