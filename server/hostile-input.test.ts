/**
 * No input gives a 5xx. Every route the app has (read from its route tree) gets
 * hostile text in each path parameter, in its query and, for writes, in each body
 * field: NUL and the other C0 control characters, DEL, lone UTF-16 surrogates,
 * 64 KB strings, and random strings over an alphabet made of those plus ordinary
 * and multi-byte text; a Host header that is not a host name, and a trusted
 * proxy's protocol that is not http or https. Each is refused with a clear
 * 400; nothing answers 500 or more.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPost, insertSkill } from './db/factories.ts';
import { BAD_ADDRESS, BAD_TEXT, MAX_BODY_DEPTH, TOO_DEEP } from './lib/input-guard.ts';
import { BAD_HOST, BAD_PROTOCOL } from './lib/own-address.ts';
import { listRoutes, type RouteEntry } from './testing/routes.ts';
import { createTestApp, freshIp, signedInTestApp, type TestApp } from './testing/test-app.ts';

let t: TestApp;
let admin: string;
let user: string;
let postId: number;
let skillId: number;
let routes: RouteEntry[];
let sent = 0;
beforeAll(async () => {
  ({ t, admin, user } = await signedInTestApp({ seed: false }));
  postId = (await insertPost(t.database.db, { slug: 'fuzz-target' })).id;
  skillId = (await insertSkill(t.database.db)).id;
  routes = [
    // What a remote server reads and posts first (Fedify's addresses sit behind one wildcard route,
    // outside the route tree's list), and the other bodies that are not the API's JSON (issue 62).
    ...FEDIVERSE_ADDRESSES,
    ...listRoutes(t.app).filter((route) => route.url !== '*'),
    // Static files are served under these prefixes, outside the route tree.
    { method: 'GET', url: '/images/:file' },
    { method: 'GET', url: '/uploads/:file' },
  ];
});
afterAll(() => t.close());

/** The fediverse's addresses (Fedify's, behind the `/ap/*` route). */
const FEDIVERSE_ADDRESSES: RouteEntry[] = [
  { method: 'POST', url: '/ap/inbox' },
  { method: 'POST', url: '/ap/actors/blog/inbox' },
  { method: 'GET', url: '/ap/actors/blog' },
  { method: 'GET', url: '/ap/actors/blog/followers' },
  { method: 'GET', url: '/ap/actors/blog/outbox' },
  { method: 'GET', url: '/ap/posts/:slug' },
  { method: 'GET', url: '/nodeinfo/2.1' },
];

const CONTROLS = [
  ...Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)).filter(
    (char) => !'\t\n\r'.includes(char),
  ),
  '\u007f',
];
const SURROGATES = ['\ud800', '\udbff', '\udc00', '\udfff', 'a\ud83d', '\ude00b'];
const LONG = 'a'.repeat(64 * 1024);
/** The alphabet of the random strings. */
const ALPHABET = [
  ...CONTROLS,
  '\t',
  '\n',
  '\r',
  ...SURROGATES,
  '😀',
  'é',
  'ß',
  '中',
  '\u202e',
  '\ufeff',
  '%',
  '%00',
  '/',
  '..',
  '?',
  '#',
  '&',
  '=',
  '"',
  "'",
  '<',
  '>',
  '\\',
  ' ',
  'a',
  'Z',
  '0',
  '-',
];

/** Percent-encodes any string, lone surrogates included (as the bytes a sloppy encoder would send). */
function encodeAny(value: string): string {
  return Array.from(value)
    .map((char) => {
      const code = char.codePointAt(0) ?? 0;
      if (code < 0xd800 || code > 0xdfff) return encodeURIComponent(char);
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    })
    .join('');
}

/** A route's path with each parameter set to a sensible value, or `value` for the one named. */
function pathOf(route: RouteEntry, hostile?: { param: string; value: string }): string {
  const sensible: Record<string, string> = {
    id: '1',
    postId: String(postId),
    slug: 'fuzz-target',
    kind: 'quote',
    token: 'abc',
    file: 'x.webp',
  };
  return route.url.replace(/:(\w+)/g, (_, name: string) =>
    hostile?.param === name ? encodeAny(hostile.value) : (sensible[name] ?? '1'),
  );
}

