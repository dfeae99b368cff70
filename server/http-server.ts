/**
 * The bare Fastify instance the app is built on: request ids, the body limit, the access log,
 * which proxies are believed, zod schemas, and the 400 for an address that cannot be decoded.
 */
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { AccessLog } from './lib/access-log.ts';
import { collectAfterLargeBodies } from './lib/garbage.ts';
import { BAD_ADDRESS } from './lib/input-guard.ts';
import { randomId } from './lib/tokens.ts';
import { plainPage } from './plugins/errors.ts';
import { securityHeaders } from './plugins/security.ts';

/** The Fastify instance: request ids, body limit, the access log, trusted proxies, zod schemas. */
export function createServer(config: Config, logger: FastifyServerOptions['logger']): FastifyInstance {
  const headers = securityHeaders(config);
  const app = Fastify({
    logger,
    // 16 random bytes, 22 characters: a UUID's 36 were sent with every answer.
    genReqId: () => randomId(),
    // A request id sent by the client is not trusted for correlation in our logs.
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    logController: new AccessLog(),
    // An address the router cannot even decode (broken percent escapes): the same 400 as one
    // with a control character, with the usual headers, instead of Fastify's own answer.
    frameworkErrors: (_error, request, raw) => {
      const reply = raw as unknown as FastifyReply;
      const api = request.url.startsWith('/api/');
      reply
        .headers(api ? headers.api : headers.page)
        .header('x-request-id', request.id)
        .code(400);
      if (api) return reply.send({ message: BAD_ADDRESS });
      return reply.type('text/html; charset=utf-8').send(plainPage('400 Bad Request', BAD_ADDRESS));
    },
    // X-Forwarded-For is believed only from the proxies named (addresses) or counted (hops).
    trustProxy:
      typeof config.TRUST_PROXY === 'number'
        ? (_address: string, hop: number) => hop < (config.TRUST_PROXY as number)
        : config.TRUST_PROXY,
  });
  collectAfterLargeBodies(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app;
}
