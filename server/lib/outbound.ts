/**
 * Every request the server makes goes out through this module (issue 62, point 4): imported
 * posts' images (issue 34), Webmention's pages, the owner's calendars (CalDAV and feeds), a
 * fediverse follower's inbox and a remote actor's avatar, the AI provider and GitHub. Nothing under
 * server/modules calls the global `fetch`, node:http(s) or undici itself (outbound-only.test.ts).
 *
 * An address that came from outside is guarded: http(s) only, public internet addresses only
 * (checked by the connection itself, on every redirect), at most a few redirects, a size limit and
 * a time limit. The hosts the operator configured (the AI provider's AI_BASE_URL, GitHub's
 * GITHUB_OAUTH_URL and GITHUB_API_URL) are exempted from the address check by that configuration
 * (a model on the home network is the operator's choice), never from the limits. The tests'
 * stand-ins on 127.0.0.1 are allowed by OUTBOUND_ALLOW_PRIVATE_ADDRESSES or by name.
 */
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { type AddressRules, connectionCheck, NOT_PUBLIC, Refused } from './address-check.ts';
import { guardedScope } from './outbound-scope.ts';

export { NOT_PUBLIC };

export interface RemoteImages {
  /** The image's bytes; an Error whose message says why not, in words for the import's report. */
  fetch(url: string): Promise<Buffer>;
}

export interface HttpImagesOptions extends AddressRules {
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
}

/** Requests whose connections only reach what the options allow (`connectionCheck`). */
function guardedRequests(options: HttpImagesOptions) {
  const { lookup: checkedLookup, literal } = connectionCheck(options);

  /** One request to `address`, its connection checked as above; the answer's head and body. */
  const open = (
    address: URL,
    signal: AbortSignal,
    {
      method = 'GET',
      headers = {},
      body,
    }: { method?: string; headers?: Record<string, string>; body?: string | Uint8Array } = {},
  ) =>
    new Promise<IncomingMessage>((done, fail) => {
      const send = address.protocol === 'https:' ? httpsRequest : httpRequest;
      const request = send(address, {
        method,
        headers,
        signal,
        lookup: checkedLookup,
        // A fresh connection for each request: a kept-alive socket would skip the check.
        agent: false,
      });
      request.once('response', done);
      request.once('error', fail);
      request.end(body);
    });

  const check = (address: URL) => {
    if (address.protocol !== 'http:' && address.protocol !== 'https:') {
      throw new Refused('only http and https addresses are fetched');
    }
    literal(address.hostname);
  };

  /** An answer's body, refused past `maxBytes`. */
  const read = async (response: IncomingMessage, maxBytes: number) => {
    const declared = Number(response.headers['content-length'] ?? 0);
    if (declared > maxBytes) {
      response.destroy();
      throw new Refused(`it is larger than ${sizeWords(maxBytes)}`);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) {
        response.destroy();
        throw new Refused(`it is larger than ${sizeWords(maxBytes)}`);
      }
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks);
  };

  /**
   * One request and the redirects it is answered with, each address checked again: at most
   * `maxRedirects` are followed, a 303 (or a POST's 301 and 302) as a GET without its body;
   * with `manual`, a redirect is the answer. The last answer (its body not yet read) and where it
   * came from.
   */
  const follow = async (
    first: URL,
    signal: AbortSignal,
    request: { method?: string; headers?: Record<string, string>; body?: string | Uint8Array | undefined },
    { maxRedirects, manual = false }: { maxRedirects: number; manual?: boolean },
  ) => {
    let address = first;
    let method = request.method ?? 'GET';
    let body = request.body;
    for (let hop = 0; ; hop++) {
      check(address);
      const headers = { ...request.headers };
      if (body === undefined) delete headers['content-length'];
      else headers['content-length'] = String(Buffer.byteLength(body));
      const response = await open(address, signal, { method, headers, body });
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (manual || status < 300 || status >= 400 || !location) return { response, status, address };
      response.destroy();
      if (hop >= maxRedirects) throw new Refused('it redirects too many times');
      address = new URL(location, address);
      if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
      }
    }
  };

  /**
   * One exchange with `url` (its redirects as `follow` takes them) against a time limit, `handle`
   * given the last answer; a failure comes out as words for a report (a refusal says why; the rest
   * says what happened). `given` is a signal of the caller's, which also ends it.
   */
  const exchange = async <T>(
    url: string,
    { timeoutMs, given }: { timeoutMs: number; given?: AbortSignal | null | undefined },
    request: Parameters<typeof follow>[2],
    redirects: Parameters<typeof follow>[3],
    handle: (answer: Awaited<ReturnType<typeof follow>>) => Promise<T>,
  ): Promise<T> => {
    const first = addressOf(url);
    const signal = given
      ? AbortSignal.any([given, AbortSignal.timeout(timeoutMs)])
      : AbortSignal.timeout(timeoutMs);
    try {
      return await handle(await follow(first, signal, request, redirects));
    } catch (error) {
      if (error instanceof Refused) throw new Error(error.message);
      // The connection's own check refused it (the error passes through the socket).
      const cause = (error as { cause?: unknown }).cause;
      if (cause instanceof Refused) throw new Error(cause.message);
      if (signal.aborted) throw new Error(`no answer within ${timeoutMs / 1000} s`);
      throw new Error('the site could not be reached');
    }
  };

  return { exchange, read };
}

