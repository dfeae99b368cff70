import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertComment, insertEndorsement, insertPost, insertSkill } from '../../db/factories.ts';
import { blogContributions, comments, notificationOutbox, pageViews, skills } from '../../db/schema.ts';
import { createTestApp, freshIp, type TestApp } from '../../testing/test-app.ts';
import { createAnalyticsService } from '../analytics/service.ts';

let t: TestApp;
let adminCookie: string;
let userCookie: string;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  adminCookie = await t.signIn('admin');
  userCookie = await t.signIn('user');
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, payload?: object, cookie = adminCookie) =>
  t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {}, remoteAddress: freshIp() });

const newPost = {
  title: 'Notes from the bench',
  slug: 'notes-from-the-bench',
  summary: 'What I learned this week.',
  content: 'A long enough body for a post, well over fifty characters in total length.',
  coverImage: '',
  tags: 'repair, notes',
  isPublished: false,
};

describe('who may call the admin API', () => {
  const routes: [Method, string, object?][] = [
    ['POST', '/api/blog', newPost],
    ['GET', '/api/admin/posts'],
    ['GET', '/api/admin/posts/1'],
    ['PATCH', '/api/admin/posts/1', { isPublished: true }],
    ['DELETE', '/api/admin/posts/1'],
    ['GET', '/api/admin/comments'],
    ['POST', '/api/admin/comments/moderate', { ids: [1], action: 'approve' }],
    ['GET', '/api/admin/contributions'],
    ['POST', '/api/admin/contributions/1/review', { action: 'reject' }],
    ['GET', '/api/admin/quotes'],
    ['GET', '/api/admin/contacts'],
    ['GET', '/api/admin/resume-requests'],
    ['GET', '/api/admin/endorsements'],
    ['DELETE', '/api/admin/endorsements/1'],
    ['GET', '/api/admin/summary'],
    ['GET', '/api/admin/inbox'],
    ['PATCH', '/api/admin/inbox/quote/1', { read: true }],
    ['GET', '/api/admin/analytics'],
  ];

  it.each(routes)(
    '%s %s: 401 for a visitor, 403 for a user, allowed for an admin',
    async (method, url, payload) => {
      const anonymous = await call(method, url, payload, '');
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ message: 'Authentication required' });
      const user = await call(method, url, payload, userCookie);
      expect(user.statusCode).toBe(403);
      expect(user.json()).toEqual({ message: 'Admin access required' });
      const admin = await call(method, url, payload);
      expect([401, 403]).not.toContain(admin.statusCode);
      expect(admin.statusCode).toBeLessThan(500);
    },
  );
});

/** Every route the app registered, read from Fastify's own route tree: [method, path]. */
function registeredRoutes(): [string, string][] {
  const found: [string, string][] = [];
  const parents: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const path = (parents[depth - 1] ?? '') + (match[2] ?? '');
    parents[depth] = path;
    parents.length = depth + 1;
    for (const method of (match[3] ?? '').split(', ').filter((m) => m && m !== 'HEAD'))
      found.push([method, path]);
  }
  return found;
}

describe('the one admin scope', () => {
  // The owner's routes sit in each domain's folder (admin-routes.ts) and are registered inside one
  // scope whose guard covers all of them: any route under /api/admin/, wherever it was written,
  // must refuse a visitor and a user who is not the owner before it reads the body.
  it("guards every route under /api/admin/, the owner's upload and a new post", async () => {
    const owned = registeredRoutes().filter(
      ([method, path]) =>
        path.startsWith('/api/admin/') ||
        path === '/api/upload' ||
        (method === 'POST' && path === '/api/blog'),
    );
    expect(owned.length).toBeGreaterThan(45);
    for (const [method, path] of owned) {
      const url = path.replace(/:kind/g, 'quote').replace(/:[a-z]+/gi, '1');
      const anonymous = await call(method as Method, url, {}, '');
      expect(anonymous.statusCode, `${method} ${path}`).toBe(401);
      const user = await call(method as Method, url, {}, userCookie);
      expect(user.statusCode, `${method} ${path}`).toBe(403);
    }
  });
});