const paramsOf = (route: RouteEntry) => [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');

/** A body each write route accepts, so that a hostile field is the only thing wrong with it. */
function validBody(route: RouteEntry): Record<string, unknown> {
  const key = `${route.method} ${route.url}`;
  const bodies: Record<string, Record<string, unknown>> = {
    'POST /api/contact': {
      name: 'Fuzz Person',
      email: 'f@example.com',
      subject: 'Hello',
      message: 'A message long enough.',
    },
    'POST /api/blog/post/:postId/comments': {
      name: 'Fuzz Person',
      email: 'f@example.com',
      content: 'A comment long enough.',
      captchaToken: 'not-a-robot',
      formToken: t.formToken('comment', postId),
    },
    'POST /api/blog/contributions': {
      title: 'A guest post title',
      summary: 'A summary that is long enough to pass.',
      content: 'c'.repeat(220),
      tags: ['fuzz'],
      authorName: 'Fuzz Person',
      authorEmail: 'f@example.com',
      captchaToken: 'not-a-robot',
      formToken: t.formToken('contribution'),
    },
    'POST /api/skill-endorsements': {
      skillId,
      name: 'Fuzz Person',
      email: `f${sent}@example.com`,
      formToken: t.formToken('endorsement', skillId),
    },
    'POST /api/resume/request': { name: 'Fuzz Person', email: 'f@example.com', purpose: 'other' },
    'POST /api/register': { username: `fuzz${sent}`, email: 'f@example.com', password: 'secret12' },
    'POST /api/login': { username: 'nobody', password: 'secret12' },
    'POST /api/recommendations': { interests: ['react'] },
    'POST /api/images/generate': { prompt: 'a car at sunset over the city' },
    'POST /api/analytics/pageview': { path: '/blog', referrer: 'https://example.com/', screenWidth: 390 },
    'POST /api/blog': {
      title: 'A fuzzed post title',
      slug: `fuzz-${sent}`,
      summary: 'A summary long enough.',
      content: 'b'.repeat(60),
    },
    'PATCH /api/admin/posts/:id': { title: 'A new title here' },
    'POST /api/admin/markdown-preview': { content: '# Hello' },
    'POST /api/admin/comments/moderate': { ids: [1], action: 'approve' },
    'POST /api/admin/contributions/:id/review': { action: 'reject', reviewNotes: 'No.' },
    'PATCH /api/admin/inbox/:kind/:id': { read: true },
  };
  return bodies[key] ?? {};
}

async function send(route: RouteEntry, path: string, payload?: unknown, signedIn = admin) {
  sent++;
  // Signing out would end the session the rest of the walk uses.
  const cookie = route.url === '/api/logout' ? '' : signedIn;
  const res = await t.app.inject({
    method: route.method as 'GET',
    url: path,
    remoteAddress: freshIp(),
    headers: { cookie, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
  expect(res.statusCode, `${route.method} ${path.slice(0, 120)}: ${res.body.slice(0, 200)}`).toBeLessThan(
    500,
  );
  return res;
}

/** How many rows each table that a write route fills holds. */
async function storedRows() {
  const tables = [
    'blog_posts',
    'comments',
    'blog_contributions',
    'skill_endorsements',
    'contact_messages',
    'quote_requests',
    'resume_requests',
    'users',
    'page_views',
    'generated_images',
  ];
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const result = await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
    counts[table] = Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n);
  }
  return counts;
}

const isWrite = (route: RouteEntry) => ['POST', 'PATCH', 'PUT', 'DELETE'].includes(route.method);

describe('hostile text in addresses', () => {
  it('every control character or lone surrogate in any path parameter is a 400', async () => {
    for (const route of routes) {
      for (const param of paramsOf(route)) {
        for (const value of [...CONTROLS, ...SURROGATES]) {
          const res = await send(route, pathOf(route, { param, value: `x${value}y` }), undefined);
          expect(res.statusCode, `${route.method} ${route.url} :${param} = ${JSON.stringify(value)}`).toBe(
            400,
          );
          if (route.url.startsWith('/api/')) expect(res.json()).toEqual({ message: BAD_ADDRESS });
          else expect(res.body).toContain(BAD_ADDRESS);
        }
      }
    }
  });

  it('every control character or lone surrogate in a query is a 400, on every route', async () => {
    for (const route of routes) {
      for (const value of ['\u0000', '\u0001', '\u001f', '\u007f', '\ud800', '\udfff', '\n', '\t']) {
        const res = await send(route, `${pathOf(route)}?search=${encodeAny(value)}&page=1`);
        expect(res.statusCode, `${route.method} ${route.url}?search=${JSON.stringify(value)}`).toBe(400);
      }
      // A raw byte that no encoder would send, and a broken escape sequence.
      expect((await send(route, `${pathOf(route)}?q=%E0%A4%A`)).statusCode).toBe(400);
    }
  });

  it('64 KB parameters and queries never give a 5xx', async () => {
    for (const route of routes) {
      for (const param of paramsOf(route)) await send(route, pathOf(route, { param, value: LONG }));
      await send(route, `${pathOf(route)}?search=${LONG}&page=${LONG}&skillId=${LONG}`);
    }
  });
});

describe('hostile Host headers', () => {
  it('a Host that is not a host name is a 400 on every route, before it runs; a real one is not', async () => {
    for (const route of routes) {
      // (An empty Host is the real server's test: inject puts its own in its place.)
      for (const host of ['a b', 'x/y', 'a@b', 'localhost#x', 'localhost:99999', '[::1', '%zz']) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: pathOf(route),
          remoteAddress: freshIp(),
          headers: { host, cookie: admin, ...(isWrite(route) ? { 'content-type': 'application/json' } : {}) },
          ...(isWrite(route) ? { payload: '{}' } : {}),
        });
        expect(res.statusCode, `${route.method} ${route.url} Host: ${JSON.stringify(host)}`).toBe(400);
        expect(res.body).toContain(BAD_HOST);
      }
      for (const host of ['LOCALHOST', '[::1]:4999', 'localhost.']) {
        const res = await t.app.inject({
          method: 'GET',
          url: pathOf(route),
          remoteAddress: freshIp(),
          headers: { host },
        });
        expect(res.body, `${route.url} Host: ${host}`).not.toContain(BAD_HOST);
        expect(res.statusCode).toBeLessThan(500);
      }
    }
  });
});

