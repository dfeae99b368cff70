/**
 * Sign-in with GitHub: OAuth 2 authorization code flow with `state` and PKCE
 * (S256). Accounts are keyed by GitHub's numeric user id and never linked to an
 * existing account by email. A success goes back to the page the visitor
 * asked from (`?back=`, a page of this site, kept in a cookie for the round
 * trip), else home. Every failure ends on /auth with a reason the page can
 * explain, never a 500.
 */
import { CodeChallengeMethod, generateCodeVerifier, generateState, OAuth2Client } from 'arctic';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { BACK_PARAM, localPath } from '../../../common/back-path.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { clearCookie, readCookie, setCookie } from '../../lib/cookies.ts';
import { outbound } from '../../lib/outbound.ts';

const STATE_COOKIE = 'gh_oauth_state';
const VERIFIER_COOKIE = 'gh_oauth_verifier';
/** The page of this site the visitor asked from (`?back=` on the way out), gone back to once signed in. */
const BACK_COOKIE = 'gh_oauth_back';
const CALLBACK_PATH = '/api/auth/github/callback';

export type GithubSignInError = 'github_unconfigured' | 'github_denied' | 'github_state' | 'github_failed';

const githubUserSchema = z.object({
  id: z.number().int().positive(),
  login: z.string().min(1).max(100),
  name: z.string().max(200).nullable().optional(),
  avatar_url: z.string().url().nullable().optional(),
});
type GithubUser = z.infer<typeof githubUserSchema>;

/** A username for a new GitHub account: the login when free, else login-2, login-3 … */
async function freeUsername(db: Db, login: string): Promise<string> {
  const base = login.replace(/[^A-Za-z0-9_.-]/g, '-').slice(0, 40) || 'github-user';
  const taken = await db
    .select({ username: users.username })
    .from(users)
    .where(sql`lower(${users.username}) like ${`${base.toLowerCase()}%`}`);
  const used = new Set(taken.map((row) => row.username.toLowerCase()));
  if (!used.has(base.toLowerCase())) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`.toLowerCase())) return `${base}-${n}`;
}

/** The account for a GitHub user: found by GitHub id (profile refreshed) or created. */
export async function upsertGithubAccount(db: Db, github: GithubUser): Promise<number> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.githubId, github.id));
  const profile = { githubUsername: github.login, avatarUrl: github.avatar_url ?? null };
  if (existing) {
    await db.update(users).set(profile).where(eq(users.id, existing.id));
    return existing.id;
  }
  const [created] = await db
    .insert(users)
    .values({
      username: await freeUsername(db, github.login),
      githubId: github.id,
      fullName: github.name ?? null,
      ...profile,
    })
    .returning({ id: users.id });
  if (!created) throw new Error('could not create the GitHub account');
  return created.id;
}

export const githubRoutes: FastifyPluginAsync<{ config: Config; db: Db }> = async (app, { config, db }) => {
  const configured = Boolean(config.GITHUB_CLIENT_ID && config.GITHUB_CLIENT_SECRET);
  const client = new OAuth2Client(
    config.GITHUB_CLIENT_ID ?? '',
    config.GITHUB_CLIENT_SECRET ?? '',
    `${config.publicUrl}${CALLBACK_PATH}`,
  );
  const authorizeUrl = `${config.GITHUB_OAUTH_URL.replace(/\/$/, '')}/login/oauth/authorize`;
  const tokenUrl = `${config.GITHUB_OAUTH_URL.replace(/\/$/, '')}/login/oauth/access_token`;
  const userUrl = `${config.GITHUB_API_URL.replace(/\/$/, '')}/user`;
  // Through the outbound module, GitHub's configured hosts exempted from its address check: the
  // user API with its fetch, arctic's token exchange (arctic calls the global fetch) in its scope.
  const callOut = outbound(config).fetch({ timeoutMs: 10_000 });
  let tokenScope: ReturnType<ReturnType<typeof outbound>['scope']> | undefined;
  const exchange = (code: string, verifier: string) => {
    tokenScope ??= outbound(config).scope({ timeoutMs: 10_000, maxBytes: 64 * 1024 });
    return tokenScope.run(() => client.validateAuthorizationCode(tokenUrl, code, verifier));
  };
  const cookieOptions = {
    path: '/api/auth/github',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.isHttps,
    maxAge: 600,
  };
  // The sign-in page again, saying why, still coming back to the page asked from.
  const failTo = (reason: GithubSignInError, back: string | null) =>
    `/auth?${new URLSearchParams({ error: reason, ...(back ? { [BACK_PARAM]: back } : {}) })}`;

  app.get<{ Querystring: Record<string, string | undefined> }>('/api/auth/github', async (request, reply) => {
    const back = localPath(request.query[BACK_PARAM]);
    if (!configured) return reply.redirect(failTo('github_unconfigured', back));
    const state = generateState();
    const verifier = generateCodeVerifier();
    const url = client.createAuthorizationURLWithPKCE(
      authorizeUrl,
      state,
      CodeChallengeMethod.S256,
      verifier,
      ['read:user'],
    );
    setCookie(reply, STATE_COOKIE, state, cookieOptions);
    setCookie(reply, VERIFIER_COOKIE, verifier, cookieOptions);
    if (back) setCookie(reply, BACK_COOKIE, back, cookieOptions);
    else clearCookie(reply, BACK_COOKIE, cookieOptions);
    return reply.redirect(url.toString());
  });

  app.get<{ Querystring: Record<string, string | undefined> }>(CALLBACK_PATH, async (request, reply) => {
    const { code, state, error } = request.query;
    const expectedState = readCookie(request, STATE_COOKIE);
    const verifier = readCookie(request, VERIFIER_COOKIE);
    const back = localPath(readCookie(request, BACK_COOKIE));
    for (const name of [STATE_COOKIE, VERIFIER_COOKIE, BACK_COOKIE]) clearCookie(reply, name, cookieOptions);
    if (!configured) return reply.redirect(failTo('github_unconfigured', back));
    if (error) return reply.redirect(failTo('github_denied', back));
    if (!code || !state || !expectedState || !verifier || state !== expectedState) {
      return reply.redirect(failTo('github_state', back));
    }
    try {
      const tokens = await exchange(code, verifier);
      const response = await callOut(userUrl, {
        headers: {
          authorization: `Bearer ${tokens.accessToken()}`,
          accept: 'application/vnd.github+json',
          'user-agent': 'portfolio-site',
        },
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`GitHub user API answered ${response.status}`);
      const githubUser = githubUserSchema.parse(await response.json());
      const userId = await upsertGithubAccount(db, githubUser);
      await reply.startSession(userId, 'github');
      return reply.redirect(back ?? '/');
    } catch (failure) {
      request.log.warn({ err: failure }, 'GitHub sign-in failed');
      return reply.redirect(failTo('github_failed', back));
    }
  });
};
