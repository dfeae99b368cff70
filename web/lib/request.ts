/**
 * The one request helper of spec section 7. JSON content type only with a
 * body, credentials included; a non-OK answer throws an ApiError whose message
 * is 'status: text' (the body, or the status text when empty). The query
 * function GETs the first element of the query key; a 401 throws or gives null, and so may a 404
 * (a row deleted since: the page says so instead of failing).
 */
import type { QueryFunction } from '@tanstack/react-query';
import { API_PREFIX } from './api.ts';
import { isStaticHost, staticRead } from './static-mode.ts';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly text: string,
  ) {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
  }

  /** The server's own message (`message` or `error` of a JSON body), else the text. */
  get serverMessage(): string {
    try {
      const body = JSON.parse(this.text) as { message?: unknown; error?: unknown };
      if (typeof body.error === 'string' && body.error) return body.error;
      if (typeof body.message === 'string' && body.message) return body.message;
    } catch {
      // Not JSON: the text itself.
    }
    return this.text;
  }
}

/** The message to show a person for a failed call: the server's words when it sent any. */
export function errorMessage(error: unknown): string | undefined {
  if (error instanceof ApiError) return error.serverMessage || undefined;
  if (error instanceof Error) return error.message || undefined;
  return undefined;
}

export const STATIC_UNAVAILABLE = 'This feature is not available on the static copy of the site.';

async function throwIfNotOk(response: Response): Promise<void> {
  if (!response.ok) {
    const text = (await response.text()) || response.statusText;
    throw new ApiError(response.status, text);
  }
}

export async function apiRequest(method: string, path: string, body?: unknown): Promise<Response> {
  if (isStaticHost() && path.startsWith(API_PREFIX)) {
    if (method === 'GET') return Response.json(await staticRead(path));
    throw new ApiError(503, JSON.stringify({ message: STATIC_UNAVAILABLE }));
  }
  const response = await fetch(path, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
  });
  await throwIfNotOk(response);
  return response;
}

/** apiRequest whose JSON answer is `T`: the answer's shape named once, from common/schemas. */
export async function requestJson<T>(method: string, path: string, body?: unknown): Promise<T> {
  return (await (await apiRequest(method, path, body)).json()) as T;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

export function getQueryFn<T>({
  on401,
  on404 = 'throw',
}: {
  on401: UnauthorizedBehavior;
  on404?: 'returnNull' | 'throw';
}): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const path = String(queryKey[0]);
    if (isStaticHost() && path.startsWith(API_PREFIX)) return (await staticRead(path)) as T;
    const response = await fetch(path, { credentials: 'include', signal });
    if (on401 === 'returnNull' && response.status === 401) return null;
    if (on404 === 'returnNull' && response.status === 404) return null;
    await throwIfNotOk(response);
    return (await response.json()) as T;
  };
}
