/** The authenticator app (TOTP) and its recovery codes: setting up, signing in with a code, and the limits on guessing. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { recoveryCodes, totpFactors } from '../../db/schema.ts';
import { codeAt, cookieHeader, SAFARI_IPHONE, securityTestApp } from '../../testing/auth-kit.ts';
import { freshIp } from '../../testing/test-app.ts';

const { t, clock, call, newAdmin, passwordLogin, sendCode, withAuthenticator } = await securityTestApp();

describe('authenticator app (TOTP) and recovery codes', () => {
  it('after set-up, a password sign-in asks for a code, and the code (once) completes it', async () => {
    const owner = await newAdmin();
    const { secret, uri, qrSvg, recoveryCodes: codes } = await withAuthenticator(owner.cookie);
    expect(uri).toMatch(/^otpauth:\/\/totp\/Jordan%20Ellis:admin-.*\?issuer=Jordan%20Ellis&secret=[A-Z2-7]+/);
    expect(qrSvg).toMatch(/^<svg/);
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    // Only hashes are stored.
    const stored = await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, owner.id));
    expect(stored.map((row) => row.codeHash)).not.toContain(codes[0]);

    clock.advance(60_000);
    const ip = freshIp();
    const first = await passwordLogin(owner.username, ip);
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({
      secondFactor: true,
      message: 'Enter the 6-digit code from your authenticator app, or a recovery code.',
    });
    expect(cookieHeader(first, 'sid')).toBeUndefined();
    const pending = cookieHeader(first, 'sid2fa');
    expect(pending).toBeDefined();

    const code = codeAt(secret, clock.now());
    const done = await sendCode(code, pending, ip, SAFARI_IPHONE);
    expect(done.statusCode).toBe(200);
    expect(done.json().username).toBe(owner.username);
    const session = cookieHeader(done, 'sid');
    expect((await call('GET', '/api/user', session)).statusCode).toBe(200);

    // The pending sign-in is spent, and the same code cannot start another session.
    const reuse = await sendCode(code, pending, ip);
    expect(reuse.statusCode).toBe(401);
    const second = cookieHeader(await passwordLogin(owner.username, ip), 'sid2fa');
    const sameCode = await sendCode(code, second, ip);
    expect(sameCode.statusCode).toBe(401);
    expect(sameCode.json().message).toBe('That code is not right. Please try again.');
    // The next 30-second step's code works.
    clock.advance(30_000);
    const next = await sendCode(codeAt(secret, clock.now()), second, ip);
    expect(next.statusCode).toBe(200);
  });

  it('one code, or one recovery code, sent twice at the same moment signs in once', async () => {
    const owner = await newAdmin();
    const { secret, recoveryCodes: codes } = await withAuthenticator(owner.cookie);
    clock.advance(90_000);
    const race = async (code: string) => {
      const pending = await Promise.all([passwordLogin(owner.username), passwordLogin(owner.username)]);
      const answers = await Promise.all(pending.map((res) => sendCode(code, cookieHeader(res, 'sid2fa'))));
      return answers.map((res) => res.statusCode).sort();
    };
    expect(await race(codeAt(secret, clock.now()))).toEqual([200, 401]);
    expect(await race(codes[0] ?? '')).toEqual([200, 401]);
  });

  it('a code from two steps away, a wrong code, and an expired pending sign-in are refused', async () => {
    const owner = await newAdmin();
    const { secret } = await withAuthenticator(owner.cookie);
    clock.advance(120_000);
    const pending = cookieHeader(await passwordLogin(owner.username), 'sid2fa') ?? '';
    const tryCode = (code: string) => sendCode(code, pending);
    expect((await tryCode(codeAt(secret, new Date(clock.now().getTime() - 61_000)))).statusCode).toBe(401);
    expect((await tryCode('000000')).statusCode).toBe(401);
    expect((await tryCode('')).statusCode).toBe(400);
    // A code from the previous step is still accepted (clock drift of one step).
    expect((await tryCode(codeAt(secret, new Date(clock.now().getTime() - 30_000)))).statusCode).toBe(200);

    const late = cookieHeader(await passwordLogin(owner.username), 'sid2fa') ?? '';
    clock.advance(6 * 60_000);
    const expired = await sendCode(codeAt(secret, clock.now()), late);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe(
      'Your sign-in expired. Please enter your username and password again.',
    );
    // A code without any pending sign-in: the same.
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/login/code', payload: { code: '123456' } }))
        .statusCode,
    ).toBe(401);
  });

  it('a recovery code signs in once, in any case and with spaces; the count left goes down', async () => {
    const owner = await newAdmin();
    const { recoveryCodes: codes } = await withAuthenticator(owner.cookie);
    const [code] = codes;
    const typed = ` ${code?.toUpperCase().replace('-', ' ')} `;
    const pending = cookieHeader(await passwordLogin(owner.username), 'sid2fa') ?? '';
    const used = await sendCode(typed, pending);
    expect(used.statusCode).toBe(200);
    const overview = (await call('GET', '/api/admin/security', cookieHeader(used, 'sid'))).json();
    expect(overview.authenticator).toEqual({ enabled: true, recoveryCodesLeft: 9 });

    const again = cookieHeader(await passwordLogin(owner.username), 'sid2fa') ?? '';
    const reused = await sendCode(code ?? '', again);
    expect(reused.statusCode).toBe(401);
  });

  it('new recovery codes void the old; turning the app off needs a code and ends the second step', async () => {
    const owner = await newAdmin();
    const { secret, recoveryCodes: old } = await withAuthenticator(owner.cookie);
    // A second set-up while one is active is refused.
    expect((await call('POST', '/api/admin/security/authenticator', owner.cookie)).statusCode).toBe(409);
    expect(
      (await call('POST', '/api/admin/security/recovery-codes', owner.cookie, { code: '111111' })).statusCode,
    ).toBe(400);
    clock.advance(30_000);
    const fresh = await call('POST', '/api/admin/security/recovery-codes', owner.cookie, {
      code: codeAt(secret, clock.now()),
    });
    expect(fresh.statusCode).toBe(200);
    const codes = fresh.json().recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(codes).not.toContain(old[0]);
    const pending = cookieHeader(await passwordLogin(owner.username), 'sid2fa') ?? '';
    const stale = await sendCode(old[0] ?? '', pending);
    expect(stale.statusCode).toBe(401);

    expect(
      (await call('POST', '/api/admin/security/authenticator/remove', owner.cookie, { code: '222222' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call('POST', '/api/admin/security/authenticator/remove', owner.cookie, { code: codes[3] }))
        .statusCode,
    ).toBe(200);
    expect((await passwordLogin(owner.username)).statusCode).toBe(200);
    expect(await t.database.db.select().from(totpFactors).where(eq(totpFactors.userId, owner.id))).toEqual(
      [],
    );
  });

  it('a set-up that is never confirmed changes nothing about signing in; a wrong first code is refused', async () => {
    const owner = await newAdmin();
    await call('POST', '/api/admin/security/authenticator', owner.cookie);
    const wrong = await call('POST', '/api/admin/security/authenticator/confirm', owner.cookie, {
      code: '123456',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('That code is not right. Check the time on your phone and try again.');
    expect((await passwordLogin(owner.username)).statusCode).toBe(200);
    const overview = (await call('GET', '/api/admin/security', owner.cookie)).json();
    expect(overview.authenticator).toEqual({ enabled: false, recoveryCodesLeft: 0 });
  });

  it('the lockout covers codes: 5 wrong codes lock the account out of codes, even from new addresses and with the right password', async () => {
    const owner = await newAdmin();
    const { secret } = await withAuthenticator(owner.cookie);
    clock.advance(30_000);
    for (let i = 0; i < 5; i++) {
      const pending = cookieHeader(await passwordLogin(owner.username), 'sid2fa') ?? '';
      const wrong = await sendCode(String(100000 + i), pending, freshIp());
      expect(wrong.statusCode).toBe(401);
    }
    const pending = cookieHeader(await passwordLogin(owner.username), 'sid2fa') ?? '';
    const locked = await sendCode(codeAt(secret, clock.now()), pending, freshIp());
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(
      /^Too many failed login attempts\. Please try again in \d+ minutes\.$/,
    );
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('the right password does not clear wrong codes from the same address', async () => {
    const owner = await newAdmin();
    await withAuthenticator(owner.cookie);
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      const first = await passwordLogin(owner.username, ip);
      expect(first.statusCode).toBe(202);
      await sendCode('999999', cookieHeader(first, 'sid2fa'), ip);
    }
    // The pair username + address is locked for passwords too clock.now().
    expect((await passwordLogin(owner.username, ip)).statusCode).toBe(429);
  });
});
