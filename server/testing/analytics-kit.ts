/**
 * The analytics tests' site: one app on jordan.example without the sample content, the owner
 * signed in, and the tables a test fills emptied before each test. Called at a test file's top
 * level, since it registers the file's afterAll and beforeEach.
 */
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeEach } from 'vitest';
import { createTestApp, type TestAppOptions } from './test-app.ts';

/** A desktop Chrome's user agent: a visitor the counting takes for a person, not a bot. */
export const DESKTOP_BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

export async function analyticsTestApp(emptied: PgTable[], options: TestAppOptions = {}) {
  const t = await createTestApp({ seed: false, env: { PUBLIC_URL: 'https://jordan.example' }, ...options });
  afterAll(() => t.close());
  const db = t.database.db;
  const owner = await t.signIn('admin');
  beforeEach(async () => {
    for (const table of emptied) await db.delete(table);
  });
  return { t, db, owner };
}
