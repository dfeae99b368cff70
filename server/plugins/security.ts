/**
 * The security baseline of every response and every state-changing request:
 * security headers, an origin check, JSON or multipart bodies only, no control
 * characters in addresses or bodies, a Host that is a host name (and http or
 * https from a trusted proxy), and the rate-limit machinery the routes
 * configure (counters in the database, or in Redis when set).
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, onRequestHookHandler, preValidationHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { demoFrameUrl } from '../../common/demo-frame.ts';
import { ISLAND_PAGE_ID } from '../../common/web-context.ts';
import { projects } from '../../content/projects.ts';
import type { Config } from '../config.ts';
import { HttpError } from '../lib/http-error.ts';
import { BAD_ADDRESS, bodyProblem, isCleanAddress } from '../lib/input-guard.ts';
import { ownAddressProblem, ownOrigin } from '../lib/own-address.ts';
import { rateLimitStore, type WindowCounters } from '../lib/window-counters.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface SecurityOptions {
  config: Config;
  /** Rate-limit counters in Redis when set; otherwise in the database (`counters`). */
  redis?: Redis;
  counters: WindowCounters;
}

async function securityPlugin(app: FastifyInstance, { config, redis, counters }: SecurityOptions) {
  const { api, page } = securityHeaders(config);
  // One precomputed object set once per request: @fastify/helmet's per-header middleware cost
  // ~40% of the cached read throughput in bench/api.ts.
  // The only hook every request runs: a callback-style one, cheaper than async.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? api : page);
    reply.header('x-request-id', request.id);
    // A control character or broken UTF-8 in the path or query never reaches a route or the database.
    if (!isCleanAddress(request.url)) return done(new HttpError(400, BAD_ADDRESS));
    // Nor a Host that is not a host name (RFC 9110 7.2), nor a protocol other than http(s) from a
    // trusted proxy: every route can build its own address.
    const problem = ownAddressProblem(request);
    if (problem !== null) return done(new HttpError(400, problem));
    done();
  });

  // Only JSON and multipart bodies are accepted: the default text/plain parser would let a
  // cross-site form post a "simple" request without a CORS preflight.
  app.removeContentTypeParser('text/plain');

  const allowedOrigins = new Set([new URL(config.publicUrl).origin]);
  const checkOrigin: onRequestHookHandler = (request, _reply, done) => {
    const origin = request.headers.origin;
    const sameOrigin = ownOrigin(request);
    if (origin !== undefined) {
      if (origin !== sameOrigin && !allowedOrigins.has(origin)) {
        return done(new HttpError(403, 'Cross-origin requests are not allowed'));
      }
    } else if (request.headers['sec-fetch-site'] === 'cross-site') {
      return done(new HttpError(403, 'Cross-origin requests are not allowed'));
    }
    done();
  };
  const checkBodyText: preValidationHookHandler = (request, _reply, done) => {
    const problem = request.body === undefined ? null : bodyProblem(request.body);
    if (problem !== null)
      return done(new HttpError(400, problem.message, { [problem.field]: problem.message }));
    done();
  };
  // Attached to state-changing routes only, so reads pay nothing for them.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((method) => STATE_CHANGING.has(method))) return;
    // A write meant for other sites' servers (the newsletter's RFC 8058 one-click) says so.
    if (!(route.config as { anyOrigin?: boolean } | undefined)?.anyOrigin)
      route.onRequest = [checkOrigin, ...listOf(route.onRequest)];
    // Bodies: after parsing, before the route's schema sees them.
    route.preValidation = [checkBodyText, ...listOf(route.preValidation)];
  });

  await app.register(rateLimit, {
    global: false,
    // Never in process memory: a restart must not hand a script a fresh allowance.
    ...(redis ? { redis, nameSpace: 'portfolio-rl:' } : { store: rateLimitStore(counters) }),
    // A limiter that cannot reach its store lets the request through rather than failing it.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  });
}

export default fp(securityPlugin, { name: 'security' });

/** A route's hooks of one kind as a list: none, one or several. */
const listOf = <T>(hooks: T | T[] | undefined): T[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

/**
 * The security headers (what helmet would set, computed once). Every response
 * carries a CSP, nosniff and Referrer-Policy (and HSTS in production). JSON API
 * answers are never documents, so their CSP forbids everything; pages get the
 * full policy and the browser-document headers.
 */
export function securityHeaders(config: Config): {
  api: Record<string, string>;
  page: Record<string, string>;
} {
  const common = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    // Powerful features the site never uses, off for it and every frame it embeds (a project's
    // demo too). Fullscreen (the demo panel) and passkeys keep their defaults (this site only).
    'permissions-policy': PERMISSIONS_POLICY,
    ...(config.isHttps ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };

  return {
    api: { 'content-security-policy': "default-src 'none'; frame-ancestors 'none'", ...common },
    page: {
      'content-security-policy': pageCsp(config),
      ...common,
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-site',
      'origin-agent-cluster': '?1',
      // Framing is the policy's `frame-ancestors` alone: every browser the site supports obeys
      // it over X-Frame-Options, and a second copy would be a second rule to keep in step.
    },
  };
}

/** Every feature named here is one Chromium, Firefox and Safari know (an unknown one is a console warning). */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'usb',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/** Rate-limit settings of a public form: a handful per IP per 10 minutes. */
export const publicFormLimit = { max: 5, timeWindow: '10 minutes' } as const;

/**
 * The origins of the projects' framed demos: a demo panel asks whether the site answers at all
 * (a no-cors request, demo-frame.tsx), which `connect-src` must let through to them alone.
 */
const DEMO_ORIGINS = [
  ...new Set(
    projects.flatMap((project) => {
      const url = demoFrameUrl(project);
      return url && /^https?:\/\//.test(url) ? [new URL(url).origin] : [];
    }),
  ),
];

/**
 * The demo origins a page may ask: on an island page (ADR 023), whose links each load a new
 * document with a policy of its own, only those its HTML names (a post names none: 118 bytes
 * fewer on the response a phone waits for); on a page hydrated whole, which may go on to any
 * project in place, every one.
 */
export function demoOriginsOf(html: string): string[] {
  return html.includes(`id="${ISLAND_PAGE_ID}"`)
    ? DEMO_ORIGINS.filter((origin) => html.includes(origin))
    : DEMO_ORIGINS;
}

/**
 * The Content-Security-Policy of a page. With script hashes (cached pages: the
 * hashes of exactly the inline scripts in their bytes, ADR 009), or with a nonce (pages rendered by the
 * web app), inline scripts carrying it may run: the theme script and React
 * Router's hydration data. In development Vite's client needs inline scripts,
 * eval and its websocket. A directive that would say what default-src says (fonts, media) is
 * left out: every page's response carries the policy, and a page's first round trip is 14.6 KB.
 */
export function pageCsp(
  config: Config,
  {
    nonce,
    dev = false,
    scriptHashes,
    demoOrigins = DEMO_ORIGINS,
  }: { nonce?: string; dev?: boolean; scriptHashes?: string[]; demoOrigins?: string[] } = {},
): string {
  const scripts = dev
    ? "'self' 'unsafe-inline' 'unsafe-eval'"
    : nonce
      ? `'self' 'nonce-${nonce}'`
      : scriptHashes?.length
        ? `'self' ${scriptHashes.join(' ')}`
        : "'self'";
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    ['connect-src', "'self'", ...(dev ? ['ws:', 'wss:'] : []), ...demoOrigins].join(' '),
    // Project demos are other sites shown in frames.
    "frame-src 'self' https:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
    ...(config.isHttps ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}
