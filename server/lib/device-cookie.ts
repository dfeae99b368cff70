import { hkdfSync, timingSafeEqual } from 'node:crypto';
import { hmacSigner, randomToken } from './tokens.ts';

/**
 * A browser that has signed in to an account before carries a device cookie naming that account,
 * signed with a key derived from the server secret. Password guessing spread over many addresses
 * slows the account down for every other browser (see auth/service.ts); the owner's own browsers
 * carry this cookie and sign in at full speed, so the slow-down never becomes a lockout.
 */
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export interface DeviceCookies {
  /** A new cookie value for a browser that just signed in as this user. */
  issue(userId: number): string;
  /** Whether a cookie value was issued here to a browser of this user. */
  knows(value: string | undefined, userId: number): boolean;
}

export function createDeviceCookies(serverSecret: string): DeviceCookies {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, '', 'portfolio device cookie', 32));
  const mac = hmacSigner(key);
  return {
    issue(userId) {
      const body = `${userId}.${randomToken(12)}`;
      return `${body}.${mac(body)}`;
    },
    knows(value, userId) {
      if (!value || value.length > 200) return false;
      const cut = value.lastIndexOf('.');
      const body = value.slice(0, cut);
      if (cut < 0 || body.split('.')[0] !== String(userId)) return false;
      const given = Buffer.from(value.slice(cut + 1));
      const expected = Buffer.from(mac(body));
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
