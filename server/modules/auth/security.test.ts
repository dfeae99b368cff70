import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authChallenges, passkeys, recoveryCodes, sessions, totpFactors, users } from '../../db/schema.ts';
import { SoftAuthenticator } from '../../testing/soft-authenticator.ts';
import { createTestApp, freshIp, type TestApp } from '../../testing/test-app.ts';
import { describeDevice } from './devices.ts';
import { createSecurityService } from './security.ts';

const ORIGIN = 'http://localhost:4999';
// A fixed clock: Wednesday 25 November 2026, 12:00:10 UTC (10 s into a 30 s TOTP step).
let now = new Date('2026-11-25T12:00:10Z');
const clock = { now: () => now };
const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false, clock, env: { PUBLIC_URL: ORIGIN } });
});
afterAll(() => t.close());
beforeEach(() => {
  now = new Date('2026-11-25T12:00:10Z');
});

const PASSWORD = 'test-password-123';
const cookieHeader = (res: { cookies: { name: string; value: string }[] }, name: string) => {
  const cookie = res.cookies.find((c) => c.name === name);
  return cookie ? `${name}=${cookie.value}` : undefined;
};

/** A new admin, signed in with the password from a Mac; answers the cookie and the username. */
async function newAdmin() {
  const cookie = await t.signIn('admin');
  const me = await t.app.inject({ url: '/api/user', headers: { cookie } });
  return { cookie, username: me.json().username as string, id: me.json().id as number };
}

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { ...(cookie ? { cookie } : {}), 'user-agent': CHROME_MAC },
    remoteAddress: freshIp(),
  });

const passwordLogin = (username: string, ip = freshIp(), userAgent = CHROME_MAC) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password: PASSWORD },
    headers: { 'user-agent': userAgent },
    remoteAddress: ip,
  });

const codeAt = (secret: string, at: Date) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: at.getTime(),
  });

/** Sets up and confirms the authenticator app; answers its secret and the recovery codes. */
async function withAuthenticator(cookie: string) {
  const setup = await call('POST', '/api/admin/security/authenticator', cookie);
  expect(setup.statusCode).toBe(200);
  const { secret, uri, qrSvg } = setup.json();
  const confirm = await call('POST', '/api/admin/security/authenticator/confirm', cookie, {
    code: codeAt(secret, now),
  });
  expect(confirm.statusCode).toBe(200);
  return { secret, uri, qrSvg, recoveryCodes: confirm.json().recoveryCodes as string[] };
}

