import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from './app.ts';
import { loggerOptions, serializeRequestForLog } from './lib/access-log.ts';
import { HttpError } from './lib/http-error.ts';
import { createTestApp, freshIp, type TestApp } from './testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

describe('health', () => {
  it('answers /healthz and /readyz while the database is reachable', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('answers 503 on /readyz when the database does not answer', async () => {
    const app = await buildApp({ config: t.config, database: { ...t.database, ping: async () => false } });
    const res = await app.inject('/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'database unavailable' });
    await app.close();
  });
});

describe('errors', () => {
  it('answers an unknown /api path with 404 JSON and an unknown page with the not-found page', async () => {
    const api = await t.app.inject('/api/does-not-exist');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'Not found' });
    const page = await t.app.inject('/no/such/page');
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('404 Page Not Found');
    expect(page.body).toContain('Did you forget to add the page to the router?');
  });

  it('hides a 5xx behind a request id that matches the response header', async () => {
    const app = await buildApp({ config: t.config, database: t.database });
    app.get('/api/explode', async () => {
      throw new Error('secret internal detail at /srv/app.ts:42');
    });
    const res = await app.inject('/api/explode');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Internal Server Error', requestId: res.headers['x-request-id'] });
    expect(res.body).not.toContain('secret');
    await app.close();
  });

  it('carries the validation message and field errors on a 4xx', async () => {
    const app = await buildApp({ config: t.config, database: t.database });
    app.post(
      '/api/echo',
      { schema: { body: z.object({ name: z.string().min(2, 'Name must be at least 2 characters') }) } },
      async () => ({ ok: true }),
    );
    app.get('/api/teapot', async () => {
      throw new HttpError(418, 'I am a teapot', { pot: 'Too hot' });
    });
    const bad = await app.inject({ method: 'POST', url: '/api/echo', payload: { name: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      message: 'Name must be at least 2 characters',
      errors: { name: 'Name must be at least 2 characters' },
    });
    const malformed = await app.inject({
      method: 'POST',
      url: '/api/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/JSON/);
    const teapot = await app.inject('/api/teapot');
    expect(teapot.statusCode).toBe(418);
    expect(teapot.json()).toEqual({ message: 'I am a teapot', errors: { pot: 'Too hot' } });
    await app.close();
  });

  it('gives every response a fresh request id, ignoring one sent by the client', async () => {
    const res = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'forged' } });
    expect(res.headers['x-request-id']).toMatch(/^[\w-]{22}$/);
  });
});

describe('access log', () => {
  it('logs writes and errors at info, successful reads only at debug, with a request id', async () => {
    const lines: { msg: string; reqId: string; req?: { url: string }; res?: { statusCode: number } }[] = [];
    const app = await buildApp({
      config: t.config,
      database: t.database,
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
    });
    await app.inject('/api/blog');
    await app.inject('/healthz');
    await app.inject('/api/nope');
    await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'nobody', password: 'whatever' },
    });
    await app.close();
    const logged = lines.filter((l) => l.msg === 'request completed');
    expect(logged.map((l) => [l.req?.url, l.res?.statusCode])).toEqual([
      ['/api/nope', 404],
      ['/api/login', 401],
    ]);
    for (const line of logged) expect(line.reqId).toMatch(/^[\w-]{22}$/);
  });
});

