import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SIGN_IN_LINK_SENT, SIGN_IN_LINK_SPENT } from '../../../common/constants.ts';
import {
  authenticatorCodeSchema,
  loginSchema,
  registerSchema,
  signInLinkRequestSchema,
  signInLinkSchema,
} from '../../../common/schemas/auth.ts';
import type { Config } from '../../config.ts';
import { clearCookie, readCookie, setCookie } from '../../lib/cookies.ts';
import { HttpError } from '../../lib/http-error.ts';
import { CHALLENGE_TTL_MS, type SecurityService } from './security.ts';
import {
  type AuthService,
  codeKey,
  loginKey,
  type PublicUser,
  type SessionDetails,
  TooManyAttemptsError,
} from './service.ts';
import type { SignInLinks } from './sign-in-links.ts';

export const publicUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  isAdmin: z.boolean(),
  role: z.string(),
  fullName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  githubUsername: z.string().nullable(),
});

const messageSchema = z.object({ message: z.string() });

/** A password sign-in that needs its second factor next (POST /api/login/code). */
const secondFactorSchema = z.object({ secondFactor: z.literal(true), message: z.string() });
export const SECOND_FACTOR_MESSAGE =
  'Enter the 6-digit code from your authenticator app, or a recovery code.';

export const codeSchema = authenticatorCodeSchema;

const b64url = z
  .string()
  .max(4096)
  .regex(/^[A-Za-z0-9_-]*$/, 'Not base64url');
/** A passkey's answer as @simplewebauthn/browser sends it; checked again by the verifier. */
export const passkeyAssertionSchema = z.object({
  id: b64url.min(1),
  rawId: b64url.min(1),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url,
    authenticatorData: b64url,
    signature: b64url,
    userHandle: b64url.optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});

const withRetryAfter = (reply: { header(name: string, value: string): unknown }, error: unknown) => {
  if (error instanceof TooManyAttemptsError) reply.header('retry-after', String(error.retryAfterSeconds));
  return error;
};

