/**
 * With REDIS_URL set, rate limits and the login backoff are shared by every
 * process. Two app instances stand in for two processes behind a load balancer.
 * Runs when TEST_REDIS_URL is set (CI sets it, and fails without it; Redis runs on 127.0.0.1:6379).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { required } from './testing/required.ts';
import { createTestApp, type TestApp } from './testing/test-app.ts';

const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(required('Redis (TEST_REDIS_URL)', redisUrl))('limits shared through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ seed: false, env: { REDIS_URL: redisUrl ?? '' } });
    b = await createTestApp({ seed: false, env: { REDIS_URL: redisUrl ?? '' } });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  // A fresh address per run, so counters left in Redis by earlier runs never interfere.
  const ip = () => `198.18.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

  it('counts one IP’s requests across both processes', async () => {
    const address = ip();
    const register = (app: TestApp, n: number) =>
      app.app.inject({
        method: 'POST',
        url: '/api/register',
        remoteAddress: address,
        payload: {
          username: `shared-${randomBytes(4).toString('hex')}-${n}`,
          email: 's@example.com',
          password: 'secret1',
        },
      });
    for (let n = 0; n < 5; n++) expect((await register(a, n)).statusCode).toBe(201);
    for (let n = 5; n < 10; n++) expect((await register(b, n)).statusCode).toBe(201);
    const limited = await register(a, 10);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('locks a username and IP out after 5 failures spread over both processes', async () => {
    const address = ip();
    const username = `victim-${randomBytes(4).toString('hex')}`;
    const login = (app: TestApp) =>
      app.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: address,
        payload: { username, password: 'wrong-password' },
      });
    for (const app of [a, b, a, b, a]) expect((await login(app)).statusCode).toBe(401);
    const locked = await login(b);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
  });
});