const sizeWords = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;

const addressOf = (url: string) => {
  try {
    return new URL(url);
  } catch {
    throw new Error('it is not a web address');
  }
};

export function httpImages(options: HttpImagesOptions = {}): RemoteImages {
  const { timeoutMs = 15_000, maxBytes = 15 * 1024 * 1024, maxRedirects = 3 } = options;
  const { exchange, read } = guardedRequests(options);

  return {
    fetch: (url) =>
      exchange(
        url,
        { timeoutMs },
        { headers: { accept: 'image/*' } },
        { maxRedirects },
        async ({ response, status }) => {
          if (status < 200 || status >= 300) {
            response.destroy();
            throw new Refused(`the site answered ${status}`);
          }
          const type = response.headers['content-type'] ?? '';
          if (!/^image\//i.test(type) && !/^application\/octet-stream/i.test(type)) {
            response.destroy();
            throw new Refused(`it is not an image (${type.split(';')[0] || 'no type'})`);
          }
          return await read(response, maxBytes);
        },
      ),
  };
}

/** A page on another site, as `RemotePages.get` gives it. */
export interface RemotePage {
  /** Its address after any redirects. */
  url: URL;
  status: number;
  headers: IncomingHttpHeaders;
  /** Its body as text (UTF-8), at most the size limit; empty unless the answer was 2xx. */
  text: string;
}

/** Pages on other sites (Webmention, issue 47), through the same guard as images. */
export interface RemotePages {
  /** GETs a page, following a few redirects: any status comes back, a refusal throws in words. */
  get(url: string, accept: string): Promise<RemotePage>;
  /** POSTs a form, following no redirect: the answer's status. */
  postForm(url: string, form: Record<string, string>): Promise<number>;
}

export function httpPages(options: HttpImagesOptions = {}): RemotePages {
  const { timeoutMs = 10_000, maxBytes = 1024 * 1024, maxRedirects = 5 } = options;
  const { exchange, read } = guardedRequests(options);
  const userAgent = 'portfolio-site (Webmention)';
  return {
    get: (url, accept) =>
      exchange(
        url,
        { timeoutMs },
        { headers: { accept, 'user-agent': userAgent } },
        { maxRedirects },
        async ({ response, status, address }) => {
          const ok = status >= 200 && status < 300;
          const text = ok ? (await read(response, maxBytes)).toString('utf8') : '';
          if (!ok) response.destroy();
          return { url: address, status, headers: response.headers, text };
        },
      ),
    postForm: (url, form) =>
      exchange(
        url,
        { timeoutMs },
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': userAgent },
          body: new URLSearchParams(form).toString(),
        },
        { maxRedirects: 0, manual: true },
        async ({ response, status }) => {
          response.resume();
          return status;
        },
      ),
  };
}

/** What tests reach: only this machine's stand-in servers, never the internet. */
const LOOPBACK: HttpImagesOptions = {
  allowAddress: (address) => address === '127.0.0.1' || address === '::1',
  hosts: /^(127\.0\.0\.1|localhost|::1)$/,
};

/** What tests use for images: only this machine's stand-in servers. */
export const loopbackImages = (options: HttpImagesOptions = {}) => httpImages({ ...LOOPBACK, ...options });

