/**
 * Bad input never gives a 5xx, through a page's forms too (server/hostile-input.test.ts walks the
 * API): every form on every page, as the owner and as a visitor, posted without JavaScript with
 * each of its fields in turn garbled (text a header cannot carry, a path that resolves to another
 * site, 5,000 characters, a number past any double, an object's string), the other fields as the
 * page filled them. The page's answer (a refusal re-rendered with what was sent, or a redirect)
 * is never a 5xx: a refused booking whose time was not a time answered 500 while the page drew it.
 * Every page's address is walked too, with each query parameter the pages read (found in their
 * code) garbled: a page number past the archive's last (the API's 400) answered 500; and each
 * page route's own parameters (web/routes.ts): a token that began with a slash (`/testimonial/%2Fx`)
 * was taken for a public page, rendered for the cache, and answered 500.
 * The site is a server of its own: the owner's forms delete and send what they are given.
 */

import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, type BrowserContext, request } from '@playwright/test';
import { dashboardPaths } from '../web/lib/admin-paths.ts';
import { expect, test } from './fixtures.ts';
import { startOwnServer } from './own-server.ts';

const PORT = Number(process.env.E2E_HOSTILE_FORMS_PORT ?? 4333);
const BASE = `http://localhost:${PORT}`;
const OWNER = { username: 'walker', password: 'walker-password-123' };

const GARBLED = ['日本é\u2028', '/.//evil.example', 'x'.repeat(5000), '1e309', '[object Object]'];
/** Forms that would end the walk's own session. */
const SESSION_ENDING = new Set(['logout', 'sessions-end-others', 'session-end']);

const PUBLIC_PAGES = [
  '/',
  '/blog',
  '/blog/walked-post',
  '/newsletter',
  '/auth',
  '/auth?tab=register',
  '/resume',
  '/recommendations',
  '/generate-images',
  '/book-a-call',
  '/contribute',
  '/projects/keycode-help',
];
/** The post editor open on the walked post: its address once the post is written (`pageAddress`). */
const OPEN_EDITOR = '/admin/blog?edit=(the walked post)';
/** The owner's pages, the post editor (new, and open on the walked post) among them. */
const OWNER_PAGES = ['/admin/blog', '/admin/blog?new', OPEN_EDITOR, ...Object.values(dashboardPaths)];
let walkedPost = 0;
const pageAddress = (path: string) => (path === OPEN_EDITOR ? `/admin/blog?edit=${walkedPost}` : path);

let server: ChildProcess | undefined;

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: BASE });

test.beforeAll(async () => {
  server = await startOwnServer(PORT, OWNER);
  const owner = await signedIn();
  const post = await owner.post(`${BASE}/api/blog`, {
    data: {
      title: 'A walked post',
      slug: 'walked-post',
      summary: 'A summary of at least ten characters.',
      content: 'Some words of the post body, long enough for the form rules to accept it.',
      tags: 'walk',
      isPublished: true,
    },
    headers: { origin: BASE },
  });
  expect(post.status()).toBe(201);
  walkedPost = (await post.json()).id;
  const quote = await owner.post(`${BASE}/api/contact`, {
    data: {
      name: 'Dana',
      email: 'dana@example.com',
      projectType: 'website',
      budget: 'flexible',
      timeframe: 'asap',
      message: 'A bakery website with online orders, please.',
    },
    headers: { origin: BASE, 'x-forwarded-for': '192.0.2.10' },
  });
  expect(quote.status()).toBeLessThan(300);
  await owner.dispose();
});

test.afterAll(() => {
  server?.kill();
});

/** A request context signed in as the owner. */
async function signedIn(): Promise<APIRequestContext> {
  const context = await request.newContext({ baseURL: BASE });
  const login = await context.post('/api/login', { data: OWNER, headers: { origin: BASE } });
  expect(login.status()).toBe(200);
  return context;
}

