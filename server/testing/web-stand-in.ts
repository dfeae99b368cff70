/**
 * The web adapter under test with a stand-in for React Router's renderer (the real one needs a
 * build; the browser tests cover it): a page that names who it was rendered for, with an inline
 * script, counting its renders.
 */
import { afterEach, expect } from 'vitest';
import type { WebLoadContext } from '../../common/web-context.ts';
import type { Handler } from '../plugins/web.ts';
import { createTestApp, freshIp, type TestApp } from './test-app.ts';

/** The stand-in page's inline script (its CSP hash is checked). */
export const SCRIPT = 'window.__ready = 1;';

/** Renders a page that names who it was rendered for, with an inline script, and counts renders. */
export function standIn({ gate }: { gate?: Promise<void> } = {}) {
  const seen: { url: string; context: WebLoadContext }[] = [];
  const handler: Handler = async (request, context) => {
    seen.push({ url: request.url, context });
    await gate;
    const url = new URL(request.url);
    const status = url.pathname.startsWith('/missing')
      ? 404
      : url.pathname.startsWith('/broken')
        ? 500
        : url.pathname.startsWith('/gone')
          ? 410
          : 200;
    const body = `<!doctype html><html><head><script${context.nonce ? ` nonce="${context.nonce}"` : ''}>${SCRIPT}</script></head><body><h1>${url.pathname}${url.search}</h1><p>for ${context.user?.username ?? 'a visitor'}</p>${url.pathname === '/long' ? `<p>${'A longer page. '.repeat(200)}</p>` : ''}<script type="application/json">{"x":1}</script></body></html>`;
    const headers: Record<string, string> = { 'content-type': 'text/html; charset=utf-8' };
    if (url.pathname === '/sets-cookie') headers['set-cookie'] = 'x=1; Path=/';
    return new Response(body, { status, headers });
  };
  return { handler, seen };
}

/** Starts an app around a renderer for one test; it is closed after that test. */
export function webTestApps() {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  return async (handler: Handler, maxRenders?: number, env: Record<string, string> = {}) => {
    t = await createTestApp({
      seed: false,
      env,
      web: { mode: 'build', handler, ...(maxRenders ? { maxRenders } : {}) },
    });
    return t;
  };
}

/** The admin publishes a post: a write that changes what public pages show. */
export async function publishPost(app: TestApp, title: string, slug: string) {
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

/**
 * The visit cookie a browser holds after its first page (server/lib/visit.ts): a page read with it
 * is one a shared cache may keep; the first page of a visit, which sets it, is the visitor's own.
 */
export async function visitCookie(app: TestApp): Promise<string> {
  const first = await get(app, '/');
  const header = [first.headers['set-cookie']].flat().find((c) => c?.startsWith('visit='));
  if (!header) throw new Error('the first page of a visit set no visit cookie');
  return header.split(';')[0] ?? '';
}

/** A GET as a browser sends it (compressed answers welcome), from an address of its own. */
export const get = (app: TestApp, url: string, headers: Record<string, string> = {}) =>
  app.app.inject({ url, headers: { 'accept-encoding': 'br, gzip', ...headers }, remoteAddress: freshIp() });