describe('passkeys', () => {
  it('the owner adds a passkey, then signs in with it alone; the session says so', async () => {
    const owner = await newAdmin();
    const device = new SoftAuthenticator(ORIGIN);

    const options = await call('POST', '/api/admin/security/passkeys/options', owner.cookie);
    expect(options.statusCode).toBe(200);
    expect(options.json().options).toMatchObject({ rp: { id: 'localhost' }, user: { name: owner.username } });
    const added = await call('POST', '/api/admin/security/passkeys', owner.cookie, {
      name: 'MacBook Touch ID',
      response: device.register(options.json().options),
    });
    expect(added.statusCode).toBe(201);

    const overview = (await call('GET', '/api/admin/security', owner.cookie)).json();
    expect(overview.passkeys).toEqual([
      expect.objectContaining({ name: 'MacBook Touch ID', lastUsedAt: null, synced: false }),
    ]);

    // Sign-in: no username, no password.
    const challenge = await call('POST', '/api/login/passkey/options');
    expect(challenge.json().options).toMatchObject({ rpId: 'localhost' });
    const signIn = await call('POST', '/api/login/passkey', undefined, {
      ...device.signIn(challenge.json().options),
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toMatchObject({ username: owner.username, isAdmin: true });
    const cookie = cookieHeader(signIn, 'sid');
    expect((await call('GET', '/api/user', cookie)).json().username).toBe(owner.username);

    const after = (await call('GET', '/api/admin/security', cookie)).json();
    expect(after.passkeys[0].lastUsedAt).toBe(now.toISOString());
    expect(after.sessions.find((s: { current: boolean }) => s.current)).toMatchObject({
      method: 'passkey',
      device: 'Chrome on macOS',
    });
  });

  it('a challenge works once; a foreign origin, an unknown key or a forged signature signs nobody in', async () => {
    const owner = await newAdmin();
    const device = new SoftAuthenticator(ORIGIN);
    const options = (await call('POST', '/api/admin/security/passkeys/options', owner.cookie)).json().options;
    await call('POST', '/api/admin/security/passkeys', owner.cookie, {
      name: 'Key',
      response: device.register(options),
    });

    const first = (await call('POST', '/api/login/passkey/options')).json().options;
    const answer = device.signIn(first);
    expect((await call('POST', '/api/login/passkey', undefined, answer)).statusCode).toBe(200);
    // The same answer again: its challenge is spent.
    const replay = await call('POST', '/api/login/passkey', undefined, answer);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe(
      'That passkey could not sign you in. Try again, or use your password.',
    );

    const phishing = (await call('POST', '/api/login/passkey/options')).json().options;
    expect(
      (
        await call(
          'POST',
          '/api/login/passkey',
          undefined,
          device.signIn(phishing, { origin: 'https://evil.example' }),
        )
      ).statusCode,
    ).toBe(401);

    const stranger = new SoftAuthenticator(ORIGIN);
    const other = (await call('POST', '/api/login/passkey/options')).json().options;
    expect((await call('POST', '/api/login/passkey', undefined, stranger.signIn(other))).statusCode).toBe(
      401,
    );

    const forged = device.signIn((await call('POST', '/api/login/passkey/options')).json().options);
    forged.response.signature = Buffer.from('not a signature').toString('base64url');
    expect((await call('POST', '/api/login/passkey', undefined, forged)).statusCode).toBe(401);
    // Garbage is a 400, never a 5xx.
    expect((await call('POST', '/api/login/passkey', undefined, { id: '!!', type: 'x' })).statusCode).toBe(
      400,
    );
  });

  it('a visitor and a plain user cannot add passkeys; a passkey is renamed and removed, and then signs in no more', async () => {
    expect((await call('POST', '/api/admin/security/passkeys/options')).statusCode).toBe(401);
    const user = await t.signIn('user');
    expect((await call('POST', '/api/admin/security/passkeys/options', user)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/security', user)).statusCode).toBe(403);

    const owner = await newAdmin();
    const device = new SoftAuthenticator(ORIGIN);
    const options = (await call('POST', '/api/admin/security/passkeys/options', owner.cookie)).json().options;
    await call('POST', '/api/admin/security/passkeys', owner.cookie, {
      name: 'Phone',
      response: device.register(options),
    });
    // The same passkey a second time is refused; nothing else changes.
    const again = (await call('POST', '/api/admin/security/passkeys/options', owner.cookie)).json().options;
    expect(again.excludeCredentials).toEqual([expect.objectContaining({ id: device.id })]);
    const twice = await call('POST', '/api/admin/security/passkeys', owner.cookie, {
      name: 'Phone again',
      response: device.register(again),
    });
    expect(twice.statusCode).toBe(409);

    const [key] = (await call('GET', '/api/admin/security', owner.cookie)).json().passkeys;
    expect(
      (await call('PATCH', `/api/admin/security/passkeys/${key.id}`, owner.cookie, { name: ' ' })).statusCode,
    ).toBe(400);
    expect(
      (await call('PATCH', `/api/admin/security/passkeys/${key.id}`, owner.cookie, { name: 'Pixel 9' }))
        .statusCode,
    ).toBe(200);
    expect((await call('GET', '/api/admin/security', owner.cookie)).json().passkeys[0].name).toBe('Pixel 9');

    // Another admin cannot remove it.
    const other = await newAdmin();
    expect((await call('DELETE', `/api/admin/security/passkeys/${key.id}`, other.cookie)).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', `/api/admin/security/passkeys/${key.id}`, owner.cookie)).statusCode).toBe(
      200,
    );
    const options2 = (await call('POST', '/api/login/passkey/options')).json().options;
    expect((await call('POST', '/api/login/passkey', undefined, device.signIn(options2))).statusCode).toBe(
      401,
    );
  });

  it('registration answers for another challenge or origin are refused and store nothing', async () => {
    const owner = await newAdmin();
    const device = new SoftAuthenticator(ORIGIN);
    const options = (await call('POST', '/api/admin/security/passkeys/options', owner.cookie)).json().options;
    const wrongOrigin = await call('POST', '/api/admin/security/passkeys', owner.cookie, {
      name: 'Key',
      response: device.register(options, { origin: 'https://evil.example' }),
    });
    expect(wrongOrigin.statusCode).toBe(400);
    const made = await call('POST', '/api/admin/security/passkeys', owner.cookie, {
      name: 'Key',
      response: device.register({ ...options, challenge: 'bm90LWlzc3VlZA' }),
    });
    expect(made.statusCode).toBe(400);
    const rows = await t.database.db.select().from(passkeys).where(eq(passkeys.userId, owner.id));
    expect(rows).toEqual([]);
  });
});

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

    now = new Date(now.getTime() + 60_000);
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

    const code = codeAt(secret, now);
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/login/code',
      payload: { code },
      headers: { cookie: pending ?? '', 'user-agent': SAFARI_IPHONE },
      remoteAddress: ip,
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().username).toBe(owner.username);
    const session = cookieHeader(done, 'sid');
    expect((await call('GET', '/api/user', session)).statusCode).toBe(200);

    // The pending sign-in is spent, and the same code cannot start another session.
    const reuse = await t.app.inject({
      method: 'POST',
      url: '/api/login/code',
      payload: { code },
      headers: { cookie: pending ?? '' },
      remoteAddress: ip,
    });
    expect(reuse.statusCode).toBe(401);
    const second = cookieHeader(await passwordLogin(owner.username, ip), 'sid2fa');
    const sameCode = await t.app.inject({
      method: 'POST',
      url: '/api/login/code',
      payload: { code },
      headers: { cookie: second ?? '' },
      remoteAddress: ip,
    });
    expect(sameCode.statusCode).toBe(401);
    expect(sameCode.json().message).toBe('That code is not right. Please try again.');
    // The next 30-second step's code works.
    now = new Date(now.getTime() + 30_000);
    const next = await t.app.inject({
      method: 'POST',
      url: '/api/login/code',
      payload: { code: codeAt(secret, now) },
      headers: { cookie: second ?? '' },
      remoteAddress: ip,
    });
    expect(next.statusCode).toBe(200);
  });

  it('one code, or one recovery code, sent twice at the same moment signs in once', async () => {
    const owner = await newAdmin();
    const { secret, recoveryCodes: codes } = await withAuthenticator(owner.cookie);
    now = new Date(now.getTime() + 90_000);
    const race = async (code: string) => {
      const pending = await Promise.all([passwordLogin(owner.username), passwordLogin(owner.username)]);
      const answers = await Promise.all(
        pending.map((res) =>
          t.app.inject({
            method: 'POST',
            url: '/api/login/code',
            payload: { code },
            headers: { cookie: cookieHeader(res, 'sid2fa') ?? '' },
            remoteAddress: freshIp(),
          }),
        ),
      );
      return answers.map((res) => res.statusCode).sort();
    };
    expect(await race(codeAt(secret, now))).toEqual([200, 401]);
    expect(await race(codes[0] ?? '')).toEqual([200, 401]);
  });

  it('a code from two steps away, a wrong code, and an expired pending sign-in are refused', async () => {
    const owner = await newAdmin();
    const { secret } = await withAuthenticator(owner.cookie);
    now = new Date(now.getTime() + 120_000);
    const pending = cookieHeader(await passwordLogin(owner.username), 'sid2fa') ?? '';
    const tryCode = (code: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/login/code',
        payload: { code },
        headers: { cookie: pending },
      });
    expect((await tryCode(codeAt(secret, new Date(now.getTime() - 61_000)))).statusCode).toBe(401);
    expect((await tryCode('000000')).statusCode).toBe(401);
    expect((await tryCode('')).statusCode).toBe(400);
    // A code from the previous step is still accepted (clock drift of one step).
    expect((await tryCode(codeAt(secret, new Date(now.getTime() - 30_000)))).statusCode).toBe(200);

    const late = cookieHeader(await passwordLogin(owner.username), 'sid2fa') ?? '';
    now = new Date(now.getTime() + 6 * 60_000);
    const expired = await t.app.inject({
      method: 'POST',
      url: '/api/login/code',
      payload: { code: codeAt(secret, now) },
      headers: { cookie: late },
    });
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
    const used = await t.app.inject({
      method: 'POST',
      url: '/api/login/code',
      payload: { code: typed },
      headers: { cookie: pending },
    });
    expect(used.statusCode).toBe(200);
    const overview = (await call('GET', '/api/admin/security', cookieHeader(used, 'sid'))).json();
    expect(overview.authenticator).toEqual({ enabled: true, recoveryCodesLeft: 9 });

    const again = cookieHeader(await passwordLogin(owner.username), 'sid2fa') ?? '';
    const reused = await t.app.inject({
      method: 'POST',
      url: '/api/login/code',
      payload: { code },
      headers: { cookie: again },
    });
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
    now = new Date(now.getTime() + 30_000);
    const fresh = await call('POST', '/api/admin/security/recovery-codes', owner.cookie, {
      code: codeAt(secret, now),
    });
    expect(fresh.statusCode).toBe(200);
    const codes = fresh.json().recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(codes).not.toContain(old[0]);
    const pending = cookieHeader(await passwordLogin(owner.username), 'sid2fa') ?? '';
    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/login/code',
      payload: { code: old[0] },
      headers: { cookie: pending },
    });
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
    now = new Date(now.getTime() + 30_000);
    for (let i = 0; i < 5; i++) {
      const pending = cookieHeader(await passwordLogin(owner.username), 'sid2fa') ?? '';
      const wrong = await t.app.inject({
        method: 'POST',
        url: '/api/login/code',
        payload: { code: String(100000 + i) },
        headers: { cookie: pending },
        remoteAddress: freshIp(),
      });
      expect(wrong.statusCode).toBe(401);
    }
    const pending = cookieHeader(await passwordLogin(owner.username), 'sid2fa') ?? '';
    const locked = await t.app.inject({
      method: 'POST',
      url: '/api/login/code',
      payload: { code: codeAt(secret, now) },
      headers: { cookie: pending },
      remoteAddress: freshIp(),
    });
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
      await t.app.inject({
        method: 'POST',
        url: '/api/login/code',
        payload: { code: '999999' },
        headers: { cookie: cookieHeader(first, 'sid2fa') ?? '' },
        remoteAddress: ip,
      });
    }
    // The pair username + address is locked for passwords too now.
    expect((await passwordLogin(owner.username, ip)).statusCode).toBe(429);
  });
});

