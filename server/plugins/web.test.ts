/**
 * The page cache and load shedding of the web adapter, with a stand-in for React
 * Router's renderer (the real one needs a build; the browser tests cover it).
 */
import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import type { WebLoadContext } from '../../common/web-context.ts';
import { preferredEncoding } from '../lib/read-cache.ts';
import { createTestApp, freshIp, type TestApp } from '../testing/test-app.ts';
import type { Handler } from './web.ts';
import { BUSY_MESSAGE } from './web-requests.ts';

const SCRIPT = 'window.__ready = 1;';

/** Renders a page that names who it was rendered for, with an inline script, and counts renders. */
function standIn({ gate }: { gate?: Promise<void> } = {}) {
  const seen: { url: string; context: WebLoadContext }[] = [];
  const handler: Handler = async (request, context) => {
    seen.push({ url: request.url, context });
    await gate;
    const url = new URL(request.url);
    const status = url.pathname.startsWith('/missing') ? 404 : url.pathname.startsWith('/broken') ? 500 : 200;
    const body = `<!doctype html><html><head><script${context.nonce ? ` nonce="${context.nonce}"` : ''}>${SCRIPT}</script></head><body><h1>${url.pathname}${url.search}</h1><p>for ${context.user?.username ?? 'a visitor'}</p>${url.pathname === '/long' ? `<p>${'A longer page. '.repeat(200)}</p>` : ''}<script type="application/json">{"x":1}</script></body></html>`;
    const headers: Record<string, string> = { 'content-type': 'text/html; charset=utf-8' };
    if (url.pathname === '/sets-cookie') headers['set-cookie'] = 'x=1; Path=/';
    return new Response(body, { status, headers });
  };
  return { handler, seen };
}

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const start = async (handler: Handler, maxRenders?: number, env: Record<string, string> = {}) => {
  t = await createTestApp({
    seed: false,
    env,
    web: { mode: 'build', handler, ...(maxRenders ? { maxRenders } : {}) },
  });
  return t;
};

/** The admin publishes a post: a write that changes what public pages show. */
async function publishPost(app: TestApp, title: string, slug: string) {
  const admin = await app.signIn('admin');
  const created = await app.writePost(admin, {
    title,
    slug,
    summary: 'Something new to read.',
    content: 'x'.repeat(60),
    coverImage: '/images/posts/repair-before-replace.svg',
    isPublished: true,
  });
  expect(created.statusCode).toBe(201);
}

