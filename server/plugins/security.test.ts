import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false, env: { PUBLIC_URL: 'https://site.example' } });
});
afterAll(() => t.close());

const userCount = async () => (await t.database.db.select({ n: count() }).from(users))[0]?.n;
const body = { username: 'origin-test', email: 'o@example.com', password: 'secret1' };

describe('security headers', () => {
  it('are on every response, without X-Powered-By', async () => {
    for (const url of ['/api/blog', '/api/nope', '/']) {
      const res = await t.app.inject(url);
      const csp = res.headers['content-security-policy'];
      // API answers forbid everything; pages get the full policy.
      if (url.startsWith('/api/')) expect(csp).toBe("default-src 'none'; frame-ancestors 'none'");
      else {
        expect(csp).toContain("default-src 'self'");
        expect(csp).toContain("object-src 'none'");
        // Framing is said once, by the policy; a directive that would only repeat default-src
        // (fonts, media) is left out.
        expect(csp).toContain("frame-ancestors 'self'");
        expect(res.headers['x-frame-options']).toBeUndefined();
        expect(res.headers['x-permitted-cross-domain-policies']).toBeUndefined();
        expect(csp).not.toMatch(/font-src|media-src/);
      }
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['permissions-policy']).toContain('camera=()');
      expect(res.headers['permissions-policy']).toContain('geolocation=()');
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('leave HSTS out on a plain-http site, even in production', async () => {
    const local = await createTestApp({
      seed: false,
      env: { NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000' },
    });
    expect((await local.app.inject('/healthz')).headers['strict-transport-security']).toBeUndefined();
    await local.close();
  });

  it('include HSTS on an HTTPS site', async () => {
    const prod = await createTestApp({
      seed: false,
      env: { NODE_ENV: 'production', PUBLIC_URL: 'https://jordan.example' },
    });
    expect((await prod.app.inject('/healthz')).headers['strict-transport-security']).toMatch(
      /max-age=31536000/,
    );
    await prod.close();
  });
});

describe('signed-in API answers', () => {
  it("are kept by no cache: /api/user, the owner's dashboard and any answer made for a session", async () => {
    const admin = await t.signIn('admin');
    for (const url of ['/api/user', '/api/admin/summary', '/api/admin/pipeline', '/api/admin/tags']) {
      const res = await t.app.inject({ url, headers: { cookie: admin } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('private, no-store');
    }
    // Refused or anonymous, the same: a 401 is not a page for a cache to keep either.
    const anonymous = await t.app.inject('/api/admin/summary');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['cache-control']).toBe('private, no-store');
    expect((await t.app.inject('/api/user')).headers['cache-control']).toBe('private, no-store');
    // A public read stays shareable, signed in or not.
    const posts = await t.app.inject({ url: '/api/blog', headers: { cookie: admin } });
    expect(posts.headers['cache-control'] ?? '').not.toContain('private');
  });
});

describe('origin check', () => {
  it('refuses a foreign or null Origin with 403 and writes nothing', async () => {
    const before = await userCount();
    for (const origin of ['https://evil.example', 'null', 'https://site.example.evil.com']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: body,
        headers: { origin },
      });
      expect(res.statusCode, origin).toBe(403);
      expect(res.json()).toEqual({ message: 'Cross-origin requests are not allowed' });
    }
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: body,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(await userCount()).toBe(before);
  });

  it('accepts the PUBLIC_URL origin and the request’s own origin', async () => {
    const fromPublic = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { ...body, username: 'from-public' },
      headers: { origin: 'https://site.example' },
    });
    expect(fromPublic.statusCode).toBe(201);
    const sameOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { ...body, username: 'same-origin' },
      headers: { origin: 'http://localhost:80', host: 'localhost:80' },
    });
    expect(sameOrigin.statusCode).toBe(201);
  });

  it('does not apply to reads', async () => {
    const res = await t.app.inject({ url: '/api/blog', headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(200);
  });
});

describe('content types', () => {
  it('answers 415 to anything but JSON or multipart, writing nothing', async () => {
    const before = await userCount();
    for (const [type, payload] of [
      ['text/plain', JSON.stringify(body)],
      ['application/x-www-form-urlencoded', 'username=x&email=y&password=z'],
      ['application/xml', '<user/>'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        payload,
        headers: { 'content-type': type },
      });
      expect(res.statusCode, type).toBe(415);
    }
    expect(await userCount()).toBe(before);
  });
});

describe('rate limits', () => {
  it('answer 429 with Retry-After once a route’s limit is used up, per IP', async () => {
    const remoteAddress = '192.0.2.50';
    let last = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { ...body, username: 'rl-0' },
      remoteAddress,
    });
    for (let i = 1; i <= 10; i++) {
      last = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: { ...body, username: `rl-${i}` },
        remoteAddress,
      });
    }
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect(last.json().message).toMatch(/^Too many requests/);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { ...body, username: 'rl-other' },
      remoteAddress: '192.0.2.51',
    });
    expect(other.statusCode).toBe(201);
  });
});
