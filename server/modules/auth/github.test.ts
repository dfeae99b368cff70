import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

/**
 * A stand-in for GitHub on 127.0.0.1: the authorize step is simulated by the
 * test, the token endpoint checks the client credentials and the PKCE
 * verifier, and /user answers for the token it issued.
 */
let standIn: Server;
let standInUrl: string;
const challenges = new Map<string, string>(); // code -> code_challenge
let githubUser: { id: number; login: string; name: string | null; avatar_url: string | null } = {
  id: 4242,
  login: 'octo-locksmith',
  name: 'Octo Smith',
  avatar_url: 'https://avatars.example/4242',
};
let tokenRequests = 0;

beforeAll(async () => {
  standIn = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    let body = '';
    for await (const chunk of req) body += chunk;
    if (req.method === 'POST' && url.pathname === '/login/oauth/access_token') {
      tokenRequests++;
      const form = new URLSearchParams(body);
      const auth = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString();
      const challenge = challenges.get(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      const computed = createHash('sha256').update(verifier).digest('base64url');
      if (auth !== 'client-id:client-secret' || !challenge || computed !== challenge) {
        res
          .writeHead(400, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: 'bad_verification_code' }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      // A code made to be answered at length: a token answer far past what one is.
      const padding = form.get('code')?.startsWith('huge-') ? 'x'.repeat(256 * 1024) : '';
      res.end(
        JSON.stringify({ access_token: 'gho_standin', token_type: 'bearer', scope: 'read:user', padding }),
      );
      return;
    }
    if (req.method === 'GET' && url.pathname === '/user') {
      if (req.headers.authorization !== 'Bearer gho_standin') return void res.writeHead(401).end();
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ ...githubUser, email: 'shared@example.com' }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  standInUrl = `http://127.0.0.1:${(standIn.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((resolve) => standIn.close(() => resolve())));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    env: {
      GITHUB_CLIENT_ID: 'client-id',
      GITHUB_CLIENT_SECRET: 'client-secret',
      GITHUB_OAUTH_URL: standInUrl,
      GITHUB_API_URL: standInUrl,
      PUBLIC_URL: 'http://localhost:3000',
    },
  });
});
afterAll(() => t.close());

/** Starts the flow, "approves" at the stand-in, and returns the callback answer. */
async function signInWithGithub(code = `code-${Math.random()}`, tamperState = false, from = '') {
  const start = await t.app.inject(`/api/auth/github${from}`);
  expect(start.statusCode).toBe(302);
  const location = new URL(start.headers.location as string);
  const cookies = Object.fromEntries(start.cookies.map((c) => [c.name, c.value]));
  challenges.set(code, location.searchParams.get('code_challenge') ?? '');
  const state = tamperState ? 'forged-state' : location.searchParams.get('state');
  return t.app.inject({ url: `/api/auth/github/callback?code=${code}&state=${state}`, cookies });
}

describe('GitHub sign-in', () => {
  it('redirects to GitHub with state, PKCE S256 and the callback address', async () => {
    const start = await t.app.inject('/api/auth/github');
    const location = new URL(start.headers.location as string);
    expect(location.origin + location.pathname).toBe(`${standInUrl}/login/oauth/authorize`);
    expect(location.searchParams.get('client_id')).toBe('client-id');
    expect(location.searchParams.get('redirect_uri')).toBe('http://localhost:3000/api/auth/github/callback');
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('state')).toBeTruthy();
    const stateCookie = start.cookies.find((c) => c.name === 'gh_oauth_state');
    expect(stateCookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      value: location.searchParams.get('state'),
    });
  });

  it('creates the account keyed by GitHub id, signs in, and redirects home', async () => {
    const res = await signInWithGithub();
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    const sid = res.cookies.find((c) => c.name === 'sid')?.value ?? '';
    const me = (await t.app.inject({ url: '/api/user', cookies: { sid } })).json();
    expect(me).toMatchObject({
      username: 'octo-locksmith',
      githubUsername: 'octo-locksmith',
      avatarUrl: 'https://avatars.example/4242',
      fullName: 'Octo Smith',
      isAdmin: false,
    });
  });

  it('signs the same GitHub user into the same account next time, refreshing the profile', async () => {
    githubUser = { ...githubUser, login: 'octo-renamed', avatar_url: 'https://avatars.example/new' };
    const res = await signInWithGithub();
    const sid = res.cookies.find((c) => c.name === 'sid')?.value ?? '';
    const me = (await t.app.inject({ url: '/api/user', cookies: { sid } })).json();
    expect(me).toMatchObject({ username: 'octo-locksmith', githubUsername: 'octo-renamed' });
    expect(await t.database.db.select().from(users).where(eq(users.githubId, 4242))).toHaveLength(1);
  });

  it('never links to an existing account by email or takes its username', async () => {
    await t.database.db
      .insert(users)
      .values({ username: 'new-octo', email: 'shared@example.com', password: 'x' });
    githubUser = { id: 777, login: 'new-octo', name: null, avatar_url: null };
    const res = await signInWithGithub();
    const sid = res.cookies.find((c) => c.name === 'sid')?.value ?? '';
    const me = (await t.app.inject({ url: '/api/user', cookies: { sid } })).json();
    expect(me.username).toBe('new-octo-2');
    const [local] = await t.database.db.select().from(users).where(eq(users.username, 'new-octo'));
    expect(local?.githubId).toBeNull();
  });

  it('comes back to the page of this site the visitor asked from, never another site', async () => {
    const back = '/blog/a-post?page=2';
    const res = await signInWithGithub(undefined, false, `?back=${encodeURIComponent(back)}`);
    expect(res.headers.location).toBe(back);
    expect(res.cookies.find((c) => c.name === 'sid')?.value).toBeTruthy();
    // The page travels in a cookie of the round trip, spent by the callback.
    expect(res.cookies.find((c) => c.name === 'gh_oauth_back')).toMatchObject({ value: '', maxAge: 0 });
    for (const elsewhere of ['//evil.example', '/.//evil.example', 'https://evil.example/']) {
      const away = await signInWithGithub(undefined, false, `?back=${encodeURIComponent(elsewhere)}`);
      expect(away.headers.location, elsewhere).toBe('/');
    }
    // A refusal goes to the sign-in page still coming back there.
    const refused = await signInWithGithub(undefined, true, `?back=${encodeURIComponent(back)}`);
    expect(refused.headers.location).toBe(`/auth?error=github_state&back=${encodeURIComponent(back)}`);
    // A later sign-in asked from nowhere in particular goes home, not to the page before.
    expect((await signInWithGithub()).headers.location).toBe('/');
  });

  it('refuses a callback whose state does not match, without calling GitHub', async () => {
    const before = tokenRequests;
    const res = await signInWithGithub(undefined, true);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/auth?error=github_state');
    expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    expect(tokenRequests).toBe(before);
  });

  it('ends on /auth when the code is refused, the user declines, or state cookies are missing', async () => {
    const start = await t.app.inject('/api/auth/github');
    const cookies = Object.fromEntries(start.cookies.map((c) => [c.name, c.value]));
    const state = new URL(start.headers.location as string).searchParams.get('state');
    const refused = await t.app.inject({
      url: `/api/auth/github/callback?code=unknown&state=${state}`,
      cookies,
    });
    expect(refused.headers.location).toBe('/auth?error=github_failed');
    const declined = await t.app.inject({ url: '/api/auth/github/callback?error=access_denied', cookies });
    expect(declined.headers.location).toBe('/auth?error=github_denied');
    const noCookies = await t.app.inject(`/api/auth/github/callback?code=x&state=${state}`);
    expect(noCookies.headers.location).toBe('/auth?error=github_state');
  });

  it("reads GitHub's token answer through the outbound module: one past its size limit is refused (issue 62)", async () => {
    const res = await signInWithGithub(`huge-${Math.random()}`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/auth?error=github_failed');
    // The same exchange with an answer of a usual size signs in.
    expect((await signInWithGithub()).headers.location).toBe('/');
  });

  it('redirects to /auth with a reason when GitHub is not configured', async () => {
    const plain = await createTestApp({ seed: false });
    const res = await plain.app.inject('/api/auth/github');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/auth?error=github_unconfigured');
    // And the sign-in page, which reads the ways in, offers no GitHub button there (issue 46).
    const methods = await plain.app.inject('/api/login/methods');
    expect(methods.json()).toMatchObject({ github: false });
    await plain.close();
  });

  it('is among the ways in the sign-in page offers once it is set up', async () => {
    const methods = await t.app.inject('/api/login/methods');
    expect(methods.statusCode).toBe(200);
    // PUBLIC_URL has a domain name (localhost): passkeys too; no SMTP_URL: no link by email.
    expect(methods.json()).toEqual({ github: true, passkeys: true, link: false });
  });
});