describe('a trusted proxy that says a protocol other than http or https', () => {
  it('is a 400 on every route, before it runs; http and https are not', async () => {
    const behind = await createTestApp({ seed: false, env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      for (const route of routes) {
        for (const proto of ['javascript', 'a b', '1http', 'ftp']) {
          const res = await behind.app.inject({
            method: route.method as 'GET',
            url: pathOf(route),
            remoteAddress: '127.0.0.1',
            headers: { 'x-forwarded-proto': proto, 'x-forwarded-for': freshIp() },
          });
          expect(res.statusCode, `${route.method} ${route.url} X-Forwarded-Proto: ${proto}`).toBe(400);
          expect(res.body).toContain(BAD_PROTOCOL);
        }
        for (const proto of ['http', 'https']) {
          const res = await behind.app.inject({
            method: 'GET',
            url: pathOf(route),
            remoteAddress: '127.0.0.1',
            headers: { 'x-forwarded-proto': proto, 'x-forwarded-for': freshIp() },
          });
          expect(res.body, `${route.url} X-Forwarded-Proto: ${proto}`).not.toContain(BAD_PROTOCOL);
          expect(res.statusCode).toBeLessThan(500);
        }
      }
    } finally {
      await behind.close();
    }
  });
});

describe('hostile text in bodies', () => {
  const FIELDS = [
    'name',
    'email',
    'subject',
    'message',
    'content',
    'title',
    'slug',
    'summary',
    'tags',
    'comment',
    'captchaToken',
    'formToken',
    'website',
    'username',
    'password',
    'purpose',
    'prompt',
    'interests',
    'searchQuery',
    'path',
    'referrer',
    'reviewNotes',
    'coverImage',
    'authorName',
    'company',
  ];

  it('NUL, other control characters and lone surrogates in any field of any write are a 400, and nothing is stored', async () => {
    const before = await storedRows();
    const values = ['\u0000', `a\u0000b`, '\u0007', '\u001b[31m', '\u007f', '\ud800', 'x\udc00'];
    // One rule for every body (input-guard.ts): each write gets every value and every field, the
    // value and the field turning from write to write, so every pair comes up across the writes
    // without all 25 x 7 on each (thousands of requests took two minutes on a busy machine).
    const writes = routes.filter(isWrite);
    for (const [at, route] of writes.entries()) {
      const pairs = [
        ...values.map((value, n) => [FIELDS[(at + n) % FIELDS.length] ?? 'name', value] as const),
        ...FIELDS.map((field, n) => [field, values[(at + n) % values.length] ?? '\u0000'] as const),
      ];
      for (const [field, value] of pairs) {
        const res = await send(route, pathOf(route), { ...validBody(route), [field]: value });
        // Sent as the owner, so the owner's routes check the body too.
        expect(res.statusCode, `${route.method} ${route.url} ${field}`).toBe(400);
        expect(res.json().message).toBe(BAD_TEXT);
        expect(res.json().errors).toEqual({ [field]: BAD_TEXT });
      }
      // Inside a list, and as a key.
      const nested = await send(route, pathOf(route), { ...validBody(route), tags: ['ok', 'b\u0000d'] });
      expect(nested.json().errors).toEqual({ 'tags.1': BAD_TEXT });
      const key = await send(route, pathOf(route), { ...validBody(route), 'k\u0000': 'v' });
      expect(key.statusCode).toBe(400);
    }
    expect(await storedRows()).toEqual(before);
  }, 120_000);

  it('a body nested 5,000 levels deep is a 400 on every write; a wide one never a 5xx', async () => {
    // Written as text: JSON.stringify itself cannot go this deep.
    const deepList = `${'['.repeat(5000)}"x"${']'.repeat(5000)}`;
    const deepObject = `${'{"a":'.repeat(5000)}"x"${'}'.repeat(5000)}`;
    const sendText = async (route: RouteEntry, text: string) => {
      sent++;
      return t.app.inject({
        method: route.method as 'POST',
        url: pathOf(route),
        remoteAddress: freshIp(),
        headers: { cookie: route.url === '/api/logout' ? '' : admin, 'content-type': 'application/json' },
        payload: text,
      });
    };
    const wide = Object.fromEntries(Array.from({ length: 20_000 }, (_, k) => [`k${k}`, [k, { v: 'ok' }]]));
    const before = await storedRows();
    for (const route of routes.filter(isWrite)) {
      const inField = JSON.stringify({ ...validBody(route), tags: '<deep>' }).replace('"<deep>"', deepList);
      for (const text of [deepList, deepObject, inField]) {
        const res = await sendText(route, text);
        expect(res.statusCode, `${route.method} ${route.url}: ${res.body.slice(0, 200)}`).toBe(400);
        expect(res.json().message).toBe(TOO_DEEP);
      }
      // Wide but shallow: read as usual, and refused by the route's own rules (no valid fields).
      await send(route, pathOf(route), wide);
    }
    // As deep as the limit allows is read as usual (refused or not by the route's own rules).
    const route = routes.find((entry) => entry.method === 'POST' && entry.url === '/api/contact');
    expect(route).toBeDefined();
    const atLimit = `${'['.repeat(MAX_BODY_DEPTH - 1)}"x"${']'.repeat(MAX_BODY_DEPTH - 1)}`;
    const answer = await sendText(route as RouteEntry, `{"tags":${atLimit}}`);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).not.toBe(TOO_DEEP);
    expect(await storedRows()).toEqual(before);
  }, 120_000);

  it('64 KB strings in any field of any write never give a 5xx', async () => {
    for (const route of routes.filter(isWrite)) {
      for (const field of FIELDS) await send(route, pathOf(route), { ...validBody(route), [field]: LONG });
    }
  }, 120_000);

  it('random strings over the hostile alphabet in random fields, params and queries never give a 5xx', async () => {
    const text = fc.array(fc.constantFrom(...ALPHABET), { maxLength: 24 }).map((parts) => parts.join(''));
    const value = fc.oneof(
      text,
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(text, { maxLength: 3 }),
    );
    const fields = fc.dictionary(
      fc.constantFrom(...FIELDS, 'ids', 'action', 'skillId', 'rating', 'read'),
      value,
    );
    for (const route of routes) {
      const params = paramsOf(route);
      await fc.assert(
        fc.asyncProperty(
          fields,
          text,
          fc.constantFrom(...(params.length > 0 ? params : [''])),
          text,
          fc.constantFrom(admin, user, ''),
          async (body, paramValue, param, query, cookie) => {
            const path = `${pathOf(route, param ? { param, value: paramValue } : undefined)}?q=${encodeAny(query)}`;
            await send(route, path, isWrite(route) ? { ...validBody(route), ...body } : undefined, cookie);
          },
        ),
        { numRuns: 25 },
      );
    }
  });
});

