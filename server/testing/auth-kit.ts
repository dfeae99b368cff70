/**
 * What the sign-in security tests share: the password every test account has, two browsers'
 * user agents, codes from an authenticator app at a given time, and requests against one app
 * whose clock the test moves.
 */
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeEach, expect } from 'vitest';
import { createTestApp, freshIp, type TestApp } from './test-app.ts';
import { manualClock } from './test-clock.ts';

export const PASSWORD = 'test-password-123';
/** The site's address in these tests: a name, as passkeys need. */
export const ORIGIN = 'http://localhost:4999';
/** Wednesday 25 November 2026, 12:00:10 UTC: 10 s into a 30 s authenticator step. */
const START = '2026-11-25T12:00:10Z';
export const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
export const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** The Cookie header for one cookie an answer set, if it set it. */
export const cookieHeader = (res: { cookies: { name: string; value: string }[] }, name: string) => {
  const cookie = res.cookies.find((c) => c.name === name);
  return cookie ? `${name}=${cookie.value}` : undefined;
};

/** The code an authenticator app with `secret` shows at `at`. */
export const codeAt = (secret: string, at: Date) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: at.getTime(),
  });

/** Requests as the security screens and the sign-in form send them, against `t` at `now()`. */
export function authKit(t: TestApp, now: () => Date) {
  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    cookie?: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { ...(cookie ? { cookie } : {}), 'user-agent': CHROME_MAC },
      remoteAddress: freshIp(),
    });
  return {
    call,
    /** A new admin, signed in with the password from a Mac; answers the cookie and the username. */
    async newAdmin() {
      const cookie = await t.signIn('admin');
      const me = await t.app.inject({ url: '/api/user', headers: { cookie } });
      return { cookie, username: me.json().username as string, id: me.json().id as number };
    },
    passwordLogin: (username: string, ip = freshIp(), userAgent = CHROME_MAC) =>
      t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username, password: PASSWORD },
        headers: { 'user-agent': userAgent },
        remoteAddress: ip,
      }),
    /** A sign-in's second step: a code (or recovery code) with the pending sign-in's cookie. */
    sendCode: (code: string, pending = '', ip = freshIp(), userAgent = CHROME_MAC) =>
      t.app.inject({
        method: 'POST',
        url: '/api/login/code',
        payload: { code },
        headers: { cookie: pending, 'user-agent': userAgent },
        remoteAddress: ip,
      }),
    /** Sets up and confirms the authenticator app; answers its secret and the recovery codes. */
    async withAuthenticator(cookie: string) {
      const setup = await call('POST', '/api/admin/security/authenticator', cookie);
      expect(setup.statusCode).toBe(200);
      const { secret, uri, qrSvg } = setup.json();
      const confirm = await call('POST', '/api/admin/security/authenticator/confirm', cookie, {
        code: codeAt(secret, now()),
      });
      expect(confirm.statusCode).toBe(200);
      return { secret, uri, qrSvg, recoveryCodes: confirm.json().recoveryCodes as string[] };
    },
  };
}

/**
 * The app a security test file shares, at ORIGIN, with a clock that stands at START and goes back
 * to it before each test; closed after the file's tests.
 */
export async function securityTestApp() {
  const clock = manualClock(START);
  const t = await createTestApp({ seed: false, clock, env: { PUBLIC_URL: ORIGIN } });
  afterAll(() => t.close());
  beforeEach(() => clock.set(START));
  return { t, clock, ...authKit(t, clock.now) };
}
