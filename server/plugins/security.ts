/**
 * The security baseline of every response and every state-changing request:
 * security headers, an origin check, JSON or multipart bodies only, and the
 * rate-limit machinery the routes configure (in memory, or Redis when set).
 */
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
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
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        // Project demos are other sites shown in frames.
        frameSrc: ["'self'", 'https:'],
        mediaSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: config.isProduction ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: config.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });

  // Only JSON and multipart bodies are accepted: the default text/plain parser would let a
  // cross-site form post a "simple" request without a CORS preflight.
  app.removeContentTypeParser('text/plain');

  const allowedOrigins = new Set([new URL(config.publicUrl).origin]);
  app.addHook('onRequest', (request, _reply, done) => {
    if (!STATE_CHANGING.has(request.method)) return done();
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

/** Rate-limit settings of a public form: a handful per IP per 10 minutes. */
export const publicFormLimit = { max: 5, timeWindow: '10 minutes' } as const;