describe('private addresses in the access log (issue 62, point 2)', () => {
  it('logs a failed move of a booked call, a private page and a sign-in link without their secret', async () => {
    const lines: { msg: string; req?: { url: string }; res?: { statusCode: number } }[] = [];
    const app = await buildApp({
      config: t.config,
      database: t.database,
      // The server's own logger options (main.ts), written here.
      logger: {
        ...(loggerOptions({ ...t.config, LOG_LEVEL: 'info' }) as object),
        stream: { write: (line: string) => void lines.push(JSON.parse(line)) },
      },
    });
    const secret = 'Pr1vateT0kenOfAVisitor0123456789abcdefghijk';
    const asked = [
      { method: 'POST' as const, url: `/api/bookings/${secret}/move`, payload: { start: 'soon' } },
      { method: 'POST' as const, url: `/api/testimonial-requests/${secret}`, payload: {} },
      { method: 'GET' as const, url: `/api/analytics/shared/${secret}` },
      { method: 'GET' as const, url: `/api/bookings/${secret}/calendar.ics` },
    ];
    for (const request of asked) {
      const answer = await app.inject({ ...request, remoteAddress: freshIp() });
      expect(answer.statusCode, request.url).toBeGreaterThanOrEqual(400);
    }
    await app.close();
    const logged = lines.filter((line) => line.msg === 'request completed').map((line) => line.req?.url);
    expect(logged).toEqual([
      '/api/bookings/[redacted]/move',
      '/api/testimonial-requests/[redacted]',
      '/api/analytics/shared/[redacted]',
      '/api/bookings/[redacted]/calendar.ics',
    ]);
    expect(JSON.stringify(lines)).not.toContain(secret);
  });
});

describe('request log fields', () => {
  it('keep method and URL but never tokens in the URL', () => {
    expect(serializeRequestForLog({ method: 'GET', url: '/api/resume/download/abc123secret?x=1' })).toEqual({
      method: 'GET',
      url: '/api/resume/download/[redacted]?x=1',
    });
    expect(
      serializeRequestForLog({ method: 'GET', url: '/api/auth/github/callback?code=C0DE&state=S7' }).url,
    ).toBe('/api/auth/github/callback?code=[redacted]&state=[redacted]');
    // A newsletter subscriber's links, and the owner's search of the subscribers.
    for (const [url, logged] of [
      ['/newsletter/unsubscribe/s3cretTok3n?done=x', '/newsletter/unsubscribe/[redacted]?done=x'],
      ['/newsletter/confirm/s3cretTok3n', '/newsletter/confirm/[redacted]'],
      ['/api/newsletter/one-click/s3cretTok3n', '/api/newsletter/one-click/[redacted]'],
      ['/api/newsletter/subscription/s3cretTok3n', '/api/newsletter/subscription/[redacted]'],
      [
        '/api/admin/newsletter/subscribers?page=1&q=dana%40example.com',
        '/api/admin/newsletter/subscribers?page=1&q=[redacted]',
      ],
      // The pages of a booked call, a testimonial invitation, a read-only analytics link, a draft's
      // preview, a sign-in link and a resume request (issue 62).
      ['/booking/s3cretTok3n?change=move', '/booking/[redacted]?change=move'],
      ['/testimonial/s3cretTok3n', '/testimonial/[redacted]'],
      ['/shared/analytics/s3cretTok3n', '/shared/analytics/[redacted]'],
      ['/blog/a-draft?preview=s3cretTok3n', '/blog/a-draft?preview=[redacted]'],
      ['/auth?link=s3cretTok3n', '/auth?link=[redacted]'],
      ['/resume?request=s3cretTok3n&done=1', '/resume?request=[redacted]&done=1'],
      ['/booking/s3cretTok3n.data', '/booking/[redacted]'],
    ]) {
      expect(serializeRequestForLog({ method: 'GET', url: url ?? '' }).url).toBe(logged);
    }
  });
});

describe('content images', () => {
  it('are served from /images/ with a 30-day cache header', async () => {
    const res = await t.app.inject('/images/projects/keycode-help.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toContain('max-age=2592000');
  });

  it('never serve a file outside the images folder', async () => {
    for (const url of [
      '/images/../package.json',
      '/images/..%2fpackage.json',
      '/images/%2e%2e/server/config.ts',
    ]) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('"dependencies"');
    }
  });
});

describe('pages without the web app (WEB_APP=off)', () => {
  // With the web app, pages are rendered by React Router: see e2e/ssr.spec.ts.
  it('answer the plain not-found page with status 404, while the API keeps working', async () => {
    const res = await t.app.inject('/');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('404 Page Not Found');
    expect((await t.app.inject('/api/projects')).statusCode).toBe(200);
  });
});
