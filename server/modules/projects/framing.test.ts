import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/test-app.ts';
import { createFramingChecks, framingVerdict } from './framing.ts';

const SITE = 'https://jordan.example';
const verdict = (headers: Record<string, string>, demo = 'https://demo.example/app') =>
  framingVerdict(new Headers(headers), SITE, demo);

describe('framingVerdict', () => {
  it('reads X-Frame-Options: DENY and SAMEORIGIN refuse another site; none, or ALLOW-FROM, do not', () => {
    expect(verdict({})).toBe('allowed');
    expect(verdict({ 'x-frame-options': 'DENY' })).toBe('refused');
    expect(verdict({ 'x-frame-options': 'sameorigin' })).toBe('refused');
    expect(verdict({ 'x-frame-options': 'SAMEORIGIN' }, `${SITE}/demo`)).toBe('allowed');
    expect(verdict({ 'x-frame-options': 'ALLOW-FROM https://jordan.example' })).toBe('allowed');
  });

  it('lets CSP frame-ancestors decide when it is sent, over X-Frame-Options', () => {
    const csp = (ancestors: string) =>
      verdict({ 'content-security-policy': `default-src 'self'; frame-ancestors ${ancestors}` });
    expect(csp("'none'")).toBe('refused');
    expect(csp("'self'")).toBe('refused');
    expect(csp('*')).toBe('allowed');
    expect(csp('https:')).toBe('allowed');
    expect(csp('https://jordan.example')).toBe('allowed');
    expect(csp('jordan.example')).toBe('allowed');
    expect(csp('https://*.example')).toBe('allowed');
    expect(csp('https://jordan.example:8443')).toBe('refused');
    expect(csp('https://other.example http://jordan.example')).toBe('allowed');
    expect(csp('https://other.example')).toBe('refused');
    expect(
      verdict({
        'x-frame-options': 'DENY',
        'content-security-policy': 'frame-ancestors https://jordan.example',
      }),
    ).toBe('allowed');
    // Two policies: each must let the frame in.
    expect(verdict({ 'content-security-policy': "frame-ancestors *, frame-ancestors 'none'" })).toBe(
      'refused',
    );
    // A policy without frame-ancestors says nothing about frames.
    expect(verdict({ 'content-security-policy': "default-src 'self'", 'x-frame-options': 'DENY' })).toBe(
      'refused',
    );
  });
});

describe('the framing check against stand-in demo sites on 127.0.0.1', () => {
  let server: Server;
  let base = '';
  const seen: IncomingHttpHeaders[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      seen.push(request.headers);
      const answers: Record<string, Record<string, string>> = {
        '/deny': { 'x-frame-options': 'DENY' },
        '/csp-none': { 'content-security-policy': "frame-ancestors 'none'" },
        '/csp-us': { 'content-security-policy': `frame-ancestors ${SITE}` },
        '/plain': {},
      };
      if (request.url === '/moved') {
        response.writeHead(302, { location: '/deny' }).end();
        return;
      }
      if (request.url === '/slow') return; // never answers
      const headers = answers[request.url ?? ''];
      if (!headers) {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200, { 'content-type': 'text/html', ...headers }).end('<p>demo</p>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('finds the demos that refuse, follows redirects, counts silence as unknown, and sends nothing of a visitor', async () => {
    let changes = 0;
    const checks = createFramingChecks({
      urls: ['/deny', '/csp-none', '/csp-us', '/plain', '/moved', '/slow'].map((path) => `${base}${path}`),
      siteOrigin: SITE,
      timeoutMs: 300,
      onChange: () => changes++,
    });
    expect(checks.verdict(`${base}/deny`)).toBe('unknown');
    await checks.checkAll();
    expect(
      Object.fromEntries(
        ['/deny', '/csp-none', '/csp-us', '/plain', '/moved', '/slow'].map((p) => [
          p,
          checks.verdict(`${base}${p}`),
        ]),
      ),
    ).toEqual({
      '/deny': 'refused',
      '/csp-none': 'refused',
      '/csp-us': 'allowed',
      '/plain': 'allowed',
      '/moved': 'refused',
      '/slow': 'unknown',
    });
    expect(changes).toBe(1);
    for (const headers of seen) {
      expect(headers.cookie).toBeUndefined();
      expect(headers.referer).toBeUndefined();
      expect(headers['user-agent']).toBe('portfolio-demo-frame-check');
    }
    // Asked again with nothing changed: no new pages to make.
    await checks.checkAll();
    expect(changes).toBe(1);
  });

  it("marks a project whose demo refuses, so the panel offers 'Open in new tab' at once", async () => {
    // Every demo address is answered by the stand-in: keycodehelp.com refuses, the rest allow.
    const standIn: typeof fetch = (input, init) => {
      const url = new URL(String(input));
      return fetch(`${base}${url.hostname === 'keycodehelp.com' ? '/deny' : '/plain'}`, init);
    };
    const t = await createTestApp({ env: { DEMO_FRAME_CHECK: 'on' }, framingFetch: standIn });
    try {
      await t.app.framing?.checkAll();
      const keycode = (await t.app.inject('/api/projects/keycode-help')).json();
      expect(keycode.demoRefusesFraming).toBe(true);
      const stackzen = (await t.app.inject('/api/projects/stackzen')).json();
      expect(stackzen.demoRefusesFraming).toBeUndefined();
      const list = (await t.app.inject('/api/projects')).json() as Array<{
        id: string;
        demoRefusesFraming?: boolean;
      }>;
      expect(list.filter((project) => project.demoRefusesFraming).map((project) => project.id)).toEqual([
        'keycode-help',
      ]);
    } finally {
      await t.close();
    }
  });

  it('asks nobody on a local site unless told to', async () => {
    const t = await createTestApp({ env: { PUBLIC_URL: 'http://localhost:3000' } });
    try {
      expect(t.app.framing).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
