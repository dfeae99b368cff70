/**
 * Who may call the owner's API: one scope guards every route under /api/admin/ (each domain's
 * owner routes live in its own folder, tested there), and the dashboard's summary.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { insertComment, insertPost } from '../../db/factories.ts';
import { blogContributions } from '../../db/schema.ts';
import { samplePost as newPost } from '../../testing/samples.ts';
import { caller, type Method, signedInTestApp } from '../../testing/test-app.ts';

const { t, admin: adminCookie, user: userCookie } = await signedInTestApp({ seed: false });
afterAll(() => t.close());
const call = caller(t, adminCookie);

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
