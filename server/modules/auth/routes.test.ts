import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema.ts';
import { sha256Hex } from '../../lib/tokens.ts';
import { tampered } from '../../testing/samples.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

let ipCounter = 0;
/** A distinct client address per call keeps the per-IP rate limits out of the way. */
const freshIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

const post = (
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
  remoteAddress = freshIp(),
) => t.app.inject({ method: 'POST', url, payload, headers, remoteAddress });

const sessionCookie = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies.find((c) => c.name === 'sid');

describe('register', () => {
  it('creates the user, signs them in with a safe cookie, and never returns the hash', async () => {
    const res = await post('/api/register', {
      username: 'reader1',
      email: 'reader1@example.com',
      password: 'secret1',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ username: 'reader1', isAdmin: false, role: 'user' });
    expect(Object.keys(res.json())).not.toContain('password');
    expect(res.body).not.toContain('argon2');
    expect(res.body).not.toContain('reader1@example.com');
    const cookie = res.cookies.find((c) => c.name === 'sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes, base64url

    // Only the hash of the token is stored.
    const stored = await t.database.db.select().from(sessions);
    expect(stored.map((s) => s.idHash)).toContain(sha256Hex(cookie?.value ?? ''));
    expect(stored.map((s) => s.idHash)).not.toContain(cookie?.value);

    const me = await t.app.inject({ url: '/api/user', cookies: { sid: cookie?.value ?? '' } });
    expect(me.json().username).toBe('reader1');
    const [row] = await t.database.db.select().from(users).where(eq(users.username, 'reader1'));
    expect(row?.password).toMatch(/^\$argon2id\$/);
  });

  it.each([
    [
      { username: 'ab', email: 'a@b.co', password: 'secret1' },
      'username',
      'Username must be at least 3 characters',
    ],
    [{ username: 'abc', email: 'nope', password: 'secret1' }, 'email', 'Please enter a valid email'],
    [
      { username: 'abc', email: 'a@b.co', password: '12345' },
      'password',
      'Password must be at least 6 characters',
    ],
  ])('answers 400 with the spec message for %o', async (body, field, message) => {
    const res = await post('/api/register', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
  });

  it('refuses a taken username in any case with 409', async () => {
    await post('/api/register', { username: 'TakenName', email: 't@example.com', password: 'secret1' });
    const res = await post('/api/register', {
      username: 'takenname',
      email: 'u@example.com',
      password: 'secret2',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Username already exists' });
  });

  it('ignores fields it did not ask for, such as isAdmin', async () => {
    const res = await post('/api/register', {
      username: 'sneaky',
      email: 's@example.com',
      password: 'secret1',
      isAdmin: true,
      role: 'admin',
    });
    expect(res.json()).toMatchObject({ isAdmin: false, role: 'user' });
  });
});

describe('login, session and logout', () => {
  beforeAll(async () => {
    await post('/api/register', { username: 'member', email: 'm@example.com', password: 'right-password' });
  });

  it('signs in with a new session id each time and answers /api/user', async () => {
    const first = await post('/api/login', { username: 'member', password: 'right-password' });
    expect(first.statusCode).toBe(200);
    expect(first.json().username).toBe('member');
    const firstToken = sessionCookie(first)?.value ?? '';

    // Signing in again while holding a session rotates it: the old token stops working.
    const second = await post(
      '/api/login',
      { username: 'MEMBER', password: 'right-password' },
      { cookie: `sid=${firstToken}` },
    );
    const secondToken = sessionCookie(second)?.value ?? '';
    expect(secondToken).not.toBe(firstToken);
    expect((await t.app.inject({ url: '/api/user', cookies: { sid: firstToken } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/user', cookies: { sid: secondToken } })).json().username).toBe(
      'member',
    );
  });

  it('gives the same answer for an unknown user and a wrong password', async () => {
    const wrong = await post('/api/login', { username: 'member', password: 'wrong-password' });
    const unknown = await post('/api/login', { username: 'nobody-here', password: 'wrong-password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({ message: 'Invalid username or password' });
  });

  it('answers 401 on /api/user without a session or with a forged one', async () => {
    expect((await t.app.inject('/api/user')).statusCode).toBe(401);
    const forged = await t.app.inject({ url: '/api/user', cookies: { sid: 'forged-token' } });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ message: 'Not authenticated' });
  });

  it('deletes the session at logout and clears the cookie', async () => {
    const login = await post('/api/login', { username: 'member', password: 'right-password' });
    const token = sessionCookie(login)?.value ?? '';
    const out = await post('/api/logout', undefined, { cookie: `sid=${token}` });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: 'Logged out' });
    expect(sessionCookie(out)?.value).toBe('');
    expect((await t.app.inject({ url: '/api/user', cookies: { sid: token } })).statusCode).toBe(401);
    const rows = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.idHash, sha256Hex(token)));
    expect(rows).toEqual([]);
  });

  it('locks a username and IP out for 15 minutes after 5 failures, even with the right password', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      expect(
        (await post('/api/login', { username: 'member', password: `bad-${i}-pass` }, {}, ip)).statusCode,
      ).toBe(401);
    }
    const locked = await post('/api/login', { username: 'member', password: 'right-password' }, {}, ip);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(900);
    expect(locked.json().message).toMatch(/Too many failed login attempts/);
    // Another address is not affected.
    expect((await post('/api/login', { username: 'member', password: 'right-password' })).statusCode).toBe(
      200,
    );
  });
});

describe('cookies on an HTTPS site', () => {
  it('are plain on an http address, even in production', async () => {
    const local = await createTestApp({
      seed: false,
      env: { NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000' },
    });
    const res = await local.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username: 'localuser', email: 'l@example.com', password: 'secret1' },
    });
    expect(res.cookies.find((c) => c.name === 'sid')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(res.cookies.find((c) => c.name === 'sid')?.secure).toBeUndefined();
    await local.close();
  });

  it('are Secure and use the __Host- prefix', async () => {
    const prod = await createTestApp({
      seed: false,
      env: { NODE_ENV: 'production', PUBLIC_URL: 'https://jordan.example' },
    });
    const res = await prod.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username: 'produser', email: 'p@example.com', password: 'secret1' },
    });
    const cookie = res.cookies.find((c) => c.name === '__Host-sid');
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
    await prod.close();
  });
});

