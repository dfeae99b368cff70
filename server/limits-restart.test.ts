/**
 * Without Redis, the login lockout and the write rate limits are rows in the
 * database: stopping the app and starting it again on the same data (embedded
 * PGlite in a folder, or the same PostgreSQL database) forgets nothing.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rateCounters } from './db/schema.ts';
import { createTestApp, freshIp, openTestDatabase, type TestApp } from './testing/test-app.ts';

/** Starts an app, and later another on the same data after the first has stopped. */
async function restartable() {
  if (process.env.TEST_DATABASE_URL) {
    // One database kept for both apps; dropped at the end.
    const owner = await openTestDatabase();
    const url = owner.url ?? '';
    return {
      start: () => createTestApp({ seed: false, databaseUrl: url }),
      cleanUp: () => owner.close(),
    };
  }
  const pgliteDir = mkdtempSync(join(tmpdir(), 'portfolio-restart-'));
  return { start: () => createTestApp({ seed: false, pgliteDir }), cleanUp: async () => {} };
}

describe('limits survive a restart', () => {
  const cleanUps: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanUp of cleanUps) await cleanUp();
  });

  it('a locked-out login stays locked after the app restarts, and a correct password does not lift it', async () => {
    const data = await restartable();
    cleanUps.push(data.cleanUp);
    const ip = freshIp();
    let app: TestApp = await data.start();
    const username = 'restart-owner';
    const register = await app.app.inject({
      method: 'POST',
      url: '/api/register',
      remoteAddress: freshIp(),
      payload: { username, email: 'owner@example.com', password: 'the-right-password' },
    });
    expect(register.statusCode).toBe(201);
    const login = (password: string) =>
      app.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: ip,
        payload: { username, password },
      });
    for (let i = 0; i < 5; i++) expect((await login('wrong-password')).statusCode).toBe(401);
    expect((await login('wrong-password')).statusCode).toBe(429);

    await app.close();
    app = await data.start();
    const afterRestart = await login('the-right-password');
    expect(afterRestart.statusCode).toBe(429);
    expect(Number(afterRestart.headers['retry-after'])).toBeGreaterThan(800);
    await app.close();
  });

  it('a rate-limited form stays limited for its address after the app restarts', async () => {
    const data = await restartable();
    cleanUps.push(data.cleanUp);
    const ip = freshIp();
    let app: TestApp = await data.start();
    const message = (n: number) =>
      app.app.inject({
        method: 'POST',
        url: '/api/contact',
        remoteAddress: ip,
        payload: {
          name: 'Limit Tester',
          email: 'l@example.com',
          subject: `Try ${n}`,
          message: 'Ten letters at least.',
        },
      });
    for (let n = 0; n < 5; n++) expect((await message(n)).statusCode).toBe(201);
    expect((await message(5)).statusCode).toBe(429);

    await app.close();
    app = await data.start();
    const afterRestart = await message(6);
    expect(afterRestart.statusCode).toBe(429);
    expect(afterRestart.json().message).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
    // Another address is not affected.
    const other = await app.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: freshIp(),
      payload: {
        name: 'Other Person',
        email: 'o@example.com',
        subject: 'Hi',
        message: 'Ten letters at least.',
      },
    });
    expect(other.statusCode).toBe(201);
    // The counters are rows, one per route and address.
    expect((await app.database.db.select().from(rateCounters)).length).toBeGreaterThan(0);
    await app.close();
  });
});
