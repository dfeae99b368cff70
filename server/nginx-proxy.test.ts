/**
 * docs/nginx/caching-proxy.conf, as written (only its ports and cache folder changed), in front of
 * the app (with a stand-in renderer: the browser tests cover the real pages): what it keeps, what
 * it passes through, and how soon a change shows (issue 32). Runs where nginx is installed (CI
 * installs nginx-light); bench/proxy.ts measures the same file's throughput.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Handler } from './plugins/web.ts';
import { UPLOAD_PAGES } from './plugins/web-requests.ts';
import { answerBeforeWholeBody, multipartFile } from './testing/multipart.ts';
import { type CachingProxy, nginxInstalled, startCachingProxy } from './testing/nginx.ts';
import { required } from './testing/required.ts';
import { createTestApp, type TestApp } from './testing/test-app.ts';

/** How long a change may take to show (the app's SHARED_CACHE_SECONDS here). */
const SHARED_SECONDS = 2;

/** nginx here (CI fails without it: server/testing/required.ts). */
const withNginx = required('nginx', nginxInstalled());

describe.runIf(withNginx)('the caching proxy of docs/nginx/caching-proxy.conf', () => {
  let t: TestApp;
  let nginx: CachingProxy;
  let proxy: string;
  let version = 1;
  // A page that names who it was rendered for and which version of the site it shows.
  const handler: Handler = async (request, context) =>
    new Response(
      `<!doctype html><html><body><h1>${new URL(request.url).pathname}</h1><p>for ${context.user?.username ?? 'a visitor'}</p><p>version ${version}</p></body></html>`,
      { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' } },
    );

  beforeAll(async () => {
    t = await createTestApp({
      seed: false,
      env: { SHARED_CACHE_SECONDS: String(SHARED_SECONDS) },
      web: { mode: 'build', handler },
    });
    const site = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }));
    nginx = await startCachingProxy({ sitePort: site.port });
    proxy = nginx.url;
  });

  afterAll(async () => {
    await nginx?.stop();
    await t?.close();
  });

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${proxy}${path}`, { headers });
    return { cache: response.headers.get('x-cache-status'), text: await response.text(), response };
  };
  /** A browser past the first page of its visit: it holds the visit's cookie (server/lib/visit.ts). */
  let visit = '';
  const visiting = async () => {
    if (visit) return visit;
    const first = await get('/');
    visit =
      first.response.headers
        .getSetCookie()
        .find((c) => c.startsWith('visit='))
        ?.split(';')[0] ?? '';
    expect(visit).toMatch(/^visit=/);
    return visit;
  };

  it('passes the first page of a visit through to the site, which notes the visit', async () => {
    for (let i = 0; i < 2; i++) {
      const first = await get('/about-this-visit?utm_source=mastodon');
      expect(first.cache).toBe('BYPASS');
      expect(first.response.headers.getSetCookie().join()).toMatch(/^visit=/);
    }
  });

  it('keeps a public page for every visitor, once per encoding', async () => {
    const cookie = await visiting();
    await get('/blog', { 'accept-encoding': 'br', cookie });
    const again = await get('/blog', { 'accept-encoding': 'gzip, deflate, br, zstd', cookie });
    expect(again.cache).toBe('HIT');
    expect(again.response.headers.get('content-encoding')).toBe('br');
    expect(again.text).toContain('for a visitor');
    await get('/blog', { 'accept-encoding': 'gzip', cookie });
    const gzip = await get('/blog', { 'accept-encoding': 'gzip', cookie });
    expect(gzip.cache).toBe('HIT');
    expect(gzip.response.headers.get('content-encoding')).toBe('gzip');
  });

  it('passes a signed-in browser through to the site, and never hands its page to a visitor', async () => {
    const cookie = await t.signIn('user', 'casey');
    for (let i = 0; i < 2; i++) {
      const signedIn = await get('/projects', { cookie });
      expect(signedIn.cache).toBe('BYPASS');
      expect(signedIn.text).toContain('for casey');
    }
    const visit = await visiting();
    await get('/projects', { cookie: visit });
    const visitor = await get('/projects', { cookie: visit });
    expect(visitor.cache).toBe('HIT');
    expect(visitor.text).toContain('for a visitor');
    // A cookie that is not the session's (the device cookie, say) is a visitor like any other.
    expect((await get('/projects', { cookie: `sdev=abc; ${visit}` })).text).toContain('for a visitor');
  });

  it('never keeps a personal answer', async () => {
    const cookie = await t.signIn('user', 'robin');
    for (let i = 0; i < 2; i++) {
      const user = await get('/api/user', { cookie: `${cookie}; theme=dark` });
      expect(user.cache).not.toBe('HIT');
      expect(JSON.parse(user.text)).toMatchObject({ username: 'robin' });
    }
  });

  it("takes the owner's files past nginx's 1 MB on every address that takes one, and nothing else", async () => {
    const admin = await t.signIn('admin');
    const post = (path: string, field: string, bytes: Buffer) => {
      const { payload, headers } = multipartFile(field, 'demo.mp4', 'video/mp4', bytes);
      return fetch(`${proxy}${path}`, {
        method: 'POST',
        body: payload,
        headers: { ...headers, cookie: admin },
      });
    };
    // Three megabytes of video: stored by the site, not refused by the proxy.
    const video = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypisom'),
      Buffer.alloc(3 << 20),
    ]);
    const stored = await post('/api/upload', 'media', video);
    expect(stored.status).toBe(201);
    expect(await stored.json()).toMatchObject({ url: expect.stringMatching(/^\/uploads\//) });
    // Each import and each page that takes a file gets its body: the site's answer, never nginx's 413.
    for (const path of ['/api/admin/posts/import', '/api/admin/newsletter/import']) {
      const answer = await post(path, 'file', video);
      expect(answer.status, path).not.toBe(413);
      expect(answer.headers.get('content-type'), path).toMatch(/^application\/json/);
    }
    for (const page of UPLOAD_PAGES) {
      for (const path of [page, `${page}.data`]) {
        const answer = await post(path, 'file', video);
        expect([answer.status, await answer.text()], path).toEqual([
          200,
          expect.stringContaining(`<h1>${path}</h1>`),
        ]);
      }
    }
    // Anywhere else, nginx's own limit; and a stranger's file is refused as it starts, not buffered first.
    expect((await post('/contact', 'file', video)).status).toBe(413);
    expect((await answerBeforeWholeBody(proxy, '/admin/blog/data')).status).toBe(401);
  });

  it('shows a change within SHARED_CACHE_SECONDS', async () => {
    const cookie = await visiting();
    await get('/', { cookie });
    expect((await get('/', { cookie })).text).toContain('version 1');
    // A write that changes what pages show (it empties the app's page cache).
    version = 2;
    const admin = await t.signIn('admin');
    const published = await t.writePost(admin, {
      title: 'Seen through the proxy',
      slug: 'seen-through-the-proxy',
      summary: 'Something new to read.',
      content: 'x'.repeat(60),
      coverImage: '/images/posts/repair-before-replace.svg',
      isPublished: true,
    });
    expect(published.statusCode).toBe(201);
    const start = Date.now();
    await expect
      .poll(async () => (await get('/', { cookie })).text, {
        timeout: (SHARED_SECONDS + 3) * 1000,
        interval: 100,
      })
      .toContain('version 2');
    expect(Date.now() - start).toBeLessThanOrEqual(SHARED_SECONDS * 1000 + 500);
  });
});