describe('posts', () => {
  it('creates a draft by default, with tags split and an excerpt, invisible to the public', async () => {
    const res = await call('POST', '/api/blog', { ...newPost, slug: 'draft-by-default' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      slug: 'draft-by-default',
      isPublished: false,
      publishedAt: null,
      tags: ['repair', 'notes'],
    });
    expect(res.json().excerpt).toMatch(/^A long enough body/);
    expect((await t.app.inject('/api/blog/draft-by-default')).statusCode).toBe(404);
  });

  it('publishes at once when asked, and the public list shows it without delay', async () => {
    await t.app.inject('/api/blog'); // fill the cache
    const res = await call('POST', '/api/blog', { ...newPost, slug: 'published-now', isPublished: true });
    expect(res.json().publishedAt).not.toBeNull();
    const list = (await t.app.inject('/api/blog')).json();
    expect(list.map((p: { slug: string }) => p.slug)).toContain('published-now');
  });

  it.each([
    ['title', { title: 'Shrt' }, 'Title must be at least 5 characters'],
    ['slug', { slug: 'ab' }, 'Slug must be at least 3 characters'],
    ['slug', { slug: 'Has Spaces' }, 'Slug can only contain lowercase letters, numbers, and hyphens'],
    ['summary', { summary: 'short' }, 'Summary must be at least 10 characters'],
    ['content', { content: 'too short' }, 'Content must be at least 50 characters'],
    ['coverImage', { coverImage: 'not a url' }, 'Cover image must be a valid URL'],
  ])('answers 400 on a bad %s with the spec message', async (field, change, message) => {
    const res = await call('POST', '/api/blog', { ...newPost, slug: 'valid-slug-x', ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
  });

  it('refuses a slug that is taken with 409', async () => {
    await call('POST', '/api/blog', { ...newPost, slug: 'taken-slug' });
    const res = await call('POST', '/api/blog', { ...newPost, slug: 'taken-slug' });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors.slug).toBe('A post with this slug already exists');
  });

  it('edits, publishes, unpublishes and deletes a post', async () => {
    const { id } = (await call('POST', '/api/blog', { ...newPost, slug: 'life-cycle' })).json();
    const edited = await call('PATCH', `/api/admin/posts/${id}`, {
      title: 'Life cycle of a post',
      isPublished: true,
    });
    expect(edited.json()).toMatchObject({ title: 'Life cycle of a post', isPublished: true });
    const publishedAt = edited.json().publishedAt;
    expect(publishedAt).not.toBeNull();
    expect((await t.app.inject('/api/blog/life-cycle')).json().title).toBe('Life cycle of a post');

    const hidden = await call('PATCH', `/api/admin/posts/${id}`, { isPublished: false });
    expect(hidden.json().publishedAt).toBe(publishedAt);
    expect((await t.app.inject('/api/blog/life-cycle')).statusCode).toBe(404);

    expect((await call('DELETE', `/api/admin/posts/${id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/admin/posts/${id}`)).statusCode).toBe(404);
  });

  it('lists drafts and published posts with paging', async () => {
    const page = (await call('GET', '/api/admin/posts?page=1&pageSize=2')).json();
    expect(page.items).toHaveLength(2);
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect(page).toMatchObject({ page: 1, pageSize: 2 });
  });
});

describe('comment moderation', () => {
  it('lists pending comments with post, email and IP, and approving shows them on the post', async () => {
    const post = await insertPost(t.database.db, { title: 'Moderated post' });
    const pending = await insertComment(t.database.db, post.id, { content: 'Please approve me' });
    await t.app.inject(`/api/blog/post/${post.id}/comments`); // fill the cache
    const queue = (await call('GET', '/api/admin/comments?status=pending')).json();
    const item = queue.items.find((c: { id: number }) => c.id === pending.id);
    expect(item).toMatchObject({
      postTitle: 'Moderated post',
      email: pending.email,
      ipAddress: '203.0.113.7',
    });

    const res = await call('POST', '/api/admin/comments/moderate', { ids: [pending.id], action: 'approve' });
    expect(res.json()).toEqual({ changed: 1 });
    const visible = (await t.app.inject(`/api/blog/post/${post.id}/comments`)).json();
    expect(visible.map((c: { content: string }) => c.content)).toEqual(['Please approve me']);
  });

  it('marks spam and rejects in bulk', async () => {
    const post = await insertPost(t.database.db);
    const a = await insertComment(t.database.db, post.id);
    const b = await insertComment(t.database.db, post.id);
    const c = await insertComment(t.database.db, post.id);
    await call('POST', '/api/admin/comments/moderate', { ids: [a.id, b.id], action: 'spam' });
    const spam = await t.database.db.select().from(comments).where(eq(comments.isSpam, true));
    expect(spam.map((r) => r.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    await call('POST', '/api/admin/comments/moderate', { ids: [c.id], action: 'reject' });
    expect(await t.database.db.select().from(comments).where(eq(comments.id, c.id))).toEqual([]);
  });
});

describe('guest contributions', () => {
  it('approval makes a draft post, keeps the review notes, and the post can be published', async () => {
    await insertPost(t.database.db, { slug: 'notes-from-the-bench' });
    const [contribution] = await t.database.db
      .insert(blogContributions)
      .values({
        title: 'Notes from the bench',
        summary: 'A guest writes about repair benches.',
        content: 'Guest content. '.repeat(20),
        tags: ['guest'],
        authorName: 'Guest',
        authorEmail: 'guest@example.com',
      })
      .returning();
    const res = await call('POST', `/api/admin/contributions/${contribution?.id}/review`, {
      action: 'approve',
      reviewNotes: 'Lovely piece',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      isReviewed: true,
      isApproved: true,
      isSpam: false,
      reviewNotes: 'Lovely piece',
    });
    const post = (await call('GET', `/api/admin/posts/${res.json().postId}`)).json();
    // The slug of an existing post is never reused.
    expect(post).toMatchObject({
      title: 'Notes from the bench',
      isPublished: false,
      slug: 'notes-from-the-bench-2',
      status: 'draft',
      // The guest is the author shown, and a post sent without a cover gets a drawn one.
      guestAuthor: 'Guest',
    });
    expect(post.coverImage).toMatch(/^\/uploads\/.+\.webp$/);
    expect((await t.app.inject(post.coverImage)).statusCode).toBe(200);
    expect((await t.app.inject(`/api/blog/${post.slug}`)).statusCode).toBe(404);
    await call('PATCH', `/api/admin/posts/${post.id}`, { isPublished: true });
    const published = await t.app.inject(`/api/blog/${post.slug}`);
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ authorName: 'Guest', isGuestPost: true });
  });

  it('answers 404 for an unknown contribution and 400 for an unknown action', async () => {
    expect(
      (await call('POST', '/api/admin/contributions/999999/review', { action: 'reject' })).statusCode,
    ).toBe(404);
    const bad = await call('POST', '/api/admin/contributions/1/review', { action: 'publish' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.action).toBe('Choose approve, reject or spam');
  });
});

describe('records', () => {
  it('lists quote requests newest first with every field', async () => {
    for (const name of ['First Client', 'Second Client']) {
      await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        remoteAddress: freshIp(),
        payload: {
          name,
          email: 'c@example.com',
          projectType: 'website',
          budget: 'flexible',
          timeframe: 'asap',
          message: 'Please build my website',
        },
      });
    }
    const page = (await call('GET', '/api/admin/quotes')).json();
    expect(page.items.map((q: { name: string }) => q.name).slice(0, 2)).toEqual([
      'Second Client',
      'First Client',
    ]);
    expect(page.items[0]).toMatchObject({ email: 'c@example.com', budget: 'flexible', newsletter: false });
  });

  it('lists resume requests with their download state, never the token hash', async () => {
    const { accessToken } = (
      await t.app.inject({
        method: 'POST',
        url: '/api/resume/request',
        remoteAddress: freshIp(),
        payload: { name: 'Hiring Manager', email: 'hm@example.com', purpose: 'networking' },
      })
    ).json();
    await t.app.inject(`/api/resume/download/${accessToken}`);
    const before = (await call('GET', '/api/admin/resume-requests')).json();
    expect(before.items[0]).toMatchObject({ name: 'Hiring Manager', accessed: false, accessedAt: null });
    await t.app.inject(`/api/resume?token=${accessToken}`);
    const page = (await call('GET', '/api/admin/resume-requests')).json();
    expect(page.items[0]).toMatchObject({ name: 'Hiring Manager', accessed: true });
    expect(page.items[0].accessedAt).not.toBeNull();
    expect(Object.keys(page.items[0])).not.toContain('accessTokenHash');
  });

  it('removing an endorsement lowers the skill’s count', async () => {
    const skill = await insertSkill(t.database.db, { endorsementCount: 2 });
    const keep = await insertEndorsement(t.database.db, skill.id);
    const abusive = await insertEndorsement(t.database.db, skill.id, { comment: 'abuse' });
    const list = (await call('GET', `/api/admin/endorsements?skillId=${skill.id}`)).json();
    expect(list.items.map((e: { email: string }) => e.email)).toEqual([abusive.email, keep.email]);
    expect((await call('DELETE', `/api/admin/endorsements/${abusive.id}`)).statusCode).toBe(204);
    const [row] = await t.database.db.select().from(skills).where(eq(skills.id, skill.id));
    expect(row?.endorsementCount).toBe(1);
    expect((await call('DELETE', `/api/admin/endorsements/${abusive.id}`)).statusCode).toBe(404);
  });
});

