/**
 * Hostile input across the whole write API: XSS payloads through every text
 * field are stored as plain text and only ever returned as JSON, and no random
 * or malformed body makes any state-changing route answer 5xx.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPost, insertSkill } from './db/factories.ts';
import { createTestApp, freshIp, type TestApp } from './testing/test-app.ts';

const XSS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '[click me](javascript:alert(1))',
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
  '"><iframe src="javascript:alert(1)"></iframe>',
];

let t: TestApp;
let adminCookie: string;
let postId: number;
let skillId: number;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  adminCookie = await t.signIn('admin');
  postId = (await insertPost(t.database.db, { slug: 'target-post' })).id;
  skillId = (await insertSkill(t.database.db)).id;
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: freshIp() });
const adminGet = async (url: string) => {
  const res = await t.app.inject({ url, headers: { cookie: adminCookie } });
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  return res.json();
};
/** The payload, lengthened to a field's minimum when it is shorter. */
const pad = (payload: string, length: number) =>
  payload.length >= length ? payload : `${payload} ${'x'.repeat(length - payload.length)}`;
/** Tags are at most 40 characters. */
const tag = (payload: string) => payload.slice(0, 40).trim();

describe.each(XSS)('the payload %s', (payload) => {
  it('is stored and returned verbatim as JSON text by every public form', async () => {
    const comment = await post(`/api/blog/post/${postId}/comments`, {
      name: payload,
      email: 'x@example.com',
      content: pad(payload, 10),
      captchaToken: 'not-a-robot',
      formToken: t.formToken('comment', postId),
    });
    expect(comment.statusCode).toBe(201);
    const queue = await adminGet('/api/admin/comments?status=pending&pageSize=100');
    expect(queue.items.some((c: { name: string }) => c.name === payload)).toBe(true);

    const quote = await post('/api/contact', {
      name: payload,
      email: 'q@example.com',
      company: payload,
      projectType: 'website',
      budget: 'flexible',
      timeframe: 'asap',
      message: pad(payload, 10),
    });
    expect(quote.statusCode).toBe(201);
    expect((await adminGet('/api/admin/quotes')).items[0]).toMatchObject({ name: payload, company: payload });

    const contact = await post('/api/contact', {
      name: payload,
      email: 'c@example.com',
      subject: payload,
      message: pad(payload, 10),
    });
    expect(contact.statusCode).toBe(201);
    expect((await adminGet('/api/admin/contacts')).items[0]).toMatchObject({ subject: payload });

    const contribution = await post('/api/blog/contributions', {
      title: pad(payload, 5).slice(0, 100),
      summary: pad(payload, 20),
      content: pad(payload, 200),
      tags: [tag(payload)],
      authorName: payload,
      authorEmail: 'g@example.com',
      captchaToken: 'not-a-robot',
      formToken: t.formToken('contribution'),
    });
    expect(contribution.statusCode).toBe(201);
    expect((await adminGet('/api/admin/contributions')).items[0]).toMatchObject({
      authorName: payload,
      tags: [tag(payload)],
    });

    const endorsement = await post('/api/skill-endorsements', {
      skillId,
      name: payload,
      email: `e${XSS.indexOf(payload)}@example.com`,
      comment: payload,
      formToken: t.formToken('endorsement', skillId),
    });
    expect(endorsement.statusCode).toBe(201);
    const publicList = await t.app.inject(`/api/skill-endorsements?skillId=${skillId}`);
    expect(publicList.headers['content-type']).toMatch(/^application\/json/);
    expect(publicList.json()[0]).toMatchObject({ name: payload, comment: payload });

    const resume = await post('/api/resume/request', {
      name: payload,
      email: 'r@example.com',
      purpose: 'other',
      message: payload,
    });
    expect(resume.statusCode).toBe(201);
    expect((await adminGet('/api/admin/resume-requests')).items[0]).toMatchObject({
      name: payload,
      message: payload,
    });
  });

  it('in a published post is returned verbatim by the API and escaped on the HTML page', async () => {
    const slug = `xss-${XSS.indexOf(payload)}`;
    const created = await post(
      '/api/blog',
      {
        title: pad(payload, 5),
        slug,
        summary: pad(payload, 10),
        content: pad(payload, 50),
        tags: [tag(payload)],
        isPublished: true,
      },
      { cookie: adminCookie },
    );
    expect(created.statusCode).toBe(201);
    const api = await t.app.inject(`/api/blog/${slug}`);
    expect(api.headers['content-type']).toMatch(/^application\/json/);
    expect(api.json().title).toBe(pad(payload, 5));
    const page = await t.app.inject('/');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    // Text without markup may appear as it is; markup never does, and nothing becomes a live link.
    if (/[<>"]/.test(payload)) expect(page.body).not.toContain(payload);
    expect(page.body).not.toMatch(/<(script|img|svg|iframe)[\s>]/i);
    expect(page.body).not.toMatch(/href\s*=\s*["']?\s*javascript:/i);
  });
});

describe('random and malformed bodies', () => {
  const routes: { url: string; method?: 'POST' | 'PATCH'; admin?: boolean }[] = [
    { url: '/api/contact' },
    { url: '/api/blog/post/POST_ID/comments' },
    { url: '/api/blog/contributions' },
    { url: '/api/skill-endorsements' },
    { url: '/api/resume/request' },
    { url: '/api/register' },
    { url: '/api/login' },
    { url: '/api/blog', admin: true },
    { url: '/api/admin/posts/POST_ID', method: 'PATCH', admin: true },
    { url: '/api/admin/comments/moderate', admin: true },
    { url: '/api/admin/contributions/1/review', admin: true },
  ];
  // Bodies shaped like the real ones, with each field replaced by anything at all.
  const field = fc.oneof(fc.anything(), fc.string(), fc.integer(), fc.constant(null), fc.array(fc.string()));
  const body = fc.oneof(
    fc.anything(),
    fc.dictionary(
      fc.constantFrom(
        'name',
        'email',
        'content',
        'message',
        'subject',
        'title',
        'slug',
        'summary',
        'tags',
        'skillId',
        'rating',
        'purpose',
        'username',
        'password',
        'captchaToken',
        'formToken',
        'website',
        'ids',
        'action',
        'projectType',
        'budget',
        'timeframe',
        'newsletter',
        'isPublished',
        'coverImage',
        '__proto__',
        'constructor',
      ),
      field,
    ),
  );

  it.each(routes)('$url never answers 5xx', async ({ url, method = 'POST', admin }) => {
    const target = url.replace('POST_ID', String(postId));
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        const res = await t.app.inject({
          method,
          url: target,
          payload: JSON.stringify(payload) ?? 'null',
          headers: { 'content-type': 'application/json', ...(admin ? { cookie: adminCookie } : {}) },
          remoteAddress: freshIp(),
        });
        expect(res.statusCode, `${res.statusCode} for ${JSON.stringify(payload)}: ${res.body}`).toBeLessThan(
          500,
        );
      }),
      { numRuns: 60 },
    );
  });

  it('answers malformed JSON, wrong types and huge bodies with 4xx', async () => {
    const cases: [string, string][] = [
      ['{"name":', 'application/json'],
      ['[1,2', 'application/json'],
      ['', 'application/json'],
      ['\u0000\u0001', 'application/json'],
      [`{"message":"${'a'.repeat(1_100_000)}"}`, 'application/json'],
    ];
    for (const [payload, type] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload,
        headers: { 'content-type': type },
        remoteAddress: freshIp(),
      });
      expect(res.statusCode, payload.slice(0, 20)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
  });
});
