import { afterEach, describe, expect, it, vi } from 'vitest';
import { staticEmptyDefault } from './api.ts';
import { ApiError, apiRequest, errorMessage, getQueryFn } from './request.ts';
import { staticStorageKey } from './static-mode.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

function stubFetch(response: Response) {
  const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => response);
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const queryContext = (path: string) =>
  ({ queryKey: [path], signal: new AbortController().signal, meta: undefined }) as never;

describe('apiRequest', () => {
  it('sends JSON with a content type only when there is a body, always with credentials', async () => {
    const fetch = stubFetch(new Response('{}', { status: 201 }));
    await apiRequest('POST', '/api/login', { username: 'dana' });
    expect(fetch).toHaveBeenLastCalledWith('/api/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"username":"dana"}',
      credentials: 'include',
    });
    await apiRequest('POST', '/api/logout');
    expect(fetch).toHaveBeenLastCalledWith('/api/logout', {
      method: 'POST',
      headers: {},
      body: undefined,
      credentials: 'include',
    });
  });

  it("throws 'status: text' for a non-OK answer, with the status text when the body is empty", async () => {
    stubFetch(new Response('{"message":"Invalid username or password"}', { status: 401 }));
    const failure = await apiRequest('POST', '/api/login', {}).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).message).toBe('401: {"message":"Invalid username or password"}');
    expect(errorMessage(failure)).toBe('Invalid username or password');

    stubFetch(new Response(null, { status: 503, statusText: 'Service Unavailable' }));
    const empty = await apiRequest('GET', '/api/blog').catch((error: unknown) => error);
    expect((empty as ApiError).message).toBe('503: Service Unavailable');
  });

  it('prefers the error field of a body (the endorsement route sends one)', () => {
    expect(
      new ApiError(409, '{"message":"x","error":"You have already endorsed this skill"}').serverMessage,
    ).toBe('You have already endorsed this skill');
    expect(new ApiError(500, 'plain text').serverMessage).toBe('plain text');
  });
});

describe('getQueryFn', () => {
  it('GETs the first element of the query key with credentials', async () => {
    const fetch = stubFetch(Response.json([{ id: 1 }]));
    expect(await getQueryFn({ on401: 'throw' })(queryContext('/api/blog'))).toEqual([{ id: 1 }]);
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/blog');
    expect(fetch.mock.calls[0]?.[1]).toMatchObject({ credentials: 'include' });
  });

  it('gives null for a 401 with returnNull, and throws with throw', async () => {
    stubFetch(new Response('{"message":"Not authenticated"}', { status: 401 }));
    expect(await getQueryFn({ on401: 'returnNull' })(queryContext('/api/user'))).toBeNull();
    stubFetch(new Response('{"message":"Not authenticated"}', { status: 401 }));
    await expect(getQueryFn({ on401: 'throw' })(queryContext('/api/user'))).rejects.toThrow(
      '401: {"message":"Not authenticated"}',
    );
  });

  it('gives null for a 404 with on404 returnNull (a row deleted since), and throws without it', async () => {
    stubFetch(new Response('{"message":"Post not found"}', { status: 404 }));
    expect(
      await getQueryFn({ on401: 'throw', on404: 'returnNull' })(queryContext('/api/admin/posts/9')),
    ).toBeNull();
    stubFetch(new Response('{"message":"Post not found"}', { status: 404 }));
    await expect(getQueryFn({ on401: 'throw' })(queryContext('/api/admin/posts/9'))).rejects.toThrow(
      '404: {"message":"Post not found"}',
    );
  });
});

describe('static mode helpers', () => {
  it("keys browser storage by 'api_' plus the last path segment", () => {
    expect(staticStorageKey('/api/blog')).toBe('api_blog');
    expect(staticStorageKey('/api/blog/my-post')).toBe('api_my-post');
    expect(staticStorageKey('/api/skills?x=1')).toBe('api_skills');
  });

  it('falls back to the empty defaults of section 8', () => {
    expect(staticEmptyDefault('/api/blog')).toEqual([]);
    expect(staticEmptyDefault('/api/skills')).toEqual({ frontend: [], backend: [], devops: [] });
    expect(staticEmptyDefault('/api/projects/stackzen')).toEqual({});
  });
});