describe('sessions', () => {
  it('lists each device with its last request, marks this one, and ending one signs it out at once', async () => {
    const owner = await newAdmin();
    const phone =
      cookieHeader(await passwordLogin(owner.username, '203.0.113.9', SAFARI_IPHONE), 'sid') ?? '';
    expect((await call('GET', '/api/user', phone)).statusCode).toBe(200);

    const list = (await call('GET', '/api/admin/security', owner.cookie)).json().sessions;
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ current: true, method: 'password' });
    const other = list.find((s: { current: boolean }) => !s.current);
    expect(other).toMatchObject({ device: 'Safari on iOS', ip: '203.0.113.9', method: 'password' });

    const ended = await call('DELETE', `/api/admin/security/sessions/${other.id}`, owner.cookie);
    expect(ended.statusCode).toBe(200);
    expect((await call('GET', '/api/user', phone)).statusCode).toBe(401);
    expect((await call('DELETE', `/api/admin/security/sessions/${other.id}`, owner.cookie)).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', '/api/admin/security/sessions/nonsense', owner.cookie)).statusCode).toBe(
      404,
    );
    expect((await call('GET', '/api/user', owner.cookie)).statusCode).toBe(200);
  });

  it('"end all others" keeps this one; another admin cannot end the owner\'s sessions', async () => {
    const owner = await newAdmin();
    const a = cookieHeader(await passwordLogin(owner.username), 'sid') ?? '';
    const b = cookieHeader(await passwordLogin(owner.username), 'sid') ?? '';
    const stranger = await newAdmin();
    const theirs = (await call('GET', '/api/admin/security', owner.cookie)).json().sessions;
    const target = theirs.find((s: { current: boolean }) => !s.current);
    expect(
      (await call('DELETE', `/api/admin/security/sessions/${target.id}`, stranger.cookie)).statusCode,
    ).toBe(404);

    const res = await call('POST', '/api/admin/security/sessions/end-others', owner.cookie);
    expect(res.json()).toEqual({ ended: 2 });
    expect((await call('GET', '/api/user', a)).statusCode).toBe(401);
    expect((await call('GET', '/api/user', b)).statusCode).toBe(401);
    expect((await call('GET', '/api/user', owner.cookie)).statusCode).toBe(200);
    expect((await call('GET', '/api/user', stranger.cookie)).statusCode).toBe(200);
  });

  it('notes the last request at most once a minute', async () => {
    const owner = await newAdmin();
    const hash = (
      await t.database.db.select().from(sessions).innerJoin(users, eq(users.id, sessions.userId))
    ).find((row) => row.users.username === owner.username)?.sessions.idHash;
    const old = new Date(Date.now() - 10 * 60_000);
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: old })
      .where(eq(sessions.idHash, hash ?? ''));
    await call('GET', '/api/user', owner.cookie);
    const [seen] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.idHash, hash ?? ''));
    expect(seen?.lastSeenAt.getTime()).toBeGreaterThan(old.getTime() + 9 * 60_000);
  });

  it('names devices from their browsers', () => {
    expect(describeDevice(CHROME_MAC)).toBe('Chrome on macOS');
    expect(describeDevice(SAFARI_IPHONE)).toBe('Safari on iOS');
    expect(
      describeDevice('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0'),
    ).toBe('Firefox on Windows');
    expect(describeDevice('curl/8.5.0')).toBe('curl');
    expect(describeDevice(undefined)).toBe('Unknown device');
  });
});

