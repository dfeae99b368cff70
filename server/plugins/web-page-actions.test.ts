/** A form posted to its page without JavaScript (ADR 013), and the hydration data a public page carries (ADR 017). */
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { FORM_ANSWER_HEADER, type WebLoadContext } from '../../common/web-context.ts';
import { freshIp, type TestApp } from '../testing/test-app.ts';
import { get, webTestApps } from '../testing/web-stand-in.ts';
import type { Handler } from './web.ts';

const start = webTestApps();

/** A page that keeps its hydration data through the context and names its address, as ADR 017's renderer does. */
function deferringStandIn() {
  const renders: string[] = [];
  let version = 1;
  const handler: Handler = async (request, context) => {
    const url = new URL(request.url);
    renders.push(url.pathname + url.search);
    const state = `state of ${url.pathname}${url.search} v${version} for ${context.user?.username ?? 'a visitor'}`;
    const address = context.startAfterPaint?.keepData(state);
    const body = `<!doctype html><html><body><h1>${url.pathname}</h1>${address ? `<p id="state">${address}</p>` : '<p>inline</p>'}</body></html>`;
    return new Response(body, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' } });
  };
  return { handler, renders, change: () => version++ };
}

const stateAddress = (html: string) => /<p id="state">([^<]+)<\/p>/.exec(html)?.[1]?.replaceAll('&amp;', '&');

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

describe('a form posted from an island (ADR 023)', () => {
  /** A page's action that sends a visitor on (a sign-in's cookie along), as a success does. */
  const redirecting: Handler = async () =>
    new Response(null, {
      status: 303,
      headers: [
        ['location', '/blog/a-post?done=comment#done-comment'],
        ['set-cookie', 'visit=v1; Path=/; HttpOnly'],
      ],
    });

  it('gets where the success goes as JSON, its cookies kept, never stored', async () => {
    const app = await start(redirecting);
    const answer = await app.app.inject({
      method: 'POST',
      url: '/blog/a-post',
      headers: { 'content-type': 'application/x-www-form-urlencoded', [FORM_ANSWER_HEADER]: 'json' },
      payload: '_form=comment',
      remoteAddress: freshIp(),
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ redirect: '/blog/a-post?done=comment#done-comment' });
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(String(answer.headers['set-cookie'])).toContain('visit=v1');
  });

  it('leaves a post without the header to the browser: the redirect itself', async () => {
    const app = await start(redirecting);
    const answer = await app.app.inject({
      method: 'POST',
      url: '/blog/a-post',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '_form=comment',
      remoteAddress: freshIp(),
    });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe('/blog/a-post?done=comment#done-comment');
  });
});

describe('a public page’s hydration data (ADR 017)', () => {
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