export const authRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  security: SecurityService;
  links: SignInLinks;
  config: Config;
}> = async (app, { auth, security, links, config }) => {
  // The cookie of a password sign-in waiting for its code: five minutes, this site only.
  const pendingCookie = config.isHttps ? '__Host-sid2fa' : 'sid2fa';
  const pendingCookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: config.isHttps,
  };

  /**
   * The first factor was right: the session, or for an account with an authenticator app the
   * pending sign-in's cookie and 202 (its code next, at /api/login/code).
   */
  const firstFactorDone = async (
    reply: FastifyReply,
    user: PublicUser,
    method: SessionDetails['method'],
    clear: () => Promise<void>,
  ) => {
    if (await security.needsSecondFactor(user.id)) {
      const token = await security.startSecondFactor(user.id);
      setCookie(reply, pendingCookie, token, { ...pendingCookieOptions, maxAge: CHALLENGE_TTL_MS / 1000 });
      return reply.code(202).send({ secondFactor: true, message: SECOND_FACTOR_MESSAGE });
    }
    await clear();
    await reply.startSession(user.id, method);
    return reply.send(user);
  };

  app.post(
    '/api/register',
    {
      schema: { body: registerSchema, response: { 201: publicUserSchema } },
      config: { rateLimit: { max: 10, timeWindow: '1 hour' } },
    },
    async (request, reply) => {
      const user = await auth.register(request.body);
      await reply.startSession(user.id, 'register');
      return reply.code(201).send(user);
    },
  );

  app.post(
    '/api/login',
    {
      schema: { body: loginSchema, response: { 200: publicUserSchema, 202: secondFactorSchema } },
      config: { rateLimit: { max: 30, timeWindow: '15 minutes' } },
    },
    async (request, reply) => {
      try {
        const user = await auth.login(request.body, request.ip, {
          complete: false,
          knownDevice: (userId) => request.isKnownDevice(userId),
        });
        return await firstFactorDone(reply, user, 'password', () =>
          auth.clearFailures(loginKey(request.body.username, request.ip)),
        );
      } catch (error) {
        throw withRetryAfter(reply, error);
      }
    },
  );

  /**
   * The ways in this site offers, so the sign-in page shows only what works (issue 46): GitHub
   * when it is set up, passkeys where the site's address has a domain name, a link by email
   * where the site sends email.
   */
  app.get(
    '/api/login/methods',
    {
      schema: {
        response: { 200: z.object({ github: z.boolean(), passkeys: z.boolean(), link: z.boolean() }) },
      },
    },
    async () => ({
      github: Boolean(config.GITHUB_CLIENT_ID && config.GITHUB_CLIENT_SECRET),
      passkeys: security.passkeysAvailable,
      link: links.available,
    }),
  );

  /** Whether this site mails sign-in links (it has SMTP_URL): the sign-in page offers one only then. */
  app.get(
    '/api/login/link',
    { schema: { response: { 200: z.object({ available: z.boolean() }) } } },
    async () => ({
      available: links.available,
    }),
  );

  /**
   * A sign-in link by email (sign-in-links.ts): the same answer whatever the username, and the
   * mail sent after it. Not slowed by password guessing: it needs the account's mailbox.
   */
  app.post(
    '/api/login/link',
    {
      schema: { body: signInLinkRequestSchema, response: { 202: messageSchema } },
      config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
    },
    async (request, reply) => {
      if (!links.available) throw new HttpError(404, 'This site does not send sign-in links by email.');
      links.request(request.body.username, request.body.back);
      return reply.code(202).send({ message: SIGN_IN_LINK_SENT });
    },
  );

  /** Signing in with a mailed link's token: once, within its 15 minutes; the code next when the account has one. */
  app.post(
    '/api/login/link/sign-in',
    {
      schema: { body: signInLinkSchema, response: { 200: publicUserSchema, 202: secondFactorSchema } },
      config: { rateLimit: { max: 30, timeWindow: '15 minutes' } },
    },
    async (request, reply) => {
      const userId = await links.take(request.body.token);
      const user = userId ? await auth.userById(userId) : null;
      if (!user) throw new HttpError(401, SIGN_IN_LINK_SPENT);
      return firstFactorDone(reply, user, 'link', async () => {});
    },
  );

  /**
   * The second step of a password sign-in with an authenticator app: a current code, or a
   * recovery code (spent by it). Wrong codes count against the same lockout as wrong passwords
   * (per username and address) and against the account from any address.
   */
  app.post(
    '/api/login/code',
    {
      schema: { body: codeSchema, response: { 200: publicUserSchema } },
      config: { rateLimit: { max: 30, timeWindow: '15 minutes' } },
    },
    async (request, reply) => {
      const token = readCookie(request, pendingCookie);
      const userId = token && token.length <= 100 ? await security.pendingSignIn(token) : null;
      const user = userId ? await auth.userById(userId) : null;
      if (!token || !user)
        throw new HttpError(401, 'Your sign-in expired. Please enter your username and password again.');
      const keys = [loginKey(user.username, request.ip), codeKey(user.id)];
      try {
        await auth.assertNotLocked(...keys);
      } catch (error) {
        throw withRetryAfter(reply, error);
      }
      if (!(await security.verifyCode(user.id, request.body.code))) {
        await auth.recordFailure(...keys);
        throw new HttpError(401, 'That code is not right. Please try again.');
      }
      await auth.clearFailures(...keys);
      await security.finishSecondFactor(token);
      clearCookie(reply, pendingCookie, pendingCookieOptions);
      await reply.startSession(user.id, 'code');
      return user;
    },
  );

  passkeySignIn(app, auth, security);

  app.post('/api/logout', { schema: { response: { 200: messageSchema } } }, async (_request, reply) => {
    await reply.endSession();
    return { message: 'Logged out' };
  });

  app.get('/api/user', { schema: { response: { 200: publicUserSchema } } }, async (request) => {
    const user = await request.currentUser();
    if (!user) throw new HttpError(401, 'Not authenticated');
    return user;
  });
};

/** Signing in with a passkey: a challenge, then the passkey's signed answer. */
function passkeySignIn(
  app: Parameters<FastifyPluginAsyncZod>[0],
  auth: AuthService,
  security: SecurityService,
) {
  /** Sign-in with a passkey, step 1: a challenge for any passkey of this site the browser holds. */
  app.post(
    '/api/login/passkey/options',
    {
      schema: { response: { 200: z.object({ options: z.record(z.string(), z.unknown()) }) } },
      config: { rateLimit: { max: 30, timeWindow: '15 minutes' } },
    },
    async () => ({ options: (await security.passkeySignInOptions()) as unknown as Record<string, unknown> }),
  );

  /** Sign-in with a passkey, step 2: the passkey's signed answer. A passkey is both factors. */
  app.post(
    '/api/login/passkey',
    {
      schema: { body: passkeyAssertionSchema, response: { 200: publicUserSchema } },
      config: { rateLimit: { max: 30, timeWindow: '15 minutes' } },
    },
    async (request, reply) => {
      const key = `passkey|${request.ip}`;
      try {
        await auth.assertNotLocked(key);
      } catch (error) {
        throw withRetryAfter(reply, error);
      }
      const userId = await security.verifyPasskeySignIn(request.body as never);
      const user = userId ? await auth.userById(userId) : null;
      if (!user) {
        await auth.recordFailure(key);
        throw new HttpError(401, 'That passkey could not sign you in. Try again, or use your password.');
      }
      await auth.clearFailures(key);
      await reply.startSession(user.id, 'passkey');
      return user;
    },
  );
}
