/**
 * Minimal cookies: parsed from the request only when a route asks, set with an
 * explicit Set-Cookie header. Replaces @fastify/cookie, whose global onSend hook
 * ran on every response although only sign-in routes set cookies.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface CookieOptions {
  path: string;
  httpOnly: boolean;
  sameSite: 'lax' | 'strict';
  secure: boolean;
  /** Seconds; 0 deletes the cookie; none keeps it for the browser's session. */
  maxAge?: number;
}

const parsed = new WeakMap<FastifyRequest, Map<string, string>>();

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The value of a request cookie, or undefined. The header is parsed once per request. */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  let cookies = parsed.get(request);
  if (!cookies) {
    cookies = new Map();
    for (const part of (request.headers.cookie ?? '').split(';')) {
      const eq = part.indexOf('=');
      if (eq <= 0) continue;
      const key = part.slice(0, eq).trim();
      // The first occurrence wins, as browsers send the most specific cookie first.
      if (key && !cookies.has(key))
        cookies.set(
          key,
          decode(
            part
              .slice(eq + 1)
              .trim()
              .replace(/^"(.*)"$/, '$1'),
          ),
        );
    }
    parsed.set(request, cookies);
  }
  return cookies.get(name);
}

export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${options.path}`];
  if (options.maxAge !== undefined) parts.push(`Max-Age=${options.maxAge}`);
  if (options.maxAge === 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  if (options.httpOnly) parts.push('HttpOnly');
  if (options.secure) parts.push('Secure');
  parts.push(`SameSite=${options.sameSite === 'lax' ? 'Lax' : 'Strict'}`);
  return parts.join('; ');
}

/** Adds a Set-Cookie header (Fastify keeps every Set-Cookie value). */
export function setCookie(
  reply: FastifyReply,
  name: string,
  value: string,
  options: CookieOptions,
): FastifyReply {
  return reply.header('set-cookie', serializeCookie(name, value, options));
}

export function clearCookie(
  reply: FastifyReply,
  name: string,
  options: Omit<CookieOptions, 'maxAge'>,
): FastifyReply {
  return setCookie(reply, name, '', { ...options, maxAge: 0 });
}
