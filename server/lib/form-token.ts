/**
 * Signed form tokens: the time a form was shown, signed with the server secret.
 * A submission that comes back sooner than a person could type is a bot; the
 * signature stops a bot from simply sending an old time.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const MIN_FORM_FILL_MS = 3000;

export function createFormTokens(secret: string, now: () => number = Date.now) {
  const sign = (issuedAt: string) =>
    createHmac('sha256', secret).update(`form:${issuedAt}`).digest('base64url');
  return {
    issue(): string {
      const issuedAt = String(now());
      return `${issuedAt}.${sign(issuedAt)}`;
    },
    /** Milliseconds since the form was shown, or null for a missing or forged token. */
    age(token: string | undefined): number | null {
      if (!token) return null;
      const [issuedAt, signature] = token.split('.');
      if (!issuedAt || !signature || !/^\d{1,15}$/.test(issuedAt)) return null;
      const expected = Buffer.from(sign(issuedAt));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      return now() - Number(issuedAt);
    },
  };
}

export type FormTokens = ReturnType<typeof createFormTokens>;