/** The owner's session as a Cookie header, for plain requests. */
async function ownerCookie(): Promise<string> {
  const login = await fetch(`${BASE}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: BASE, 'x-forwarded-for': nextAddress() },
    body: JSON.stringify(OWNER),
  });
  expect(login.status).toBe(200);
  return login.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

interface PageForm {
  action: string;
  fields: [string, string][];
  names: string[];
}

let address = 0;
/** Each post from an address of its own: the forms' limits per address never answer for the form. */
const nextAddress = () => `198.51.100.${(++address % 250) + 1}`;

/** Walks the forms of the page at `path` in `context`; the posts that answered 5xx, described. */
async function walk(context: BrowserContext, path: string, signIn: () => Promise<void>) {
  const failures: string[] = [];
  let posts = 0;
  const page = await context.newPage();
  await signIn();
  const opened = await page.goto(path);
  expect(opened?.status(), path).toBeLessThan(500);
  const forms: PageForm[] = await page.evaluate(() =>
    Array.from(document.forms)
      .filter((form) => form.method.toLowerCase() === 'post')
      .map((form) => ({
        action: form.action,
        fields: Array.from(new FormData(form).entries()).map(([name, value]) => [
          name,
          typeof value === 'string' ? value : '',
        ]) as [string, string][],
        names: Array.from(form.elements)
          .map((element) => (element as HTMLInputElement).name)
          .filter(Boolean),
      })),
  );
  for (const form of forms) {
    const name = new URLSearchParams(form.fields).get('_form') ?? '';
    if (SESSION_ENDING.has(name)) continue;
    const fieldNames = [...new Set([...form.names, ...form.fields.map(([field]) => field)])].filter(
      (field) => field !== '_form',
    );
    for (const field of fieldNames) {
      for (const value of GARBLED) {
        const body = new URLSearchParams(form.fields);
        body.set(field, value);
        const answer = await context.request.post(form.action, {
          data: body.toString(),
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            origin: BASE,
            'x-forwarded-for': nextAddress(),
          },
          maxRedirects: 0,
        });
        posts++;
        if (answer.status() >= 500)
          failures.push(
            `${answer.status()} ${path} → ${form.action} ${name}: ${field}=${value.slice(0, 24)}`,
          );
      }
    }
  }
  await page.close();
  return { failures, posts };
}

// Each page's walk is a test of its own (a page's forms are posted up to some 200 times, each
// answered with the whole page), so each has the usual time; the posts are counted for the end.
const posted = { visitor: 0, owner: 0 };
// One browser context for each, as one person walks every page.
let visitor: BrowserContext;
let owner: BrowserContext;

test.beforeAll(async ({ browser }) => {
  visitor = await browser.newContext({ baseURL: BASE, javaScriptEnabled: false });
  owner = await browser.newContext({ baseURL: BASE, javaScriptEnabled: false });
});

test.afterAll(async () => {
  await visitor?.close();
  await owner?.close();
});

/** The owner signed in, again where a form ended the session after all (its garbled fields still checked). */
async function ownerSignedIn() {
  if ((await owner.request.get('/api/user')).status() === 200) return;
  const login = await owner.request.post('/api/login', {
    data: OWNER,
    headers: { origin: BASE, 'x-forwarded-for': nextAddress() },
  });
  expect(login.status()).toBe(200);
}

for (const path of PUBLIC_PAGES) {
  test(`a visitor’s garbled form fields never give a 5xx: ${path}`, async () => {
    const { failures, posts } = await walk(visitor, path, async () => {});
    posted.visitor += posts;
    expect(failures).toEqual([]);
  });
}

for (const path of [...OWNER_PAGES, ...PUBLIC_PAGES]) {
  test(`the owner’s garbled form fields never give a 5xx: ${path}`, async () => {
    const { failures, posts } = await walk(owner, pageAddress(path), ownerSignedIn);
    posted.owner += posts;
    expect(failures).toEqual([]);
  });
}

test('the walks reached every page’s forms', () => {
  // The forms were found and posted (quote, sign-up, sign-in, register, booking, resume, the
  // dashboard's editors and settings, ...), not skipped.
  expect(posted.visitor).toBeGreaterThan(300);
  expect(posted.owner).toBeGreaterThan(1000);
});

/** Every query parameter a page reads: named in the code (`searchParams.get('page')`, `..._PARAM = 'edit'`). */
function queryParameters(): string[] {
  const found = new Set<string>();
  const read = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) read(path);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.includes('.test.')) {
        const text = readFileSync(path, 'utf8');
        for (const match of text.matchAll(
          /(?:[pP]arams|search)\.(?:get|has|raw)\('([\w-]+)'\)|_PARAM = '([\w-]+)'/g,
        ))
          found.add(match[1] ?? match[2] ?? '');
      }
    }
  };
  read('web');
  read('common');
  found.delete('');
  return [...found];
}

test('garbled query parameters never give a 5xx on any page, for a visitor or the owner', async () => {
  const parameters = queryParameters();
  // The list is read from the code: the ones known to have gone wrong are among them.
  expect(parameters).toEqual(expect.arrayContaining(['page', 'edit', 'back', 'issue', 'done']));
  // Plain requests (many of them: the browser's driver would cost more than the pages).
  const session = await ownerCookie();
  const failures: string[] = [];
  for (const [who, cookie, pages] of [
    ['a visitor', '', PUBLIC_PAGES],
    ['the owner', session, [...OWNER_PAGES.map(pageAddress), ...PUBLIC_PAGES]],
  ] as const) {
    for (const path of pages) {
      for (const parameter of parameters) {
        for (const value of ['99999999999999999999', '日本é/.//x']) {
          const address = `${path}${path.includes('?') ? '&' : '?'}${new URLSearchParams({ [parameter]: value })}`;
          const answer = await fetch(`${BASE}${address}`, { headers: { cookie }, redirect: 'manual' });
          await answer.arrayBuffer();
          if (answer.status >= 500) failures.push(`${answer.status} ${who} ${address}`);
        }
      }
    }
  }
  expect(failures).toEqual([]);
});

/** The page routes with parameters of their own (`booking/:token`), as web/routes.ts names them. */
function routesWithParameters(): string[] {
  const routes = readFileSync('web/routes.ts', 'utf8');
  return [...routes.matchAll(/route\('([^']*:[^']*)'/g)].map((match) => `/${match[1]}`);
}

test('garbled route parameters never give a 5xx, read or posted, for a visitor or the owner', async () => {
  const routes = routesWithParameters();
  expect(routes).toEqual(expect.arrayContaining(['/booking/:token', '/blog/:slug', '/testimonial/:token']));
  const session = await ownerCookie();
  const failures: string[] = [];
  const values = [
    '%2F',
    '%2F%2Fevil.example',
    '99999999999999999999',
    '%E6%97%A5%C3%A9',
    'x'.repeat(3000),
    '..',
  ];
  for (const cookie of ['', session]) {
    for (const route of routes) {
      for (const value of values) {
        const address = route.replace(/:\w+/g, value);
        for (const method of ['GET', 'POST']) {
          const answer = await fetch(`${BASE}${address}`, {
            method,
            headers: {
              cookie,
              origin: BASE,
              'x-forwarded-for': nextAddress(),
              ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
            },
            ...(method === 'POST' ? { body: '_form=x' } : {}),
            redirect: 'manual',
          });
          await answer.arrayBuffer();
          if (answer.status >= 500)
            failures.push(
              `${answer.status} ${method} ${cookie ? 'owner' : 'visitor'} ${address.slice(0, 80)}`,
            );
        }
      }
    }
  }
  expect(failures).toEqual([]);
});
