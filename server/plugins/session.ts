/**
 * Session cookies. The cookie holds a random 256-bit token; the database holds
 * its SHA-256. The user is looked up lazily, once per request, only by routes
 * that ask, so public cached reads never touch the sessions table.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { clearCookie, readCookie, setCookie } from '../lib/cookies.ts';
import { DEVICE_COOKIE_MAX_AGE_S, type DeviceCookies } from '../lib/device-cookie.ts';
import { HttpError, signInRequired } from '../lib/http-error.ts';
import {
  type AuthService,
  type PublicUser,
  SESSION_TTL_MS,
  type SessionDetails,
} from '../modules/auth/service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null. Looked up on first call, then remembered. */
    currentUser(): Promise<PublicUser | null>;
    /** The session token in the request's cookie, if any (to mark "this device" in the sessions list). */
    sessionToken(): string | undefined;
    /** Whether this browser has signed in as this user before (its device cookie). */
    isKnownDevice(userId: number): boolean;
  }
  interface FastifyReply {
    /** Starts a session, noting the device, address and how it signed in (`method`) for the sessions list. */
    startSession(userId: number, method?: SessionDetails['method']): Promise<void>;
    endSession(): Promise<void>;
  }
}

export interface SessionOptions {
  config: Config;
  auth: AuthService;
  devices: DeviceCookies;
}

export function sessionCookieName(config: Config): string {
  // The __Host- prefix makes browsers refuse the cookie unless it is Secure, host-only and Path=/.
  return config.isHttps ? '__Host-sid' : 'sid';
}

/** The cookie of a browser that has signed in before (lib/device-cookie.ts). */
export function deviceCookieName(config: Config): string {
  return config.isHttps ? '__Host-sdev' : 'sdev';
}

async function sessionPlugin(app: FastifyInstance, { config, auth, devices }: SessionOptions) {
  const name = sessionCookieName(config);
  const deviceName = deviceCookieName(config);
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.isHttps,
  };
  const cache = new WeakMap<FastifyRequest, Promise<PublicUser | null>>();
  /** Requests whose answer was made for a signed-in user (its session was looked up and found). */
  const personal = new WeakSet<FastifyRequest>();

  app.decorateRequest('currentUser', function (this: FastifyRequest) {
    let pending = cache.get(this);
    if (!pending) {
      const token = readCookie(this, name);
      pending = token && token.length <= 100 ? auth.userForSession(token) : Promise.resolve(null);
      pending.then((user) => user && personal.add(this)).catch(() => undefined);
      cache.set(this, pending);
    }
    return pending;
  });

  // An API answer made for one signed-in user, and anything about the signed-in user or the
  // owner's dashboard, is kept by nobody: no shared cache, no browser cache, no back button copy.
  // (Pages have their own rule in plugins/web.ts: 'private, no-cache' with an ETag.)
  const keepNowhere: onSendHookHandler = (request, reply, payload, done) => {
    if (PERSONAL_API.test(request.url) || personal.has(request))
      reply.header('cache-control', 'private, no-store');
    done(null, payload);
  };
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    route.onSend = [keepNowhere, ...(route.onSend === undefined ? [] : [route.onSend].flat())];
  });

  app.decorateRequest('sessionToken', function (this: FastifyRequest) {
    const token = readCookie(this, name);
    return token && token.length <= 100 ? token : undefined;
  });

  app.decorateReply(
    'startSession',
    async function (this: FastifyReply, userId: number, method: SessionDetails['method'] = 'password') {
      // A new id at every sign-in: a session id planted before login is worthless after it.
      const old = readCookie(this.request, name);
      if (old) await auth.deleteSession(old);
      const { token } = await auth.createSession(userId, {
        userAgent: this.request.headers['user-agent'],
        ip: this.request.ip,
        method,
      });
      setCookie(this, name, token, { ...cookieOptions, maxAge: SESSION_TTL_MS / 1000 });
      // Kept past sign-out: it marks the browser, not the session.
      if (!devices.knows(readCookie(this.request, deviceName), userId)) {
        setCookie(this, deviceName, devices.issue(userId), {
          ...cookieOptions,
          sameSite: 'strict',
          maxAge: DEVICE_COOKIE_MAX_AGE_S,
        });
      }
    },
  );

  app.decorateRequest('isKnownDevice', function (this: FastifyRequest, userId: number) {
    return devices.knows(readCookie(this, deviceName), userId);
  });

  app.decorateReply('endSession', async function (this: FastifyReply) {
    const token = readCookie(this.request, name);
    if (token) await auth.deleteSession(token);
    clearCookie(this, name, cookieOptions);
  });
}

export default fp(sessionPlugin, { name: 'session' });

/** The signed-in user's own answers and the owner's dashboard: never stored by any cache. */
const PERSONAL_API = /^\/api\/(user|admin|auth|account)(\/|\?|$)/i;

/** onRequest hook (before the body is parsed or validated): 401 without a signed-in user, 403 for a user who is not an admin. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  const user = await request.currentUser();
  if (!user) throw signInRequired();
  if (!user.isAdmin) throw new HttpError(403, 'Admin access required');
}

/** onRequest hook (before the body is parsed or validated): 401 without a signed-in user. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!(await request.currentUser())) throw signInRequired();
}