/**
 * A `fetch` for a client that makes its own requests (CalDAV's PROPFIND, REPORT, PUT and DELETE,
 * issue 49) through the same guard: http(s) only, each connection's address checked (on every
 * redirect), a time limit over the whole exchange and a size limit on each answer. A text or byte
 * body only (XML, iCalendar, JSON, a signed activity). `redirect: 'manual'` gives a redirect back
 * as it is; otherwise at most `maxRedirects` are followed, a 303 (or a POST's 301 and 302) as a
 * GET without its body.
 */
export function guardedFetch(options: HttpImagesOptions = {}): typeof fetch {
  const { timeoutMs = 10_000, maxBytes = 1024 * 1024, maxRedirects = 5 } = options;
  const { exchange, read } = guardedRequests(options);
  return async (input, init = {}) => {
    const request = input instanceof Request ? input : null;
    const method = (init.method ?? request?.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = {};
    for (const [name, value] of new Headers(init.headers ?? request?.headers)) headers[name] = value;
    let body: string | Uint8Array | undefined;
    if (init.body == null) body = undefined;
    else if (typeof init.body === 'string' || init.body instanceof Uint8Array) body = init.body;
    else if (init.body instanceof ArrayBuffer) body = new Uint8Array(init.body);
    else if (init.body instanceof URLSearchParams) body = init.body.toString();
    else throw new TypeError('only a text or byte body is sent');
    return exchange(
      request ? request.url : String(input),
      { timeoutMs, given: init.signal },
      { method, headers, body },
      { maxRedirects, manual: init.redirect === 'manual' },
      async ({ response, status, address }) => {
        const bytes = await read(response, maxBytes);
        const answer = new Response([101, 204, 205, 304].includes(status) ? null : new Uint8Array(bytes), {
          status,
          statusText: response.statusMessage ?? '',
          headers: headersOf(response.headers),
        });
        Object.defineProperty(answer, 'url', { value: address.href });
        return answer;
      },
    );
  };
}

const headersOf = (incoming: IncomingHttpHeaders) => {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value])
      headers.append(name, one);
  }
  return headers;
};

/** The site's configuration as far as calling out goes. */
export interface OutboundConfig {
  /** Tests only: the stand-ins on 127.0.0.1 may be reached. */
  OUTBOUND_ALLOW_PRIVATE_ADDRESSES?: boolean | undefined;
  AI_BASE_URL?: string | undefined;
  GITHUB_OAUTH_URL?: string | undefined;
  GITHUB_API_URL?: string | undefined;
}

/** The hosts the operator configured (exempted from the address check, never from the limits). */
export function configuredHosts(config: OutboundConfig): string[] {
  return [config.AI_BASE_URL, config.GITHUB_OAUTH_URL, config.GITHUB_API_URL]
    .map((address) => {
      try {
        return address ? new URL(address).hostname.replace(/^\[|\]$/g, '') : null;
      } catch {
        return null;
      }
    })
    .filter((host): host is string => host !== null);
}

/**
 * The guard as the configuration sets it, for a module to build its clients from:
 * `fetch(limits)` for a client's own requests, `images(limits)` and `pages(limits)`.
 */
export function outbound(config: OutboundConfig) {
  const base: HttpImagesOptions = {
    exemptHosts: configuredHosts(config),
    ...(config.OUTBOUND_ALLOW_PRIVATE_ADDRESSES ? { allowAddress: () => true } : {}),
  };
  type Limits = Pick<HttpImagesOptions, 'timeoutMs' | 'maxBytes' | 'maxRedirects'>;
  return {
    fetch: (limits: Limits = {}) => guardedFetch({ ...base, ...limits }),
    /** For a library's own fetches (its redirects are its own): `run(work)` under the guard. */
    scope: (limits: Omit<Limits, 'maxRedirects'> = {}) => guardedScope({ ...base, ...limits }),
    images: (limits: Limits = {}) => httpImages({ ...base, ...limits }),
    pages: (limits: Limits = {}) => httpPages({ ...base, ...limits }),
  };
}

/** What tests use for a client's own requests: only this machine's stand-in servers. */
export const loopbackFetch = (options: HttpImagesOptions = {}) => guardedFetch({ ...LOOPBACK, ...options });