it('expired challenges are swept as new ones are made', async () => {
  await call('POST', '/api/login/passkey/options');
  now = new Date(now.getTime() + 10 * 60_000);
  await call('POST', '/api/login/passkey/options');
  const rows = await t.database.db.select().from(authChallenges);
  expect(rows.every((row) => row.expiresAt > now)).toBe(true);
});

describe('passkeys at an IP address', () => {
  it('says in plain words that passkeys need a domain name, for adding one and for signing in', async () => {
    const atIp = await createTestApp({ seed: false, env: { PUBLIC_URL: 'http://127.0.0.1:4999' } });
    try {
      const cookie = await atIp.signIn('admin');
      const add = await atIp.app.inject({
        method: 'POST',
        url: '/api/admin/security/passkeys/options',
        headers: { cookie },
      });
      expect(add.statusCode).toBe(409);
      expect(add.json().message).toBe(
        "Passkeys need the site to have a domain name, and this site's address is the IP address 127.0.0.1. Set PUBLIC_URL to an address with a name (such as localhost, or your domain), then add a passkey.",
      );
      const signIn = await atIp.app.inject({ method: 'POST', url: '/api/login/passkey/options' });
      expect(signIn.statusCode).toBe(409);
      expect(signIn.json().message).toMatch(/^Passkeys need the site to have a domain name/);
    } finally {
      await atIp.close();
    }
  });
});

