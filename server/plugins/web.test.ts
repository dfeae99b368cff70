/**
 * The page cache and load shedding of the web adapter, with a stand-in for React
 * Router's renderer (the real one needs a build; the browser tests cover it).
 */
import { createHash } from 'node:crypto';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { SIGN_IN_AGAIN, SIGNED_OUT_WITH_FILES } from '../../common/constants.ts';
import { preferredEncoding } from '../lib/read-cache.ts';
import { answerBeforeWholeBody } from '../testing/multipart.ts';
import { freshIp } from '../testing/test-app.ts';
import { get, publishPost, SCRIPT, standIn, visitCookie, webTestApps } from '../testing/web-stand-in.ts';
import type { Handler } from './web.ts';
import { BUSY_MESSAGE } from './web-requests.ts';

const start = webTestApps();

describe('the page cache', () => {
  it('renders a public page once and serves the same bytes, compressed as the client accepts', async () => {
    const { handler, seen } = standIn();
    const app = await start(handler);
    const first = await get(app, '/blog?tag=Repair');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-page-cache']).toBe('miss');
    expect(first.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(first.rawPayload).toString();
    expect(html).toContain('<h1>/blog?tag=Repair</h1>');
    expect(html).toContain('for a visitor');

    const second = await get(app, '/blog?tag=Repair', { 'accept-encoding': 'gzip' });
    expect(second.headers['x-page-cache']).toBe('hit');
    expect(second.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(second.rawPayload).toString()).toBe(html);
    const plain = await get(app, '/blog?tag=Repair', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html);
    expect(seen).toHaveLength(1);
    // Rendered as a whole document for nobody in particular.
    expect(seen[0]?.context).toMatchObject({ user: null, nonce: '' });
    // Another query is another page.
    expect((await get(app, '/blog?tag=Keys')).headers['x-page-cache']).toBe('miss');
  });

  it('allows exactly the page’s inline scripts by hash in the CSP, with no nonce', async () => {
    const app = await start(standIn().handler);
    const cookie = await visitCookie(app);
    for (const state of ['hit', 'hit']) {
      const res = await get(app, '/', { cookie });
      expect(res.headers['x-page-cache']).toBe(state);
      const csp = String(res.headers['content-security-policy']);
      const hash = createHash('sha256').update(SCRIPT).digest('base64');
      expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
      expect(csp).not.toContain('nonce-');
      expect(csp).toContain("object-src 'none'");
      expect(res.headers.vary).toBe('Accept-Encoding, Cookie');
      // A shared cache may keep it for 30 s and serve it stale for 30 more while it asks again.
      expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=30');
    }
  });

  it('lets an island page ask only the demo sites its HTML names, and a page hydrated whole every one', async () => {
    const island = '<script type="application/json" id="island-page">{}</script>';
    const bodies: Record<string, string> = {
      '/blog/a-post': `<article>A post</article>${island}`,
      '/projects/keycode-help': `<iframe src="https://keycodehelp.com/"></iframe>${island}`,
      '/resume': '<a href="/projects/stackzen">StackZen</a>',
    };
    const app = await start(async (request) => {
      const body = bodies[new URL(request.url).pathname] ?? '';
      return new Response(`<!doctype html><html><body>${body}</body></html>`, {
        headers: { 'content-type': 'text/html; charset=utf-8' },
      });
    });
    const connectSrc = async (path: string) =>
      /connect-src ([^;]*)/.exec(String((await get(app, path)).headers['content-security-policy']))?.[1];
    expect(await connectSrc('/blog/a-post')).toBe("'self'");
    expect(await connectSrc('/projects/keycode-help')).toBe("'self' https://keycodehelp.com");
    // A page hydrated whole may go on to any project's page without a new document.
    const whole = (await connectSrc('/resume'))?.split(' ') ?? [];
    expect(whole).toEqual(
      expect.arrayContaining(["'self'", 'https://keycodehelp.com', 'https://stackzen.app']),
    );
  });

  it('tags each encoding apart, and the smaller Brotli copy apart from the first', async () => {
    const app = await start(standIn().handler);
    const first = await get(app, '/long', { 'accept-encoding': 'br' });
    const gzip = await get(app, '/long', { 'accept-encoding': 'gzip' });
    const plain = await get(app, '/long', { 'accept-encoding': 'identity' });
    const tags = [first, gzip, plain].map((res) => String(res.headers.etag));
    expect(new Set(tags).size).toBe(3);
    // Once the smallest copy is made, a cache asking with the first copy's tag gets the new bytes.
    await expect
      .poll(async () => String((await get(app, '/long', { 'accept-encoding': 'br' })).headers.etag))
      .not.toBe(tags[0]);
    const again = await get(app, '/long', { 'accept-encoding': 'br', 'if-none-match': tags[0] ?? '' });
    expect(again.statusCode).toBe(200);
    expect(brotliDecompressSync(again.rawPayload).toString()).toBe(plain.body);
    const still = await get(app, '/long', { 'accept-encoding': 'gzip', 'if-none-match': tags[1] ?? '' });
    expect(still.statusCode).toBe(304);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const app = await start(standIn().handler);
    const { etag } = (await get(app, '/projects/gatherly')).headers;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get(app, '/projects/gatherly', { 'if-none-match': String(etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('keeps the not-found page, but never a failed render or a page that sets a cookie', async () => {
    const { handler, seen } = standIn();
    const app = await start(handler);
    for (let i = 0; i < 2; i++) {
      expect((await get(app, '/missing-page')).statusCode).toBe(404);
      expect((await get(app, '/broken')).statusCode).toBe(500);
      expect((await get(app, '/sets-cookie')).headers['set-cookie']).toContain('x=1; Path=/');
    }
    expect(seen.map((s) => new URL(s.url).pathname)).toEqual([
      '/missing-page',
      '/broken',
      '/sets-cookie',
      '/broken',
      '/sets-cookie',
    ]);
  });

  it('never serves or stores a page for a signed-in visitor, and never caches sign-in, images or the dashboard', async () => {
    const { handler, seen } = standIn();
    const app = await start(handler);
    await get(app, '/');
    const cookie = await app.signIn('user', 'casey');
    for (let i = 0; i < 2; i++) {
      const res = await get(app, '/', { cookie, 'accept-encoding': 'identity' });
      expect(res.headers['x-page-cache']).toBe('bypass');
      expect(res.body).toContain('for casey');
      expect(String(res.headers['content-security-policy'])).toMatch(/'nonce-[\w+/=]+'/);
    }
    for (const path of ['/auth', '/generate-images', '/admin/blog', '/admin/blog/inbox', '/blog.data']) {
      await get(app, path);
      expect((await get(app, path)).headers['x-page-cache'], path).toBe('bypass');
    }
    // The cached home page was never replaced by the signed-in one.
    const anonymous = await get(app, '/', { 'accept-encoding': 'identity' });
    expect(anonymous.headers['x-page-cache']).toBe('hit');
    expect(anonymous.body).toContain('for a visitor');
    expect(seen.filter((s) => new URL(s.url).pathname === '/')).toHaveLength(3);
  });

  it("renders 'Book a call' for each visitor, yet as a public page: nobody signed in, its code after the paint", async () => {
    const { handler, seen } = standIn();
    const app = await start(handler);
    for (let i = 0; i < 2; i++) {
      const res = await get(app, '/book-a-call?type=intro&utm_source=x', { 'accept-encoding': 'identity' });
      expect(res.headers['x-page-cache']).toBe('bypass');
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(String(res.headers['content-security-policy'])).toMatch(/'nonce-[\w+/=]+'/);
    }
    expect(seen).toHaveLength(2);
    for (const render of seen) {
      expect(render.context.user).toBeNull();
      // Its state is kept by its hash and fetched after the paint, as a cached page's is.
      expect(render.context.startAfterPaint).toBeDefined();
    }
    // Signed in, it is the visitor's own page.
    const cookie = await app.signIn('user', 'casey');
    await get(app, '/book-a-call', { cookie });
    expect(seen[2]?.context.user).not.toBeNull();
    expect(seen[2]?.context.startAfterPaint).toBeUndefined();
  });

  it('sends a signed-in page whole, compressed once as the client accepts', async () => {
    const app = await start(standIn().handler);
    const cookie = await app.signIn('user', 'casey');
    const br = await get(app, '/long', { cookie, 'accept-encoding': 'br' });
    const gzip = await get(app, '/long', { cookie, 'accept-encoding': 'gzip' });
    const plain = await get(app, '/long', { cookie, 'accept-encoding': 'identity' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const res of [br, gzip, plain]) {
      expect(res.headers['x-page-cache']).toBe('bypass');
      expect(res.headers.vary).toMatch(/Accept-Encoding/);
      // One piece with its length, not a stream of chunks.
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    }
    // The same page each time, apart from each response's own nonce.
    const unnonced = (html: string) => html.replace(/nonce="[^"]+"/g, 'nonce=""');
    expect(unnonced(brotliDecompressSync(br.rawPayload).toString())).toBe(unnonced(plain.body));
    expect(unnonced(gunzipSync(gzip.rawPayload).toString())).toBe(unnonced(plain.body));
    expect(plain.body).toContain('for casey');
  });

  it('abandons a render whose visitor has gone, and frees its place', async () => {
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const signals: AbortSignal[] = [];
    const { handler } = standIn({ gate });
    const app = await start(async (request, context) => {
      signals.push(request.signal);
      return handler(request, context);
    }, 1);
    const cookie = await app.signIn('user');
    const address = await app.app.listen({ port: 0, host: '127.0.0.1' });
    const gone = request(`${address}/resume`, { headers: { cookie } });
    gone.on('error', () => {});
    gone.end();
    await expect.poll(() => signals.length).toBe(1);
    gone.destroy();
    await expect.poll(() => signals[0]?.aborted).toBe(true);
    open();
    // The one place is free again: the next visitor is served, not told to come back.
    const next = await fetch(`${address}/resume`, { headers: { cookie } });
    expect(next.status).toBe(200);
    expect(await next.text()).toContain('<h1>/resume</h1>');
  });

  it('is emptied by a write that changes what pages show', async () => {
    const { handler, seen } = standIn();
    const app = await start(handler);
    await get(app, '/');
    expect((await get(app, '/')).headers['x-page-cache']).toBe('hit');
    await publishPost(app, 'A brand new post', 'a-brand-new-post');
    expect((await get(app, '/')).headers['x-page-cache']).toBe('miss');
    expect(seen).toHaveLength(2);
  });

  it('reads the API once for many renders, and afresh after a write', async () => {
    // A page that shows the newest post's title, as the home page's teaser does.
    const answers: unknown[] = [];
    const handler: Handler = async (_request, context) => {
      const posts = await context.readApi<{ title: string }[]>('/api/blog');
      answers.push(posts);
      return new Response(`<h1>${posts?.[0]?.title ?? 'none'}</h1>`, {
        headers: { 'content-type': 'text/html; charset=utf-8' },
      });
    };
    const app = await start(handler);
    const cookie = await app.signIn('user', 'riley');
    // Signed in: every page is rendered afresh, but the loader's read was made once (one answer).
    for (let i = 0; i < 3; i++) {
      const res = await get(app, '/', { cookie, 'accept-encoding': 'identity' });
      expect(res.headers['x-page-cache']).toBe('bypass');
    }
    expect(answers).toHaveLength(3);
    expect(answers[1]).toBe(answers[0]);
    expect(answers[2]).toBe(answers[0]);

    await publishPost(app, 'Fresh off the bench', 'fresh-off-the-bench');
    const after = await get(app, '/', { cookie, 'accept-encoding': 'identity' });
    expect(after.body).toBe('<h1>Fresh off the bench</h1>');
    expect(answers[3]).not.toBe(answers[0]);
  });

  it('keys a page by the parameters pages read: made-up query strings neither render again nor push pages out', async () => {
    const { handler, seen } = standIn();
    const app = await start(handler);
    await get(app, '/');
    await get(app, '/blog?page=2');
    const before = seen.length;
    // A campaign's parameters and a click id are the same page, rendered without them.
    for (const path of ['/?utm_source=news&utm_medium=email', '/?fbclid=abc', '/?x=1&utm_campaign=y']) {
      const res = await get(app, path, { 'accept-encoding': 'identity' });
      expect(res.headers['x-page-cache'], path).toBe('hit');
      expect(res.body).toContain('<h1>/</h1>');
    }
    const blog = await get(app, '/blog?utm_source=x&page=2&gclid=1', { 'accept-encoding': 'identity' });
    expect(blog.headers['x-page-cache']).toBe('hit');
    expect(blog.body).toContain('<h1>/blog?page=2</h1>');
    // A stream of unique query strings: one render for the page, the real pages still kept.
    for (let i = 0; i < 600; i++) await get(app, `/blog?page=2&nonsense=${i}`);
    expect(seen.length - before).toBe(0);
    expect((await get(app, '/')).headers['x-page-cache']).toBe('hit');
    // A parameter a page reads is a page of its own.
    expect((await get(app, '/blog?page=3&utm_source=x', { 'accept-encoding': 'identity' })).body).toContain(
      '<h1>/blog?page=3</h1>',
    );
    expect(seen.map((s) => new URL(s.url).search).slice(before)).toEqual(['?page=3']);
  });

  it('renders a page once for many visitors asking at the same moment', async () => {
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const { handler, seen } = standIn({ gate });
    const app = await start(handler);
    const answers = Array.from({ length: 6 }, () => get(app, '/blog'));
    // The first render has begun (and waits at the gate); the other five asked meanwhile.
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    open();
    const results = await Promise.all(answers);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(seen).toHaveLength(1);
  });
});

describe('renders under pressure', () => {
  it('past the bound, a page is a quick 503 with Retry-After, and the API keeps answering', async () => {
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const { handler, seen } = standIn({ gate });
    const app = await start(handler, 2);
    const cookie = await app.signIn('user');
    // Two slow renders hold both places.
    const slow = [get(app, '/resume', { cookie }), get(app, '/blog')];
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    const refused = await get(app, '/recommendations', { cookie });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('2');
    expect(refused.body).toContain(BUSY_MESSAGE);
    const cachedMiss = await get(app, '/contribute');
    expect(cachedMiss.statusCode).toBe(503);
    const api = await app.app.inject({ url: '/api/skills', remoteAddress: freshIp() });
    expect(api.statusCode).toBe(200);
    open();
    expect((await Promise.all(slow)).map((r) => r.statusCode)).toEqual([200, 200]);
    // Places free again once the renders are done.
    expect((await get(app, '/recommendations', { cookie })).statusCode).toBe(200);
  });
});

describe('a file posted to a page', () => {
  /** The app's address, listening. */
  const addressOf = async (app: Awaited<ReturnType<typeof start>>) =>
    app.app.server.listening
      ? `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`
      : await app.app.listen({ port: 0, host: '127.0.0.1' });
  const answerBeforeBody = async (app: Awaited<ReturnType<typeof start>>, path: string, cookie = '') =>
    answerBeforeWholeBody(await addressOf(app), path, cookie);

  it('is refused before its body is read, on a page that takes none', async () => {
    const app = await start(standIn().handler);
    const res = await answerBeforeBody(app, '/contact');
    expect(res.status).toBe(415);
    expect(res.body).toContain('This page takes no files.');
  });

  it("is refused before its body is read, on the owner's import pages, unless the owner sends it", async () => {
    const app = await start(standIn().handler);
    expect((await answerBeforeBody(app, '/admin/blog/data')).status).toBe(401);
    expect((await answerBeforeBody(app, '/Admin/Blog/Newsletter.data')).status).toBe(401);
    const user = await app.signIn('user', 'casey');
    expect((await answerBeforeBody(app, '/admin/blog/data', user)).status).toBe(403);
    expect((await answerBeforeBody(app, '/admin/blog?index')).status).toBe(401);
  });

  it("is a page whose words are escaped, a parser's message too", async () => {
    const app = await start(standIn().handler);
    const res = await app.app.inject({
      method: 'POST',
      url: '/contact',
      payload: '<script>alert(1)</script>',
      headers: { 'content-type': 'application/json', accept: 'text/html' },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    // Fastify's message, escaped as any text the page holds.
    expect(res.body).toContain(
      '<p>Body is not valid JSON but content-type is set to &apos;application/json&apos;</p>',
    );
    expect(res.body).not.toContain('<script>');
  });

  it('is answered with a page saying what happened when the browser sent it itself (it shows what comes)', async () => {
    const app = await start(standIn().handler);
    const html = { accept: 'text/html,application/xhtml+xml' };
    const address = await addressOf(app);
    const signedOut = await answerBeforeWholeBody(address, '/admin/blog?index', '', html);
    expect(signedOut.status).toBe(401);
    expect(signedOut.type).toMatch(/^text\/html/);
    expect(signedOut.body).toContain(`<p>${SIGNED_OUT_WITH_FILES}</p>`);
    // The way to sign in beside it, back to the page (not its query, which may open an editor).
    expect(signedOut.body).toContain(
      `<a href="/auth?back=%2Fadmin%2Fblog" target="_blank" rel="noopener">${SIGN_IN_AGAIN}</a>`,
    );
    const noFiles = await answerBeforeWholeBody(address, '/contact', '', html);
    expect([noFiles.status, noFiles.type?.split(';')[0]]).toEqual([415, 'text/html']);
    expect(noFiles.body).toContain(
      '<h1>415 Unsupported Media Type</h1><p>This page takes no files.</p><p><a href="/">Go to the home page</a>',
    );
    // The page's code asks for its data: the message as JSON, as before.
    const data = await answerBeforeWholeBody(address, '/admin/blog.data', '', html);
    expect([data.status, JSON.parse(data.body).message]).toEqual([401, 'Authentication required']);
  });

  it('no larger than any form, goes on to the page without a session (which keeps what the owner typed)', async () => {
    const { handler, seen } = standIn();
    const app = await start(handler);
    const body = `--x\r\ncontent-disposition: form-data; name="summary"\r\n\r\nTyped for an hour\r\n--x--\r\n`;
    const post = (path: string) =>
      app.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
        payload: body,
        remoteAddress: freshIp(),
      });
    expect((await post('/admin/blog?index&edit=1')).statusCode).toBe(200);
    expect(seen.map(({ url }) => new URL(url).pathname)).toEqual(['/admin/blog']);
    // Still no file for a page that takes none.
    expect((await post('/contact')).statusCode).toBe(415);
  });
});

describe('preferredEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'gzip'],
    ['deflate', 'identity'],
    ['gzip;q=0', 'identity'],
  ] as const)('%s -> %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});

describe('what a shared cache may keep', () => {
  it('lets a CDN keep a public page for the stated time; a signed-in or private page stays private', async () => {
    const app = await start(standIn().handler, undefined, { SHARED_CACHE_SECONDS: '120' });
    const first = await get(app, '/blog');
    // The first page of a visit sets the visit's cookie: this visitor's alone.
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(String(first.headers['set-cookie'])).toMatch(/^visit=/);
    const visit = await visitCookie(app);
    const page = await get(app, '/blog', { cookie: visit });
    expect(page.headers['set-cookie']).toBeUndefined();
    expect(page.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=60');
    expect(page.headers.vary).toBe('Accept-Encoding, Cookie');
    // A post read is noted on the visit (the cookie changes): this answer too is the visitor's own.
    const post = await get(app, '/blog/some-post', { cookie: visit });
    expect(String(post.headers['set-cookie'])).toMatch(/^visit=/);
    expect(post.headers['cache-control']).toBe('private, no-cache');
    const cookie = await app.signIn('user', 'casey');
    expect((await get(app, '/blog', { cookie })).headers['cache-control']).toBe('private, no-cache');
    for (const path of ['/auth', '/booking/abc', '/testimonial/abc', '/blog/a-draft?preview=x']) {
      expect((await get(app, path)).headers['cache-control'], path).toBe('private, no-cache');
    }
  });

  it('never keeps a private page under another spelling: case, percent-encoding, a trailing slash', async () => {
    const { handler, seen } = standIn();
    const app = await start(handler, undefined, { SHARED_CACHE_SECONDS: '120' });
    const cookie = await visitCookie(app);
    const before = seen.length;
    const spellings = [
      '/Newsletter/confirm/t1',
      '/newsletter/%63onfirm/t1',
      '/NEWSLETTER/Unsubscribe/t1/',
      '/Booking/x',
      '/booking/x/',
      '/Testimonial/x',
      '/%74estimonial/x',
      // A token that starts with a slash, as the router decodes it (it answered 500 from the cache).
      '/testimonial/%2F%2Fx',
      '/booking/%2Fx',
      '/newsletter/unsubscribe/%2F',
      '/Resume?request=t2',
      '/resume/?request=t2',
      '/%72esume?request=t2',
      '/Admin/Blog',
      '/AUTH/',
      // Every private address of private-addresses.ts, the one list (issue 62).
      '/Shared/Analytics/t4',
      '/blog/a-draft?page=1&preview=t5',
      '/?link=t6',
    ];
    for (const path of spellings) {
      for (let i = 0; i < 2; i++) {
        const res = await get(app, path, { cookie });
        expect(res.headers['cache-control'], path).toBe('private, no-cache');
        expect(res.headers['x-page-cache'], path).toBe('bypass');
      }
    }
    // Each was rendered for its own request, twice: none came from the cache.
    expect(seen.length - before).toBe(spellings.length * 2);
    // A public page under another spelling is still a public page.
    expect((await get(app, '/Blog/', { cookie })).headers['cache-control']).toMatch(/^public/);
  });

  it('never lets a shared cache keep a failure, nor a refusal other than a brief 404', async () => {
    const app = await start(standIn().handler, undefined, { SHARED_CACHE_SECONDS: '120' });
    const cookie = await visitCookie(app);
    const broken = await get(app, '/broken', { cookie });
    expect(broken.statusCode).toBe(500);
    expect(broken.headers['cache-control']).toBe('no-store');
    const gone = await get(app, '/gone', { cookie });
    expect(gone.statusCode).toBe(410);
    expect(gone.headers['cache-control']).toBe('private, no-cache');
    const missing = await get(app, '/missing', { cookie });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=\d+/);
  });

  it('keeps public pages private when SHARED_CACHE_SECONDS is 0', async () => {
    const app = await start(standIn().handler, undefined, { SHARED_CACHE_SECONDS: '0' });
    const cookie = await visitCookie(app);
    expect((await get(app, '/blog', { cookie })).headers['cache-control']).toBe('private, no-cache');
  });

  it('refuses a SHARED_CACHE_SECONDS that is not a whole number of seconds', async () => {
    await expect(start(standIn().handler, undefined, { SHARED_CACHE_SECONDS: 'soon' })).rejects.toThrow(
      /SHARED_CACHE_SECONDS/,
    );
  });
});
