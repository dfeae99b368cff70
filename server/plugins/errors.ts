/**
 * The one error handler. 4xx answers carry `{message, errors?: {field: message}}`
 * with the validation message the client shows; 5xx answers carry only a generic
 * message and the request id, which is also in the log next to the real error.
 */
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { signInPath } from '../../common/back-path.ts';
import { SIGN_IN_AGAIN } from '../../common/constants.ts';
import { HttpError } from '../lib/http-error.ts';
import { escapeXml } from '../lib/markup.ts';

export interface ErrorBody {
  message: string;
  /** The message again, on routes whose client reads `error` (config.errorField). */
  error?: string;
  errors?: Record<string, string>;
  requestId?: string;
}

async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const withErrorField = (body: ErrorBody): ErrorBody =>
      request.routeOptions.config.errorField ? { ...body, error: body.message } : body;
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        errors[field] ??= issue.message ?? 'Invalid value';
      }
      const first = error.validation[0]?.message ?? 'Invalid request';
      return reply.code(400).send(withErrorField({ message: first, errors }));
    }
    // A page refused before it could render (a control character in its address, a form post too
    // large or with a file the page takes none of): a plain page that says so, not JSON in a tab.
    const refuse = (status: number, body: ErrorBody) =>
      isPageRequest(request.url, request.method, request.headers.accept)
        ? reply
            .code(status)
            .type('text/html; charset=utf-8')
            .send(
              plainPage(
                `${status} ${STATUS_CODES[status] ?? 'Error'}`,
                body.message,
                signInAgain(status, request.url),
              ),
            )
        : reply.code(status).send(withErrorField(body));
    if (error instanceof HttpError) {
      const body: ErrorBody = { message: error.message };
      if (error.errors) body.errors = error.errors;
      return refuse(error.statusCode, body);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, media type): their messages are safe.
      return refuse(status, { message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .code(500)
      .send({ message: 'Internal Server Error', requestId: request.id } satisfies ErrorBody);
  });

  app.setNotFoundHandler((request, reply) => {
    if (isApiUrl(request.url)) {
      return reply.code(404).send({ message: 'Not found' } satisfies ErrorBody);
    }
    return reply
      .code(404)
      .type('text/html; charset=utf-8')
      .send(plainPage('404 Page Not Found', 'Did you forget to add the page to the router?'));
  });
}

const isApiUrl = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/** A page's data for its code (`/blog.data`, `/_.data?…`), which reads the answer as JSON. */
export const isPageData = (url: string) => /\.data(?:\?|$)/.test(url);

/**
 * A page the browser shows as it comes: not the API, nor a page's data for its code (`.data`); a
 * post only from a browser's own form (it asks for HTML), not a server's (an ActivityPub inbox).
 */
const isPageRequest = (url: string, method: string, accept = '') =>
  !isApiUrl(url) &&
  !isPageData(url) &&
  (method === 'GET' || method === 'HEAD' || accept.includes('text/html'));

/** A page refused for want of a session offers signing in beside it, as a form's notice does. */
const signInAgain = (status: number, url: string): string | undefined =>
  status === 401
    ? `<a href="${escapeXml(signInPath(new URL(url, 'http://site.invalid').pathname))}" target="_blank" rel="noopener">${SIGN_IN_AGAIN}</a>`
    : undefined;

/**
 * A page without the app, for addresses the app never sees. Its texts are ours or Fastify's (a body
 * refused), and escaped all the same: a parser's message may quote what was sent. `link` is markup.
 */
export const plainPage = (title: string, text: string, link = '<a href="/">Go to the home page</a>') =>
  '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark">' +
  `<title>${escapeXml(title)}</title></head>` +
  `<body><h1>${escapeXml(title)}</h1><p>${escapeXml(text)}</p><p>${link}</p></body></html>`;

export default fp(errorsPlugin, { name: 'errors' });

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Repeat the message as `error` in 4xx bodies, for clients that read that field. */
    errorField?: boolean;
  }
}