describe('inbox', () => {
  const send = async (payload: object) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: freshIp(),
      payload,
    });
    expect(res.statusCode).toBe(201);
  };
  const quote = (name: string) =>
    send({
      name,
      email: 'inbox@example.com',
      phone: '404-555-0101',
      company: 'Peach Motors',
      projectType: 'webapp',
      budget: '5-10k',
      timeframe: '3months',
      message: 'Key programming for our fleet',
      newsletter: true,
    });
  const message = (name: string) =>
    send({ name, email: 'note@example.com', subject: 'Hello there', message: 'Just saying hello to you.' });

  it('merges quotes and messages newest first, with every field, the kind and the email status', async () => {
    await quote('Inbox Quote');
    await message('Inbox Message');
    const page = (await call('GET', '/api/admin/inbox?pageSize=2')).json();
    expect(page.items.map((i: { kind: string; name: string }) => [i.kind, i.name])).toEqual([
      ['contact', 'Inbox Message'],
      ['quote', 'Inbox Quote'],
    ]);
    expect(page.items[1]).toMatchObject({
      phone: '404-555-0101',
      company: 'Peach Motors',
      projectType: 'webapp',
      budget: '5-10k',
      timeframe: '3months',
      newsletter: true,
      readAt: null,
      archivedAt: null,
      emailStatus: 'pending',
    });
    expect(page.items[0]).toMatchObject({ subject: 'Hello there', emailStatus: 'pending' });
    expect(page.total).toBeGreaterThanOrEqual(2);

    // The mail worker's result shows as the item's email status.
    await t.database.db
      .update(notificationOutbox)
      .set({ status: 'sent' })
      .where(eq(notificationOutbox.sourceId, page.items[1].id));
    const again = (await call('GET', '/api/admin/inbox?kind=quote&pageSize=1')).json();
    expect(again.items[0]).toMatchObject({ name: 'Inbox Quote', emailStatus: 'sent' });
    expect(again.items.every((i: { kind: string }) => i.kind === 'quote')).toBe(true);
  });

  it('pages through the merged list without repeats', async () => {
    for (let i = 0; i < 3; i++) await quote(`Paged ${i}`);
    for (let i = 0; i < 2; i++) await message(`Paged message ${i}`);
    const all = (await call('GET', '/api/admin/inbox?pageSize=100')).json();
    const seen: string[] = [];
    for (let p = 1; p <= Math.ceil(all.total / 3); p++) {
      const page = (await call('GET', `/api/admin/inbox?pageSize=3&page=${p}`)).json();
      seen.push(...page.items.map((i: { kind: string; id: number }) => `${i.kind}:${i.id}`));
    }
    expect(seen).toEqual(all.items.map((i: { kind: string; id: number }) => `${i.kind}:${i.id}`));
    expect(new Set(seen).size).toBe(all.total);
  });

  it('marks read and unread, archives and restores, and the unread count follows', async () => {
    await quote('State Quote');
    const [item] = (await call('GET', '/api/admin/inbox?kind=quote&pageSize=1')).json().items;
    const unreadBefore = (await call('GET', '/api/admin/summary')).json().unreadRequests;
    expect((await call('PATCH', `/api/admin/inbox/quote/${item.id}`, { read: true })).statusCode).toBe(204);
    expect((await call('GET', '/api/admin/summary')).json().unreadRequests).toBe(unreadBefore - 1);
    const unread = (await call('GET', '/api/admin/inbox?state=unread&pageSize=100')).json();
    expect(unread.items.map((i: { id: number; kind: string }) => `${i.kind}:${i.id}`)).not.toContain(
      `quote:${item.id}`,
    );

    await call('PATCH', `/api/admin/inbox/quote/${item.id}`, { archived: true });
    const open = (await call('GET', '/api/admin/inbox?pageSize=100')).json();
    expect(open.items.some((i: { id: number; kind: string }) => i.kind === 'quote' && i.id === item.id)).toBe(
      false,
    );
    const archived = (await call('GET', '/api/admin/inbox?state=archived')).json();
    expect(archived.items[0]).toMatchObject({ id: item.id, kind: 'quote' });
    expect(archived.items[0].archivedAt).not.toBeNull();

    await call('PATCH', `/api/admin/inbox/quote/${item.id}`, { archived: false, read: false });
    const restored = (await call('GET', '/api/admin/inbox?kind=quote&pageSize=1')).json().items[0];
    expect(restored).toMatchObject({ id: item.id, readAt: null, archivedAt: null });
  });

  it('answers 404 for an unknown item and 400 for an empty change or unknown kind', async () => {
    expect((await call('PATCH', '/api/admin/inbox/quote/999999', { read: true })).statusCode).toBe(404);
    expect((await call('PATCH', '/api/admin/inbox/quote/1', {})).statusCode).toBe(400);
    expect((await call('PATCH', '/api/admin/inbox/resume/1', { read: true })).statusCode).toBe(400);
    expect((await call('GET', '/api/admin/inbox?state=deleted')).statusCode).toBe(400);
  });
});