describe('password guessing spread over many addresses', () => {
  let now = new Date('2026-11-25T12:00:00Z');
  let paced: TestApp;
  beforeAll(async () => {
    paced = await createTestApp({ seed: false, clock: { now: () => now } });
  });
  afterAll(() => paced.close());
  const login = (password: string, cookie?: string, remoteAddress = freshIp()) =>
    paced.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'spread-owner', password },
      headers: cookie ? { cookie } : {},
      remoteAddress,
    });

  it("slows the account for new browsers after 10 failures from anywhere; the owner's browser and time still get in", async () => {
    const registered = await paced.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username: 'spread-owner', email: 'o@example.com', password: 'right-password' },
    });
    const device = registered.cookies.find((cookie) => cookie.name === 'sdev');
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', maxAge: 365 * 24 * 60 * 60 });
    const ownBrowser = `sdev=${device?.value}`;

    // Ten guesses, each from its own address: no address reaches its own lockout of five.
    for (let guess = 0; guess < 10; guess++) expect((await login(`guess-${guess}`)).statusCode).toBe(401);
    // Before this, the right password from an eleventh address simply worked.
    expect((await login('guess-10')).statusCode).toBe(401); // takes the account's one try for 30 s
    const slowed = await login('right-password');
    expect(slowed.statusCode).toBe(429);
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(30);
    expect(slowed.json().message).toMatch(
      /^Many sign-ins to this account have failed lately, so it takes one try at a time\. Please try again in \d+ seconds?, or sign in with a passkey\.$/,
    );
    // A forged device cookie, or one of another account, is a new browser.
    expect((await login('right-password', `sdev=${tampered(device?.value ?? '')}`)).statusCode).toBe(429);

    // The owner's own browser, from yet another address, is not slowed.
    const own = await login('right-password', ownBrowser);
    expect(own.statusCode).toBe(200);

    // A slow-down, not a lockout: once the 30 s pass, a new browser gets its try.
    now = new Date(now.getTime() + 31_000);
    expect((await login('right-password')).statusCode).toBe(200);
    expect((await login('wrong-again')).statusCode).toBe(429);
  });
});

describe('TRUST_PROXY with the proxy addresses', () => {
  it("believes X-Forwarded-For only from the named proxy: anyone else's address is its own", async () => {
    const behind = await createTestApp({ seed: false, env: { TRUST_PROXY: '127.0.0.1,10.250.0.0/16' } });
    try {
      await behind.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: { username: 'proxied', email: 'p@example.com', password: 'right-password' },
      });
      const attempt = (remoteAddress: string, forwardedFor: string, password = 'wrong-password') =>
        behind.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: 'proxied', password },
          headers: { 'x-forwarded-for': forwardedFor },
          remoteAddress,
        });
      // A client talking to the site directly names a new address each time: all count as its own.
      for (let i = 0; i < 5; i++)
        expect((await attempt('192.0.2.7', `198.51.100.${i}`)).statusCode).toBe(401);
      expect((await attempt('192.0.2.7', '198.51.100.99', 'right-password')).statusCode).toBe(429);
      // Through the proxy, the forwarded address is the client's: this one has no failures.
      expect((await attempt('10.250.3.4', '198.51.100.99', 'right-password')).statusCode).toBe(200);
      // And the locked-out client, seen through the proxy, is still locked out.
      expect((await attempt('127.0.0.1', '192.0.2.7', 'right-password')).statusCode).toBe(429);
    } finally {
      await behind.close();
    }
  });
});
