/**
 * Accounts and sign-in: passwords (with lockouts that outlive a restart), GitHub, the second
 * step (authenticator app, recovery codes, passkeys), sessions, and the owner's security page.
 */
import type { Redis } from 'ioredis';
import { profile } from '../../../content/profile.ts';
import { databaseFailureCounter, redisFailureCounter } from '../../lib/failure-counter.ts';
import { clockOf, type SiteContext, type SiteModule } from '../../lib/site-module.ts';
import { databaseWindowCounters } from '../../lib/window-counters.ts';
import { securityAdminRoutes } from './admin-routes.ts';
import { githubRoutes } from './github.ts';
import { authRoutes } from './routes.ts';
import { createSecurityService } from './security.ts';
import { ACCOUNT_PACE_MS, createAuthService, LOGIN_WINDOW_MS } from './service.ts';
import { createSignInLinks } from './sign-in-links.ts';

export async function authModule(context: SiteContext, redis: Redis | undefined) {
  const { db, config, serverSecret, now, log, mail } = context;
  // Sign-in failures are counted in Redis when set, otherwise in the database; they follow the
  // test clock when there is one (a lockout's window can pass in a test).
  const counters = now ? databaseWindowCounters(db, () => now().getTime()) : context.counters;
  const failureCounter = (windowMs: number) =>
    redis ? redisFailureCounter(redis, windowMs) : databaseFailureCounter(counters, windowMs);
  const auth = createAuthService(db, failureCounter(LOGIN_WINDOW_MS), failureCounter(ACCOUNT_PACE_MS));
  const security = createSecurityService(db, {
    publicUrl: config.publicUrl,
    siteName: profile.name,
    serverSecret,
    ...clockOf(context),
  });
  // The way in that needs no set-up while strangers guess the password: a link to the account's mailbox.
  const links = createSignInLinks(db, {
    mail,
    from: config.MAIL_FROM ?? config.NOTIFY_EMAIL,
    ownerEmail: config.NOTIFY_EMAIL,
    publicUrl: config.publicUrl,
    siteName: profile.name,
    ...clockOf(context),
    log,
  });
  // Authenticator secrets are sealed under the server secret, never kept (or backed up) in plain text.
  const { unreadable } = await security.sealStoredSecrets();
  for (const username of unreadable) {
    log.warn(
      { username },
      'this authenticator app was set up under another server secret (SESSION_SECRET or DATA_DIR/secret): sign in with a recovery code or a passkey and set it up again, or run npm run admin:reset-2fa',
    );
  }
  return {
    name: 'auth',
    auth,
    routes: async (app) => {
      await app.register(authRoutes, { auth, security, links, config });
      await app.register(githubRoutes, { config, db });
    },
    adminRoutes: async (app) => {
      await app.register(securityAdminRoutes, { security });
    },
  } satisfies SiteModule & Record<string, unknown>;
}