describe('summary', () => {
  it('counts pending comments and unreviewed contributions', async () => {
    const before = (await call('GET', '/api/admin/summary')).json();
    const post = await insertPost(t.database.db);
    await insertComment(t.database.db, post.id);
    await insertComment(t.database.db, post.id, { isApproved: true });
    await t.database.db.insert(blogContributions).values({
      title: 'Waiting for review',
      summary: 'A guest post that waits.',
      content: 'Guest content. '.repeat(10),
      authorName: 'Guest',
      authorEmail: 'guest@example.com',
    });
    const after = (await call('GET', '/api/admin/summary')).json();
    expect(after.pendingComments).toBe(before.pendingComments + 1);
    expect(after.pendingContributions).toBe(before.pendingContributions + 1);
  });
});

describe('contributions list', () => {
  it('carries the rendered, sanitised post for the preview', async () => {
    await t.database.db.insert(blogContributions).values({
      title: 'Rendered preview',
      summary: 'A guest post with markdown.',
      content: '## A heading\n\n**Bold** words <script>alert(1)</script> and more text here.',
      authorName: 'Guest',
      authorEmail: 'guest@example.com',
    });
    const list = (await call('GET', '/api/admin/contributions')).json();
    const item = list.items.find((c: { title: string }) => c.title === 'Rendered preview');
    expect(item.contentHtml).toContain('<strong>Bold</strong>');
    expect(item.contentHtml).toMatch(/<h2 id="a-heading">A heading<a class="heading-anchor"/);
    expect(item.contentHtml).not.toContain('<script');
  });
});

