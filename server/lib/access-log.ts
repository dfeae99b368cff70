/**
 * What the server logs: one access line per request (no headers, secrets in the address
 * redacted), and the Pino options that go with it.
 */
import {
  type FastifyError,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import type { Config } from '../config.ts';
import { redactAddress } from './private-addresses.ts';

/**
 * The request fields logged for each request: no headers, so no cookie or authorization, and the
 * address with its secrets redacted (private-addresses.ts).
 */
export function serializeRequestForLog(request: { method: string; url: string; ip?: string }) {
  return { method: request.method, url: redactAddress(request.url) };
}

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    serializers: { req: serializeRequestForLog },
    // The req serializer never emits headers; these catch secrets in objects logged by hand.
    redact: { paths: ['*.password', '*.token', '*.accessToken'], censor: '[redacted]' },
  };
}

/**
 * One access-log line per request, written when it completes, instead of
 * Fastify's two (incoming + completed). Writes, client errors and failures are
 * logged at info (errors at error); successful reads at debug: they are the
 * bulk of the traffic, and logging each cost a third of the cached read
 * throughput (bench/api.ts). LOG_LEVEL=debug logs every request. Health probes
 * are never logged.
 */
export class AccessLog extends LogController {
  constructor() {
    super({
      disableRequestLogging: (request) =>
        request.url === '/healthz' || request.url === '/readyz' || request.url === '/metrics',
    });
  }

  override incomingRequest(): void {}

  override requestCompleted(error: FastifyError | null, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const fields = {
      req: request,
      res: { statusCode: reply.statusCode },
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else if (reply.statusCode >= 400 || (request.method !== 'GET' && request.method !== 'HEAD')) {
      reply.log.info(fields, 'request completed');
    } else reply.log.debug(fields, 'request completed');
  }
}
