/**
 * Every admin write that takes a subset of fields changes only what was sent. For each
 * route and each field alone: read the stored row, send the change, read the row again,
 * and compare every column with what was there before. Only the field sent (and what it
 * implies, listed per case) may differ. Reads go to the database itself, not through the
 * API, so a column the API does not show is checked too.
 */
import { eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertComment, insertEndorsement, insertPost, insertSkill } from './db/factories.ts';
import {
  blogContributions,
  blogPosts,
  comments,
  contactMessages,
  quoteRequests,
  skillEndorsements,
  skills,
} from './db/schema.ts';
import { createTestApp, freshIp, type TestApp } from './testing/test-app.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  admin = await t.signIn('admin');
});
afterAll(() => t.close());

type Row = Record<string, unknown>;
type WithId = PgTable & { id: AnyPgColumn };
type Method = 'PATCH' | 'POST' | 'DELETE';

const send = (method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: admin }, remoteAddress: freshIp() });

async function rowOf(table: WithId, id: number): Promise<Row> {
  const [row] = await t.database.db.select().from(table).where(eq(table.id, id));
  if (!row) throw new Error(`no row ${id}`);
  return JSON.parse(JSON.stringify(row)) as Row;
}

/** The columns whose stored value differs. */
const changedColumns = (before: Row, after: Row) =>
  Object.keys({ ...before, ...after })
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .sort();

const newestId = async (table: typeof quoteRequests | typeof contactMessages) =>
  Math.max(...(await t.database.db.select({ id: table.id }).from(table)).map((row) => row.id));

/** A published post with everything filled in: the state a careless update would damage. */
const fullPost = () =>
  insertPost(t.database.db, {
    title: 'Rekeying a 2012 Civic ignition',
    coverImage: '/images/posts/rekeying.webp',
    tags: ['Locksmith', 'Automotive'],
    summary: 'How a worn ignition cylinder was rekeyed in the van.',
    content: 'Step by step, with the parts list and the tools that made it a one-hour job in the lot.',
    isPublished: true,
    publishedAt: new Date('2026-03-04T05:06:07.000Z'),
  });

const quote = async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/contact',
    remoteAddress: freshIp(),
    payload: {
      name: 'Casey Client',
      email: 'casey@example.com',
      phone: '404-555-0100',
      company: 'Peach Motors',
      projectType: 'website',
      budget: 'flexible',
      timeframe: 'asap',
      message: 'A site for the dealership, please.',
      newsletter: true,
    },
  });
  expect(res.statusCode).toBe(201);
  return newestId(quoteRequests);
};

const contact = async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/contact',
    remoteAddress: freshIp(),
    payload: {
      name: 'Morgan Reader',
      email: 'morgan@example.com',
      subject: 'Key fob',
      message: 'Can you program a second key fob?',
    },
  });
  expect(res.statusCode).toBe(201);
  return newestId(contactMessages);
};

const contribution = async (reviewNotes: string | null = 'Asked for a shorter intro.') => {
  const [row] = await t.database.db
    .insert(blogContributions)
    .values({
      title: 'Diagnosing a dead key fob',
      summary: 'A guest post about batteries, transponders and patience.',
      content: 'x'.repeat(240),
      coverImage: '/images/posts/fob.webp',
      tags: ['Guest', 'Keys'],
      authorName: 'Riley Guest',
      authorEmail: 'riley@example.com',
      ipAddress: '10.0.0.9',
      reviewNotes,
    })
    .returning({ id: blogContributions.id });
  return row?.id ?? 0;
};

interface Case {
  /** What is sent, as the table's name reads it. */
  name: string;
  table: WithId;
  /** Makes a fresh record and returns its id. */
  make: () => Promise<number>;
  request: (id: number) => [Method, string, object?];
  /** The columns the change may touch, the sent one included. */
  changes: string[];
  /** What the changed record must hold afterwards. */
  expected?: Row;
}

const post = (field: string, value: unknown, changes: string[] = [], expected: Row = {}): Case => ({
  name: `PATCH /api/admin/posts/:id {${field}}`,
  table: blogPosts,
  make: async () => (await fullPost()).id,
  request: (id) => ['PATCH', `/api/admin/posts/${id}`, { [field]: value }],
  changes: [field, 'updatedAt', ...changes],
  expected: { [field]: value, ...expected },
});

