/**
 * Authentication comes before validation on every admin and signed-in route: without a
 * session the answer is 401 whatever the body holds (broken JSON, wrong types, a body too
 * large, a media type the API does not take), and a plain user gets 403 on admin routes.
 * Nobody learns a route's rules without being allowed to use it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { listRoutes } from './testing/routes.ts';
import { freshIp, signedInTestApp } from './testing/test-app.ts';

const { t, user: userCookie } = await signedInTestApp({ seed: false });
afterAll(() => t.close());

/** Routes for the owner only, besides everything under /api/admin/. */
const OWNER_ROUTES = ['POST /api/blog', 'POST /api/upload'];
/** Routes for any signed-in account. */
const SIGNED_IN_ROUTES = ['POST /api/images/generate'];

const bodies: { name: string; payload?: string; type?: string }[] = [
  { name: 'no body' },
  { name: 'broken JSON', payload: '{"title":', type: 'application/json' },
  {
    name: 'wrong types',
    payload: '{"title":5,"ids":"x","action":[],"prompt":false}',
    type: 'application/json',
  },
  { name: 'a NUL byte', payload: '{"title":"a\\u0000b","prompt":"\\u0000"}', type: 'application/json' },
  { name: 'an unknown media type', payload: 'title=x', type: 'text/plain' },
  {
    name: 'a body over the size limit',
    payload: `{"content":"${'a'.repeat(1_200_000)}"}`,
    type: 'application/json',
  },
  { name: 'a broken multipart body', payload: '--x\r\nnope', type: 'multipart/form-data; boundary=x' },
];

function guarded() {
  const routes = listRoutes(t.app)
    .map(({ method, url }) => `${method} ${url}`)
    .filter((route) => route.split(' ')[1]?.startsWith('/api/admin/') || OWNER_ROUTES.includes(route));
  return { owner: routes, signedIn: SIGNED_IN_ROUTES };
}

const call = (route: string, body: (typeof bodies)[number], cookie?: string) => {
  const [method = 'GET', url = '/'] = route.split(' ');
  return t.app.inject({
    method: method as 'GET',
    url: url.replace(':kind', 'quote').replace(/:\w+/g, '1'),
    remoteAddress: freshIp(),
    headers: { ...(body.type ? { 'content-type': body.type } : {}), ...(cookie ? { cookie } : {}) },
    ...(body.payload === undefined ? {} : { payload: body.payload }),
  });
};

describe('authentication before validation', () => {
  it('finds every owner route (all under /api/admin/, creating a post, uploads)', () => {
    const { owner } = guarded();
    expect(owner.length).toBeGreaterThanOrEqual(20);
    for (const route of OWNER_ROUTES) expect(owner).toContain(route);
  });

  it.each(bodies)('a visitor gets 401 on every owner and signed-in route, with $name', async (body) => {
    const { owner, signedIn } = guarded();
    for (const route of [...owner, ...signedIn]) {
      const res = await call(route, body);
      expect(res.statusCode, `${route} with ${body.name}: ${res.body.slice(0, 200)}`).toBe(401);
      expect(res.json()).toEqual({ message: 'Authentication required' });
    }
  });

  it.each(bodies)(
    'a signed-in user who is not the owner gets 403 on every owner route, with $name',
    async (body) => {
      for (const route of guarded().owner) {
        const res = await call(route, body, userCookie);
        expect(res.statusCode, `${route} with ${body.name}: ${res.body.slice(0, 200)}`).toBe(403);
        expect(res.json()).toEqual({ message: 'Admin access required' });
      }
    },
  );
});