describe('the authenticator secret at rest', () => {
  it('is sealed; one stored in plain text before sealing is sealed at start and keeps working', async () => {
    const owner = await newAdmin();
    const { secret } = await withAuthenticator(owner.cookie);
    const stored = async () =>
      (await t.database.db.select().from(totpFactors).where(eq(totpFactors.userId, owner.id)))[0]?.secret;
    expect(await stored()).toMatch(/^sealed:v1:/);
    expect(await stored()).not.toContain(secret);

    // As a site from before sealing left it: the secret in plain text.
    await t.database.db.update(totpFactors).set({ secret }).where(eq(totpFactors.userId, owner.id));
    const atStart = createSecurityService(t.database.db, {
      publicUrl: ORIGIN,
      siteName: 'Test',
      serverSecret: t.config.SESSION_SECRET ?? '',
      now: clock.now,
    });
    expect(await atStart.sealStoredSecrets()).toEqual({ sealed: 1, unreadable: [] });
    expect(await stored()).toMatch(/^sealed:v1:/);
    now = new Date(now.getTime() + 30_000);
    const pending = cookieHeader(await passwordLogin(owner.username), 'sid2fa') ?? '';
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/login/code',
      payload: { code: codeAt(secret, now) },
      headers: { cookie: pending },
    });
    expect(signedIn.statusCode).toBe(200);

    // Sealed under another server secret: reported, so the log can say how to get back in.
    const elsewhere = createSecurityService(t.database.db, {
      publicUrl: ORIGIN,
      siteName: 'Test',
      serverSecret: 'another-server-secret-altogether-here',
    });
    const report = await elsewhere.sealStoredSecrets();
    expect(report.sealed).toBe(0);
    expect(report.unreadable).toContain(owner.username);
  });
});
