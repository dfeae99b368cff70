/** Passkeys: adding, naming, removing and signing in with one; and a site at an IP address, which cannot have them. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { passkeys } from '../../db/schema.ts';
import { cookieHeader, ORIGIN, securityTestApp } from '../../testing/auth-kit.ts';
import { SoftAuthenticator } from '../../testing/soft-authenticator.ts';
import { createTestApp } from '../../testing/test-app.ts';

const { t, clock, call, newAdmin } = await securityTestApp();

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
    expect(after.passkeys[0].lastUsedAt).toBe(clock.now().toISOString());
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
      // The operator's words are for the API; the sign-in page shows visitors no passkey button here.
      const methods = await atIp.app.inject('/api/login/methods');
      expect(methods.json()).toMatchObject({ passkeys: false });
    } finally {
      await atIp.close();
    }
  });
});