const inbox = (kind: 'quote' | 'contact', field: 'read' | 'archived'): Case => ({
  name: `PATCH /api/admin/inbox/${kind}/:id {${field}}`,
  table: kind === 'quote' ? quoteRequests : contactMessages,
  make: kind === 'quote' ? quote : contact,
  request: (id) => ['PATCH', `/api/admin/inbox/${kind}/${id}`, { [field]: true }],
  changes: [field === 'read' ? 'readAt' : 'archivedAt'],
});

const cases: Case[] = [
  // The search document follows the words of the post (kept by a trigger).
  post('title', 'Rekeying a worn ignition, start to finish', ['searchVector']),
  post('slug', 'rekeying-a-worn-ignition'),
  post('summary', 'A shorter summary of the same job, for the list.', ['searchVector']),
  post('content', 'A rewritten body that still explains every step of the rekeying job clearly.', [
    'excerpt',
    'searchVector',
    // The body is rendered once, when it is saved.
    'contentHtml',
    'toc',
    'renderVersion',
  ]),
  post('metaDescription', 'Rekeying a worn ignition cylinder in a van, with the parts and tools.'),
  post('canonicalUrl', 'https://medium.example/rekeying'),
  post('coverImage', '/images/posts/new-cover.webp'),
  post('tags', ['Locksmith'], ['searchVector'], { tags: ['Locksmith'] }),
  post('isPublished', false),
  {
    name: 'PATCH /api/admin/posts/:id {publishAt}',
    table: blogPosts,
    make: async () => (await fullPost()).id,
    request: (id) => ['PATCH', `/api/admin/posts/${id}`, { publishAt: '2031-05-06T07:08:09.000Z' }],
    changes: ['publishedAt', 'updatedAt'],
    expected: { publishedAt: '2031-05-06T07:08:09.000Z' },
  },
  inbox('quote', 'read'),
  inbox('quote', 'archived'),
  inbox('contact', 'read'),
  inbox('contact', 'archived'),
  // The pipeline: a value alone, and a move (which records the first reply and reads it).
  {
    name: 'PATCH /api/admin/quotes/:id {value}',
    table: quoteRequests,
    make: quote,
    request: (id) => ['PATCH', `/api/admin/quotes/${id}`, { value: 2500 }],
    changes: ['valueUsd'],
    expected: { valueUsd: 2500 },
  },
  {
    name: 'PATCH /api/admin/quotes/:id {stage}',
    table: quoteRequests,
    make: quote,
    request: (id) => ['PATCH', `/api/admin/quotes/${id}`, { stage: 'replied' }],
    changes: ['stage', 'firstReplyAt', 'readAt'],
    expected: { stage: 'replied' },
  },
  {
    name: 'POST /api/admin/comments/moderate {approve}',
    table: comments,
    make: async () => (await insertComment(t.database.db, (await fullPost()).id, { isApproved: false })).id,
    request: (id) => ['POST', '/api/admin/comments/moderate', { ids: [id], action: 'approve' }],
    changes: ['isApproved'],
    expected: { isApproved: true, isSpam: false },
  },
  {
    name: 'POST /api/admin/comments/moderate {spam}',
    table: comments,
    make: async () => (await insertComment(t.database.db, (await fullPost()).id, { isApproved: true })).id,
    request: (id) => ['POST', '/api/admin/comments/moderate', { ids: [id], action: 'spam' }],
    changes: ['isApproved', 'isSpam'],
    expected: { isApproved: false, isSpam: true },
  },
  {
    name: 'POST /api/admin/contributions/:id/review {action} keeps the stored notes',
    table: blogContributions,
    make: () => contribution(),
    request: (id) => ['POST', `/api/admin/contributions/${id}/review`, { action: 'reject' }],
    changes: ['isReviewed'],
    expected: { isReviewed: true, reviewNotes: 'Asked for a shorter intro.' },
  },
  {
    name: 'POST /api/admin/contributions/:id/review {action, reviewNotes}',
    table: blogContributions,
    make: () => contribution(),
    request: (id) => [
      'POST',
      `/api/admin/contributions/${id}/review`,
      { action: 'spam', reviewNotes: 'Link farm.' },
    ],
    changes: ['isReviewed', 'isSpam', 'reviewNotes'],
    expected: { isSpam: true, reviewNotes: 'Link farm.' },
  },
  {
    name: 'POST /api/admin/contributions/:id/review {approve}',
    table: blogContributions,
    make: () => contribution(null),
    request: (id) => ['POST', `/api/admin/contributions/${id}/review`, { action: 'approve' }],
    changes: ['isReviewed', 'isApproved', 'postId'],
    expected: { isApproved: true, reviewNotes: null },
  },
];

