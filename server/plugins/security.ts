/**
 * The security baseline of every response and every state-changing request:
 * security headers, an origin check, JSON or multipart bodies only, and the
 * rate-limit machinery the routes configure (in memory, or Redis when set).
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import { HttpError } from '../lib/http-error.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface SecurityOptions {
  config: Config;
  /** Shared rate-limit counters across processes; in memory when absent. */
  redis?: Redis;
}

async function securityPlugin(app: FastifyInstance, { config, redis }: SecurityOptions) {
  const { api, page } = securityHeaders(config);
  // One precomputed object set once per request: @fastify/helmet's per-header middleware cost
  // ~40% of the cached read throughput in bench/api.ts.
  // The only hook every request runs: a callback-style one, cheaper than async.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? api : page);
    reply.header('x-request-id', request.id);
    done();
  });

  // Only JSON and multipart bodies are accepted: the default text/plain parser would let a
  // cross-site form post a "simple" request without a CORS preflight.
  app.removeContentTypeParser('text/plain');

  const allowedOrigins = new Set([new URL(config.publicUrl).origin]);
  const checkOrigin: onRequestHookHandler = (request, _reply, done) => {
    const origin = request.headers.origin;
    const sameOrigin = `${request.protocol}://${request.host}`;
    if (origin !== undefined) {
      if (origin !== sameOrigin && !allowedOrigins.has(origin)) {
        return done(new HttpError(403, 'Cross-origin requests are not allowed'));
      }
    } else if (request.headers['sec-fetch-site'] === 'cross-site') {
      return done(new HttpError(403, 'Cross-origin requests are not allowed'));
    }
    done();
  };
  // Attached to state-changing routes only, so reads pay nothing for it.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((method) => STATE_CHANGING.has(method))) return;
    const existing = route.onRequest
      ? Array.isArray(route.onRequest)
        ? route.onRequest
        : [route.onRequest]
      : [];
    route.onRequest = [checkOrigin, ...existing];
  });

  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'portfolio-rl:' } : {}),
    // A limiter that cannot reach Redis lets the request through rather than failing it.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  });
}

export default fp(securityPlugin, { name: 'security' });

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
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
    },
  };
}

/** Rate-limit settings of a public form: a handful per IP per 10 minutes. */
export const publicFormLimit = { max: 5, timeWindow: '10 minutes' } as const;

/**
 * The Content-Security-Policy of a page. With a nonce (pages rendered by the
 * web app), inline scripts carrying it may run: the theme script and React
 * Router's hydration data. In development Vite's client needs inline scripts,
 * eval and its websocket.
 */
export function pageCsp(
  config: Config,
  { nonce, dev = false }: { nonce?: string; dev?: boolean } = {},
): string {
  const scripts = dev ? "'self' 'unsafe-inline' 'unsafe-eval'" : nonce ? `'self' 'nonce-${nonce}'` : "'self'";
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    dev ? "connect-src 'self' ws: wss:" : "connect-src 'self'",
    // Project demos are other sites shown in frames.
    "frame-src 'self' https:",
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
    ...(config.isHttps ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}
