/**
 * No page answers 5xx, whatever its address holds. Every page of the app (and its
 * client-navigation data file) gets control characters, lone surrogates (as the
 * bytes a careless encoder sends), broken escapes and 64 KB in its path parameters
 * and its query. Control characters and broken text are a plain 400 page; the
 * rest render as usual or as the not-found page. Runs against the real server.
 */
import net from 'node:net';
import { expect, test } from './fixtures.ts';

const PAGES = [
  '/',
  '/blog',
  '/blog/:slug',
  '/blog/tag/:tag',
  '/projects/:id',
  '/auth',
  '/resume',
  '/generate-images',
  '/recommendations',
  '/admin/blog',
  '/admin/blog/moderation',
  '/admin/blog/inbox',
  '/admin/blog/analytics',
  '/privacy',
  '/terms',
  '/contribute',
  '/no-such-page/:rest',
];
// Raw escapes, as they travel on the wire.
const REFUSED = [
  '%00',
  'a%00b',
  '%01',
  '%0A',
  '%0D',
  '%09',
  '%1B',
  '%1F',
  '%7F',
  '%ED%A0%80',
  '%ED%BF%BF',
  '%E0%A4%A',
  '%C0%80',
];
const ODD = [
  '%25',
  '%2F',
  '..',
  '%2E%2E',
  '%E2%80%AE',
  '%EF%BB%BF',
  '%F0%9F%98%80',
  "'%22%3C%3E",
  'a'.repeat(2 * 1024),
];
// Over Node's 16 KB header limit: answered 431 and the connection closed, so each goes on its own connection.
const LONG = 'a'.repeat(64 * 1024);

const fill = (page: string, value: string) => page.replace(/:\w+/, value);

test('every page refuses control characters and broken text in its address with a 400, and nothing gives a 5xx', async ({
  request,
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000);
  let sent = 0;
  const get = async (url: string) => {
    sent++;
    const res = await request.get(url, { maxRedirects: 0 });
    expect(res.status(), `${url.slice(0, 120)}`).toBeLessThan(500);
    return res;
  };
  for (const page of PAGES) {
    for (const value of REFUSED) {
      if (page.includes(':')) {
        const res = await get(fill(page, `x${value}y`));
        expect(res.status(), `${page} = ${value}`).toBe(400);
        expect(res.headers()['content-type']).toMatch(/^text\/html/);
        expect(await res.text()).toContain('The address contains characters that are not allowed');
      }
      expect((await get(`${fill(page, 'x')}?q=${value}`)).status(), `${page}?q=${value}`).toBe(400);
      // The data file React Router fetches on client navigation.
      const data = page === '/' ? '/_.data' : `${fill(page, 'x')}.data`;
      expect((await get(`${data}?q=${value}`)).status(), `${data}?q=${value}`).toBe(400);
    }
    for (const value of ODD) {
      if (page.includes(':')) await get(fill(page, value));
      await get(`${fill(page, 'x')}?q=${value}&page=${value}&tag=${value}&search=${value}`);
    }
    for (const url of [fill(page, LONG), `${fill(page, 'x')}?q=${LONG}`]) {
      const alone = await playwright.request.newContext({ baseURL });
      sent++;
      expect((await alone.get(url, { maxRedirects: 0 })).status()).toBeLessThan(500);
      await alone.dispose();
    }
  }
  expect(sent).toBeGreaterThan(500);
});

/** A GET written on the socket as is: no client would send such a Host (Node's own puts one in place of an empty one). */
const rawGet = (baseURL: string, path: string, host: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const { hostname, port } = new URL(baseURL);
    let answer = '';
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
    });
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      answer += chunk;
    });
    socket.on('end', () => resolve({ status: Number(answer.split(' ')[1]), body: answer }));
    socket.on('error', reject);
  });

test('a Host that is not a host name is a plain 400 on every page and the fediverse, never a 5xx', async ({
  baseURL,
}) => {
  const paths = [
    ...PAGES.map((page) => fill(page, 'x')),
    '/blog.data',
    '/api/skills',
    '/.well-known/webfinger?resource=acct:jordan@localhost',
    '/ap/actors/blog',
    '/feed.xml',
  ];
  for (const path of paths) {
    for (const host of ['', 'a b', 'x/y', 'a@b', 'localhost#x', 'localhost:99999', '[::1', '%zz']) {
      const res = await rawGet(baseURL ?? '', path, host);
      expect(res.status, `${path} Host: ${JSON.stringify(host)}`).toBe(400);
      expect(res.body).toContain('The Host header is not a host name');
    }
  }
  // A real host in another spelling is the site.
  expect((await rawGet(baseURL ?? '', '/blog', 'LOCALHOST')).status).toBe(200);
});

test('a link written with a doubled slash leads to its page on this site', async ({ request, baseURL }) => {
  for (const [sent, page] of [
    ['//blog', '/blog'],
    ['//blog?tag=TypeScript', '/blog?tag=TypeScript'],
    ['///projects//portfolio-website', '/projects/portfolio-website'],
    ['//evil.example/x', '/evil.example/x'],
  ]) {
    // Whole, so that the client does not read `//blog` as a host of its own.
    const res = await request.get(`${baseURL}${sent}`, { maxRedirects: 0 });
    expect(res.status(), sent).toBe(301);
    expect(res.headers().location, sent).toBe(page);
  }
  const page = await request.get(`${baseURL}//blog`);
  expect(page.url()).toMatch(/\/blog$/);
  expect(await page.text()).toContain('<title>Blog');
});