describe('admin writes change only what was sent', () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const id = await c.make();
    const before = await rowOf(c.table, id);
    const [method, url, payload] = c.request(id);
    const res = await send(method, url, payload);
    expect(res.statusCode, res.body).toBeLessThan(300);
    const after = await rowOf(c.table, id);
    const changed = changedColumns(before, after);
    for (const column of changed) expect(c.changes, `${column} changed`).toContain(column);
    // The sent field itself did change.
    expect(changed).toContain(c.changes[0]);
    expect(after).toMatchObject(c.expected ?? {});
  });

  it('removing an endorsement changes only its skill’s count, and no other endorsement', async () => {
    const skill = await insertSkill(t.database.db, { name: 'Transponder programming' });
    const kept = await insertEndorsement(t.database.db, skill.id, { email: 'kept@example.com' });
    const removed = await insertEndorsement(t.database.db, skill.id, { email: 'removed@example.com' });
    await t.database.db.update(skills).set({ endorsementCount: 2 }).where(eq(skills.id, skill.id));
    const skillBefore = await rowOf(skills, skill.id);
    const keptBefore = await rowOf(skillEndorsements, kept.id);
    expect((await send('DELETE', `/api/admin/endorsements/${removed.id}`)).statusCode).toBe(204);
    const skillAfter = await rowOf(skills, skill.id);
    expect(changedColumns(skillBefore, skillAfter)).toEqual(['endorsementCount']);
    expect(skillAfter.endorsementCount).toBe(1);
    expect(await rowOf(skillEndorsements, kept.id)).toEqual(keptBefore);
  });

  it('an empty post update is refused and changes nothing', async () => {
    const { id } = await fullPost();
    const before = await rowOf(blogPosts, id);
    for (const payload of [{}, { unknown: 'field' }, { title: undefined }]) {
      const res = await send('PATCH', `/api/admin/posts/${id}`, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Send at least one field to change');
    }
    expect(await rowOf(blogPosts, id)).toEqual(before);
  });
});

describe('publishing', () => {
  it('unpublish then publish keeps cover, tags, slug, content and the first publication date', async () => {
    const { id } = await fullPost();
    const before = await rowOf(blogPosts, id);
    expect((await send('PATCH', `/api/admin/posts/${id}`, { isPublished: false })).statusCode).toBe(200);
    // Off the site while unpublished.
    expect((await t.app.inject(`/api/blog/${before.slug}`)).statusCode).toBe(404);
    const republished = await send('PATCH', `/api/admin/posts/${id}`, { isPublished: true });
    expect(republished.statusCode).toBe(200);
    const after = await rowOf(blogPosts, id);
    expect(changedColumns(before, after)).toEqual(['updatedAt']);
    expect(after.publishedAt).toBe('2026-03-04T05:06:07.000Z');
    const visible = (await t.app.inject(`/api/blog/${before.slug}`)).json();
    expect(visible).toMatchObject({
      coverImage: '/images/posts/rekeying.webp',
      tags: ['Locksmith', 'Automotive'],
      content: before.content,
    });
  });

  it('the first publish of a draft stamps publishedAt once', async () => {
    const { id } = await insertPost(t.database.db, { isPublished: false, publishedAt: null });
    const first = (await send('PATCH', `/api/admin/posts/${id}`, { isPublished: true })).json();
    expect(first.publishedAt).toEqual(expect.any(String));
    await send('PATCH', `/api/admin/posts/${id}`, { isPublished: false });
    const again = (await send('PATCH', `/api/admin/posts/${id}`, { isPublished: true })).json();
    expect(again.publishedAt).toBe(first.publishedAt);
  });

  it('a title-only or summary-only edit leaves a published post on the site with its cover and tags', async () => {
    const { id, slug } = await fullPost();
    await send('PATCH', `/api/admin/posts/${id}`, { title: 'Only the title is new' });
    await send('PATCH', `/api/admin/posts/${id}`, { summary: 'Only the summary is new, nothing else.' });
    const res = await t.app.inject(`/api/blog/${slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'Only the title is new',
      summary: 'Only the summary is new, nothing else.',
      coverImage: '/images/posts/rekeying.webp',
      tags: ['Locksmith', 'Automotive'],
    });
  });
});