describe('bodies that are not the API’s JSON, and numbers in queries (issue 62, point 3)', () => {
  const post = (url: string, contentType: string, payload: string) => {
    sent++;
    return t.app.inject({
      method: 'POST',
      url,
      remoteAddress: freshIp(),
      headers: { 'content-type': contentType },
      payload,
    });
  };
  const deep = `${'{"a":'.repeat(5000)}"x"${'}'.repeat(5000)}`;

  it('an activity goes through the body rules before Fedify reads it: too deep, not text, not an object', async () => {
    for (const inbox of ['/ap/inbox', '/ap/actors/blog/inbox']) {
      for (const type of ['application/activity+json', 'application/ld+json', 'application/json']) {
        const tooDeep = await post(
          inbox,
          type,
          `{"type":"Create","actor":"https://x.example/a","object":${deep}}`,
        );
        expect(tooDeep.statusCode, `${inbox} ${type}`).toBe(400);
        expect(tooDeep.json().message).toBe(TOO_DEEP);
        const control = await post(
          inbox,
          type,
          JSON.stringify({ type: 'Follow', actor: 'https://x.example/\u0000' }),
        );
        expect(control.statusCode).toBe(400);
        expect(control.json().message).toBe(BAD_TEXT);
        for (const notAnObject of ['[1,2]', '"Follow"', 'null', '{not json', '']) {
          const answer = await post(inbox, type, notAnObject);
          expect(answer.statusCode, `${inbox} ${JSON.stringify(notAnObject)}`).toBe(400);
        }
        // JSON-LD Fedify cannot read: the sender's fault, never a 5xx.
        for (const odd of [
          { '@context': 5, type: 'Create', actor: 'https://x.example/a' },
          { '@context': 'https://www.w3.org/ns/activitystreams', type: ['Create', 5], object: { id: 7 } },
          { type: 'Delete', actor: { id: null }, object: [] },
        ]) {
          expect((await post(inbox, type, JSON.stringify(odd))).statusCode).toBeLessThan(500);
        }
      }
    }
  });

  it('a Webmention that names no address, or a form body on any write, is refused, never a 5xx', async () => {
    for (const body of [
      'source=x&target=y',
      'source=&target=',
      'source=http%3A%2F%2Fa&target=http%3A%2F%2Fa',
      'x=1',
    ]) {
      const answer = await post('/webmention', 'application/x-www-form-urlencoded', body);
      expect(answer.statusCode, body).toBe(400);
    }
    const control = await post(
      '/webmention',
      'application/x-www-form-urlencoded',
      'source=https%3A%2F%2Fa.example%2F%00&target=y',
    );
    expect(control.statusCode).toBe(400);
    for (const route of routes.filter(isWrite)) {
      const answer = await send(route, pathOf(route));
      expect(answer.statusCode).toBeLessThan(500);
      sent++;
      const form = await t.app.inject({
        method: route.method as 'POST',
        url: pathOf(route),
        remoteAddress: freshIp(),
        headers: {
          cookie: route.url === '/api/logout' ? '' : admin,
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: 'name=%00&source=x&target=y&a[b][c]=d',
      });
      expect(form.statusCode, `${route.method} ${route.url}: ${form.body.slice(0, 200)}`).toBeLessThan(500);
    }
  });

  it('a number that is none (negative, a fraction, 1e400, twenty digits) in any query or id is never a 5xx', async () => {
    const numbers = ['-5', '0.5', '1e400', '99999999999999999999', 'NaN', '', '0x10', ' 1'];
    for (const route of routes) {
      for (const value of numbers) {
        const query = ['cursor', 'page', 'limit', 'days', 'id', 'type', 'offset']
          .map((name) => `${name}=${encodeURIComponent(value)}`)
          .join('&');
        await send(route, `${pathOf(route)}?${query}`);
        for (const param of paramsOf(route)) await send(route, pathOf(route, { param, value }));
      }
    }
  }, 120_000);
});

it('walked every route with thousands of hostile requests', () => {
  expect(routes.length).toBeGreaterThan(40);
  expect(sent).toBeGreaterThan(5000);
});
