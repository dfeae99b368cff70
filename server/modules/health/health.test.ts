/**
 * /metrics and /readyz as the machine's scraper and a load balancer read them (issue 66, point 5):
 * request durations by route, the page cache's answers, each job queue's depth and failures, a
 * stuck queue named, and the metrics kept from whoever comes through the proxy without the token.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notificationOutbox } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { get, standIn, webTestApps } from '../../testing/web-stand-in.ts';
import { pageRoute } from './metrics.ts';

const TOKEN = 'a-scraper-token-of-24-chars-or-more';

/** The value of one sample line of Prometheus's text format, or undefined. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    const match = line.match(/^([\w:]+)\{([^}]*)\} (\S+)$/);
    if (match?.[1] !== name) continue;
    const have = (match[2] ?? '').split(',');
    if (wanted.every((label) => have.includes(label))) return Number(match[3]);
  }
  return undefined;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false, env: { METRICS_TOKEN: TOKEN } });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(notificationOutbox);
});

const scrape = async (headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') => {
  const response = await t.app.inject({ url: '/metrics', headers, remoteAddress });
  return { status: response.statusCode, type: response.headers['content-type'], text: response.body };
};

describe('/metrics', () => {
  it('times every answer by its route, method and status, in the Prometheus format', async () => {
    for (let i = 0; i < 3; i++) expect((await t.app.inject('/api/skills')).statusCode).toBe(200);
    await t.app.inject('/api/no-such-thing');
    const { status, type, text } = await scrape();
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/plain; version=0\.0\.4/);
    const count = (labels: Record<string, string>) =>
      sample(text, 'site_http_request_duration_seconds_count', labels);
    expect(count({ route: '/api/skills', method: 'GET', status: '200' })).toBeGreaterThanOrEqual(3);
    expect(count({ route: '(unmatched)', method: 'GET', status: '404' })).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'site_http_request_duration_seconds_bucket', { route: '/api/skills', le: '+Inf' }),
    ).toBe(count({ route: '/api/skills', method: 'GET', status: '200' }));
    // Node's own figures come with them.
    expect(text).toMatch(/^site_process_resident_memory_bytes \d+/m);
  });

  it('is for this machine: through the proxy or from elsewhere, only with the token', async () => {
    expect((await scrape({ 'x-forwarded-for': '203.0.113.9' })).status).toBe(401);
    expect((await scrape({ forwarded: 'for=203.0.113.9' })).status).toBe(401);
    expect((await scrape({}, '203.0.113.9')).status).toBe(401);
    expect(
      (await scrape({ authorization: 'Bearer wrong-token-of-the-same-length-xx' }, '203.0.113.9')).status,
    ).toBe(401);
    const proxied = await scrape({ 'x-forwarded-for': '203.0.113.9', authorization: `Bearer ${TOKEN}` });
    expect(proxied.status).toBe(200);
    expect(proxied.text).toContain('site_queue_waiting');
    expect((await scrape({}, '::ffff:127.0.0.1')).status).toBe(200);
    expect((await scrape({}, '::1')).status).toBe(200);
  });

  it('without a token, a proxied request is told nothing is there', async () => {
    const open = await createTestApp({ seed: false });
    try {
      const proxied = await open.app.inject({
        url: '/metrics',
        headers: { 'x-forwarded-for': '198.51.100.4' },
      });
      expect(proxied.statusCode).toBe(404);
      expect(proxied.body).not.toContain('site_');
      expect((await open.app.inject('/metrics')).statusCode).toBe(200);
    } finally {
      await open.close();
    }
  });

  it("counts each queue's rows waiting, due, retried and given up, and how long the oldest has waited", async () => {
    const db = t.database.db;
    const row = { kind: 'quote', subject: 'New quote', body: 'text' };
    await db.insert(notificationOutbox).values([
      { ...row, nextAttemptAt: sql`now() - interval '2 minutes'` as unknown as Date },
      {
        ...row,
        attempts: 2,
        lastError: 'SMTP 451',
        nextAttemptAt: sql`now() + interval '5 minutes'` as unknown as Date,
      },
      { ...row, status: 'failed', attempts: 8, lastError: 'SMTP 550' },
      { ...row, status: 'sent', sentAt: new Date() },
    ]);
    const { text } = await scrape();
    const mail = { kind: 'mail' };
    expect(sample(text, 'site_queue_waiting', mail)).toBe(2);
    expect(sample(text, 'site_queue_due', mail)).toBe(1);
    expect(sample(text, 'site_queue_retrying', mail)).toBe(1);
    expect(sample(text, 'site_queue_failed', mail)).toBe(1);
    expect(sample(text, 'site_queue_oldest_due_seconds', mail)).toBeGreaterThanOrEqual(119);
    expect(sample(text, 'site_queue_stuck', mail)).toBe(0);
    for (const kind of ['newsletter', 'fediverse', 'calendar', 'webmention']) {
      expect(sample(text, 'site_queue_waiting', { kind }), kind).toBe(0);
    }
  });
});

describe('/readyz', () => {
  it('names a queue whose row has been due for 15 minutes with nothing of its kind done, and still says ready', async () => {
    const db = t.database.db;
    const row = { kind: 'quote', subject: 'New quote', body: 'text' };
    await db
      .insert(notificationOutbox)
      .values({ ...row, nextAttemptAt: sql`now() - interval '14 minutes'` as unknown as Date });
    expect((await t.app.inject('/readyz')).json()).toEqual({ status: 'ready' });
    await db
      .insert(notificationOutbox)
      .values({ ...row, nextAttemptAt: sql`now() - interval '16 minutes'` as unknown as Date });
    const stuck = await t.app.inject('/readyz');
    expect(stuck.statusCode).toBe(200);
    expect(stuck.json()).toEqual({ status: 'ready', stuck: ['mail'] });
    expect(sample((await scrape()).text, 'site_queue_stuck', { kind: 'mail' })).toBe(1);
    // A queue that is behind but working (a row went out a minute ago) is not stuck.
    await db
      .insert(notificationOutbox)
      .values({ ...row, status: 'sent', sentAt: sql`now() - interval '1 minute'` as unknown as Date });
    expect((await t.app.inject('/readyz')).json()).toEqual({ status: 'ready' });
  });
});

describe('a process that is stopping', () => {
  it('says so on /readyz (for the proxy to send it nothing new) and still answers what it is sent', async () => {
    const stopping = await createTestApp({ seed: false });
    try {
      stopping.app.drain();
      const ready = await stopping.app.inject('/readyz');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'shutting down' });
      expect((await stopping.app.inject('/api/skills')).statusCode).toBe(200);
    } finally {
      await stopping.close();
    }
  });
});

describe('the page cache, counted', () => {
  const start = webTestApps();

  it("counts the cache's hits and misses, and a page by its first path segment", async () => {
    const { handler } = standIn();
    const app = await start(handler);
    expect((await get(app, '/blog')).headers['x-page-cache']).toBe('miss');
    expect((await get(app, '/blog')).headers['x-page-cache']).toBe('hit');
    const text = (await app.app.inject('/metrics')).body;
    expect(sample(text, 'site_page_cache_total', { result: 'miss' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'site_page_cache_total', { result: 'hit' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'site_http_request_duration_seconds_count', { route: '/blog', status: '200' })).toBe(
      2,
    );
  });

  it('labels pages so that made-up addresses never become labels of their own', () => {
    expect(pageRoute('/', 200)).toBe('/');
    expect(pageRoute('/blog?page=2', 200)).toBe('/blog');
    expect(pageRoute('/blog/one-schema-form-to-database', 200)).toBe('/blog/*');
    expect(pageRoute('/blog/tag/Zod', 200)).toBe('/blog/*');
    expect(pageRoute('/blog.data', 200)).toBe('/blog');
    expect(pageRoute('/wp-login.php', 404)).toBe('(not found)');
  });
});
