/**
 * The authenticator app (TOTP, through otpauth) with one-time recovery codes: a password sign-in
 * waiting for its code, checking a code once, setting the app up and taking it away. Its secrets
 * are sealed under the server secret.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { renderSVG } from 'uqr';
import type { Db } from '../../db/client.ts';
import { authChallenges, recoveryCodes, totpFactors } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { createSealer } from '../../lib/sealed.ts';
import { randomToken, sha256Hex } from '../../lib/tokens.ts';

export const RECOVERY_CODE_COUNT = 10;
const TOTP_PERIOD = 30;

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

/** Spends a recovery code of the user's, once. */
async function acceptRecoveryCode(db: Db, now: () => Date, userId: number, code: string) {
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
}

/** A new set of recovery codes, the old ones void: the codes, shown this once. */
async function newRecoveryCodes(db: Db, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx
      .insert(recoveryCodes)
      .values(codes.map((code) => ({ userId, codeHash: sha256Hex(normalizeRecoveryCode(code)) })));
  });
  return codes;
}

export function authenticatorApp({
  db,
  now,
  siteName,
  serverSecret,
  remember,
  take,
  userName,
}: {
  db: Db;
  now: () => Date;
  siteName: string;
  serverSecret: string;
  /** Stores a pending sign-in under `key` for its few minutes. */
  remember: (key: string, kind: string, userId: number | null) => Promise<unknown>;
  take: (key: string, kind: string) => Promise<unknown>;
  userName: (userId: number) => Promise<string>;
}) {
  const sealer = createSealer(serverSecret, 'totp-secret');
  const totpFor = (secret: string, label: string) =>
    new TOTP({
      issuer: siteName,
      label,
      algorithm: 'SHA1',
      digits: 6,
      period: TOTP_PERIOD,
      secret: Secret.fromBase32(secret),
    });

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

  /** Checks a code from the authenticator app, or else a recovery code (which is then spent). */
  const verifyCode = async (userId: number, code: string): Promise<'totp' | 'recovery' | null> => {
    const factor = await confirmedFactor(userId);
    if (!factor) return null;
    const trimmed = code.trim().replace(/\s/g, '');
    if (await acceptTotp(factor.secret, userId, factor.lastStep, trimmed)) return 'totp';
    if (await acceptRecoveryCode(db, now, userId, code)) return 'recovery';
    return null;
  };

  /** Removes the authenticator app and recovery codes without a code: the command-line recovery. */
  const resetSecondFactor = async (userId: number): Promise<void> => {
    await db.transaction(async (tx) => {
      await tx.delete(totpFactors).where(eq(totpFactors.userId, userId));
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    });
  };

  return {
    verifyCode,
    resetSecondFactor,
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
      return newRecoveryCodes(db, userId);
    },

    /** New recovery codes, the old ones void; needs a current code. */
    async replaceRecoveryCodes(userId: number, code: string): Promise<string[]> {
      if (!(await verifyCode(userId, code))) throw new HttpError(400, 'That code is not right');
      return newRecoveryCodes(db, userId);
    },

    /** Turns the authenticator app off (and its recovery codes); needs a current code. */
    async removeAuthenticator(userId: number, code: string): Promise<void> {
      if (!(await verifyCode(userId, code))) throw new HttpError(400, 'That code is not right');
      await resetSecondFactor(userId);
    },
  };
}
