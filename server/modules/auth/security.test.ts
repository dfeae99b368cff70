/** Signed-in sessions (listing, ending one or all others) and the authenticator secret sealed at rest. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authChallenges, sessions, totpFactors, users } from '../../db/schema.ts';
import {
  CHROME_MAC,
  codeAt,
  cookieHeader,
  ORIGIN,
  SAFARI_IPHONE,
  securityTestApp,
} from '../../testing/auth-kit.ts';
import { describeDevice } from './devices.ts';
import { createSecurityService } from './security.ts';

const { t, clock, call, newAdmin, passwordLogin, sendCode, withAuthenticator } = await securityTestApp();

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
  clock.advance(10 * 60_000);
  await call('POST', '/api/login/passkey/options');
  const rows = await t.database.db.select().from(authChallenges);
  expect(rows.every((row) => row.expiresAt > clock.now())).toBe(true);
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
    clock.advance(30_000);
    const pending = cookieHeader(await passwordLogin(owner.username), 'sid2fa') ?? '';
    const signedIn = await sendCode(codeAt(secret, clock.now()), pending);
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