const get = (app: TestApp, url: string, headers: Record<string, string> = {}) =>
  app.app.inject({ url, headers: { 'accept-encoding': 'br, gzip', ...headers }, remoteAddress: freshIp() });

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
    for (const state of ['miss', 'hit']) {
      const res = await get(app, '/');
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
      expect((await get(app, '/sets-cookie')).headers['set-cookie']).toBe('x=1; Path=/');
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

  it('renders a page once for many visitors asking at the same moment', async () => {
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const { handler, seen } = standIn({ gate });
    const app = await start(handler);
    const answers = Array.from({ length: 6 }, () => get(app, '/blog'));
    await new Promise((resolve) => setTimeout(resolve, 50));
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
    const app = await start(standIn({ gate }).handler, 2);
    const cookie = await app.signIn('user');
    // Two slow renders hold both places.
    const slow = [get(app, '/resume', { cookie }), get(app, '/blog')];
    await new Promise((resolve) => setTimeout(resolve, 50));
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

describe('a form posted to its page (no JavaScript, ADR 013)', () => {
  /** Answers with what the page's action would see: the method, the body and what the API said. */
  function echoing(send?: (context: WebLoadContext) => Promise<unknown>) {
    const handler: Handler = async (request, context) => {
      const body = await request.text();
      const api = send ? await send(context) : null;
      return Response.json({ method: request.method, type: request.headers.get('content-type'), body, api });
    };
    return handler;
  }
  const post = (app: TestApp, url: string, body: string, headers: Record<string, string> = {}) =>
    app.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: body,
      remoteAddress: freshIp(),
    });

  it('hands the fields to the page, form-encoded, rendered afresh and never cached', async () => {
    const app = await start(echoing());
    const answer = await post(app, '/contribute', 'title=Keys&tags=a&tags=b&note=caf%C3%A9');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['x-page-cache']).toBe('bypass');
    const seen = answer.json();
    expect(seen.method).toBe('POST');
    expect(seen.type).toMatch(/^application\/x-www-form-urlencoded/);
    expect(new URLSearchParams(seen.body).getAll('tags')).toEqual(['a', 'b']);
    expect(new URLSearchParams(seen.body).get('note')).toBe('café');
  });

  it('refuses a form posted from another site, and a control character in a field', async () => {
    const app = await start(echoing());
    const foreign = await post(app, '/auth', 'username=owner', { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    const control = await post(app, '/auth', 'username=own%00er');
    expect(control.statusCode).toBe(400);
  });

  it('keeps the API to JSON and multipart: a form-encoded post to it is refused', async () => {
    const app = await start(echoing());
    const answer = await post(app, '/api/contact', 'name=x');
    expect(answer.statusCode).toBe(415);
  });

  it("lets the page's action write through the API as the visitor: their address counts, their cookie goes along", async () => {
    const app = await start(
      echoing((context) =>
        context.sendApi('POST', '/api/contact', {
          name: 'Avery',
          email: 'not-an-email',
          projectType: 'website',
          budget: 'flexible',
          timeframe: 'asap',
          message: 'A message long enough.',
        }),
      ),
    );
    const ip = freshIp();
    const statuses: number[] = [];
    // The public form limit (5 per 10 minutes) counts the visitor's own address, not the server's.
    for (let i = 0; i < 6; i++) {
      const answer = await app.app.inject({
        method: 'POST',
        url: '/?index',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '_form=quote',
        remoteAddress: ip,
      });
      statuses.push((answer.json() as { api: { status: number } }).api.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const other = await post(app, '/?index', '_form=quote');
    const api = (other.json() as { api: { status: number; body: { errors: Record<string, string> } } }).api;
    expect(api.status).toBe(400);
    expect(api.body.errors.email).toBe('Invalid email address');
  });

  it('passes a sign-in’s session cookie back, and the visitor’s own cookie along', async () => {
    const handler: Handler = async (request, context) => {
      const fields = new URLSearchParams(await request.text());
      const answer =
        fields.get('_form') === 'login'
          ? await context.sendApi('POST', '/api/login', {
              username: fields.get('username'),
              password: fields.get('password'),
            })
          : await context.sendApi('GET', '/api/user');
      return Response.json(answer);
    };
    const app = await start(handler);
    await app.signIn('admin', 'form-owner');
    const signedIn = (
      await post(app, '/auth', '_form=login&username=form-owner&password=test-password-123')
    ).json();
    expect(signedIn.status).toBe(200);
    const cookie = (signedIn.cookies as string[]).find((value) => /^(__Host-)?sid=/.test(value)) ?? '';
    expect(cookie).not.toBe('');
    const who = (await post(app, '/auth', '_form=who', { cookie: cookie.split(';')[0] ?? '' })).json();
    expect(who.status).toBe(200);
    expect(who.body.username).toBe('form-owner');
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
    const page = await get(app, '/blog');
    expect(page.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=60');
    expect(page.headers.vary).toBe('Accept-Encoding, Cookie');
    const cookie = await app.signIn('user', 'casey');
    expect((await get(app, '/blog', { cookie })).headers['cache-control']).toBe('private, no-cache');
    for (const path of ['/auth', '/booking/abc', '/testimonial/abc', '/blog/a-draft?preview=x']) {
      expect((await get(app, path)).headers['cache-control'], path).toBe('private, no-cache');
    }
  });

  it('keeps public pages private when SHARED_CACHE_SECONDS is 0', async () => {
    const app = await start(standIn().handler, undefined, { SHARED_CACHE_SECONDS: '0' });
    expect((await get(app, '/blog')).headers['cache-control']).toBe('private, no-cache');
  });

  it('refuses a SHARED_CACHE_SECONDS that is not a whole number of seconds', async () => {
    await expect(start(standIn().handler, undefined, { SHARED_CACHE_SECONDS: 'soon' })).rejects.toThrow(
      /SHARED_CACHE_SECONDS/,
    );
  });
});

/** A page that keeps its hydration data through the context and names its address, as ADR 014's renderer does. */
function deferringStandIn() {
  const renders: string[] = [];
  let version = 1;
  const handler: Handler = async (request, context) => {
    const url = new URL(request.url);
    renders.push(url.pathname + url.search);
    const state = `state of ${url.pathname}${url.search} v${version} for ${context.user?.username ?? 'a visitor'}`;
    const address = context.keepHydrationState?.(state);
    const body = `<!doctype html><html><body><h1>${url.pathname}</h1>${address ? `<p id="state">${address}</p>` : '<p>inline</p>'}</body></html>`;
    return new Response(body, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' } });
  };
  return { handler, renders, change: () => version++ };
}

const stateAddress = (html: string) => /<p id="state">([^<]+)<\/p>/.exec(html)?.[1]?.replaceAll('&amp;', '&');

describe('a public page’s hydration data (ADR 014)', () => {
  it('is kept by the page and served by its hash for good, compressed as asked', async () => {
    const { handler } = deferringStandIn();
    const app = await start(handler);
    const page = await get(app, '/blog?tag=Keys', { 'accept-encoding': 'identity' });
    const address = stateAddress(page.body);
    expect(address).toMatch(/^\/_hydration\/[\w-]{22}\?path=%2Fblog%3Ftag%3DKeys$/);
    const plain = await get(app, String(address), { 'accept-encoding': 'identity' });
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toBe('state of /blog?tag=Keys v1 for a visitor');
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const br = await get(app, String(address), { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
  });

  it('is rendered again when this process no longer has it, for keeps only if it is still the same', async () => {
    const { handler, renders, change } = deferringStandIn();
    const app = await start(handler);
    const id = (await import('../lib/hydration-states.ts')).hydrationStateId(
      'state of /blog v1 for a visitor',
    );
    // Another process rendered the page: this one has never seen the hash.
    const same = await get(app, `/_hydration/${id}?path=%2Fblog`, { 'accept-encoding': 'identity' });
    expect(same.statusCode).toBe(200);
    expect(same.body).toBe('state of /blog v1 for a visitor');
    expect(same.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    change();
    const other = (await import('../lib/hydration-states.ts')).hydrationStateId(
      'state of /projects v1 for a visitor',
    );
    const changed = await get(app, `/_hydration/${other}?path=%2Fprojects`, {
      'accept-encoding': 'identity',
    });
    // The page's data now, not for keeps (the page itself will be asked again soon).
    expect(changed.body).toBe('state of /projects v2 for a visitor');
    expect(changed.headers['cache-control']).toBe('no-store');
    expect(renders).toEqual(['/blog', '/projects']);
  });

  it('is never kept for a signed-in visitor or a private page, and never rendered for another site or a private page', async () => {
    const { handler, renders } = deferringStandIn();
    const app = await start(handler);
    const cookie = await app.signIn('user', 'casey');
    expect((await get(app, '/blog', { cookie, 'accept-encoding': 'identity' })).body).toContain('inline');
    expect((await get(app, '/booking/abc', { 'accept-encoding': 'identity' })).body).toContain('inline');
    renders.length = 0;
    for (const path of [
      '//evil.example/x',
      '/admin/blog',
      '/booking/abc',
      '/api/blog',
      '/blog.data',
      'https://evil.example/',
    ]) {
      const res = await get(app, `/_hydration/unknownunknownunknown1?path=${encodeURIComponent(path)}`);
      expect(res.statusCode, path).toBe(404);
    }
    expect((await get(app, '/_hydration/unknownunknownunknown1')).statusCode).toBe(404);
    expect(renders).toEqual([]);
  });
});