describe('analytics', () => {
  it('counts views and visitors per day for 30 days, top pages and referrers, and devices', async () => {
    await t.database.db.delete(pageViews);
    const today = new Date();
    const threeDaysAgo = new Date(today.getTime() - 3 * 86_400_000);
    const longAgo = new Date(today.getTime() - 40 * 86_400_000);
    // Recorded as the site records them: the raw view and the day's roll-ups together.
    const views: [string, string, number | undefined, string | null, Date][] = [
      ['/', 'a', 390, 'google.com', today],
      ['/', 'a', 390, null, today],
      ['/blog', 'b', 1440, 'google.com', today],
      ['/blog', 'c', 800, 'news.ycombinator.com', threeDaysAgo],
      ['/', 'd', undefined, null, threeDaysAgo],
      ['/old', 'e', undefined, null, longAgo],
    ];
    for (const [path, visitor, screenWidth, referrerHost, at] of views) {
      await createAnalyticsService(t.database.db, { now: () => at }).record(
        { path, screenWidth, referrerHost },
        visitor,
      );
    }
    const res = await call('GET', '/api/admin/analytics');
    expect(res.statusCode).toBe(200);
    const stats = res.json();
    expect(stats.days).toHaveLength(30);
    expect(stats.days.at(-1)).toEqual({ date: today.toISOString().slice(0, 10), views: 3, visitors: 2 });
    expect(stats.days.at(-4)).toEqual({
      date: threeDaysAgo.toISOString().slice(0, 10),
      views: 2,
      visitors: 2,
    });
    expect(stats.days.at(-2)).toMatchObject({ views: 0, visitors: 0 });
    expect(stats.totals).toEqual({ views: 5, visitors: 4 });
    expect(stats.topPages).toEqual([
      { path: '/', views: 3, visitors: 2 },
      { path: '/blog', views: 2, visitors: 2 },
    ]);
    expect(stats.topReferrers).toEqual([
      { referrer: 'google.com', views: 2, visitors: 2 },
      { referrer: 'news.ycombinator.com', views: 1, visitors: 1 },
    ]);
    expect(stats.devices).toEqual(
      expect.arrayContaining([
        { device: 'Mobile', views: 2, visitors: 1 },
        { device: 'Desktop', views: 1, visitors: 1 },
        { device: 'Tablet', views: 1, visitors: 1 },
        { device: 'Unknown', views: 1, visitors: 1 },
      ]),
    );
    expect((await call('GET', '/api/admin/analytics?days=7')).json().days).toHaveLength(7);
    expect((await call('GET', '/api/admin/analytics?days=0')).statusCode).toBe(400);
  });
});

describe('markdown preview', () => {
  it('renders and sanitises for the admin, and refuses everyone else', async () => {
    const res = await call('POST', '/api/admin/markdown-preview', {
      content: '**bold**\nnext\n\n<script>alert(1)</script><img src=x onerror=alert(1)>',
    });
    expect(res.statusCode).toBe(200);
    const { html } = res.json();
    expect(html).toContain('<strong>bold</strong><br>');
    expect(html).not.toMatch(/<script|onerror/);
    expect((await call('POST', '/api/admin/markdown-preview', { content: 'x' }, userCookie)).statusCode).toBe(
      403,
    );
    expect((await call('POST', '/api/admin/markdown-preview', { content: 'x' }, '')).statusCode).toBe(401);
  });
});

describe('a post created without a cover', () => {
  it('gets a generated cover image that is served', async () => {
    const res = await call('POST', '/api/blog', { ...newPost, slug: 'no-cover-given', coverImage: '' });
    expect(res.statusCode).toBe(201);
    const { coverImage } = res.json();
    expect(coverImage).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
    const image = await t.app.inject(coverImage);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
  });
});
