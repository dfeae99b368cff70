import { afterEach, describe, expect, it, vi } from 'vitest';
import { staticFilePath } from '../../common/static-files.ts';
import { apiRequest, getQueryFn } from './request.ts';
import { isStaticHost } from './static-mode.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

function onStaticHost(stored: Record<string, string> = {}) {
  vi.stubGlobal('location', { hostname: 'jordan.github.io' });
  vi.stubGlobal('localStorage', { getItem: (key: string) => stored[key] ?? null });
}

const queryContext = (path: string) =>
  ({ queryKey: [path], signal: new AbortController().signal, meta: undefined }) as never;

describe('static-hosting mode', () => {
  it('is on for host names with a static-hosting marker only', () => {
    expect(isStaticHost('jordan.github.io')).toBe(true);
    expect(isStaticHost('portfolio.netlify.app')).toBe(true);
    expect(isStaticHost('portfolio.pages.dev')).toBe(true);
    expect(isStaticHost('jordanellis.dev')).toBe(false);
    expect(isStaticHost('localhost')).toBe(false);
  });

  it('reads browser storage first, without touching the network', async () => {
    onStaticHost({ api_blog: '[{"id":7}]' });
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    expect(await getQueryFn({ on401: 'throw' })(queryContext('/api/blog'))).toEqual([{ id: 7 }]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('then the exported JSON file at path + .json', async () => {
    onStaticHost();
    const fetch = vi.fn(async () => Response.json({ frontend: [{ id: 1 }], backend: [], devops: [] }));
    vi.stubGlobal('fetch', fetch);
    const skills = await (await apiRequest('GET', '/api/skills')).json();
    expect(skills.frontend).toEqual([{ id: 1 }]);
    expect(fetch).toHaveBeenCalledWith('/api/skills.json', { credentials: 'include' });
  });

  it('finds a read with a query string in a file named by its values (static hosts ignore queries)', async () => {
    expect(staticFilePath('/api/blog')).toBe('/api/blog.json');
    expect(staticFilePath('/api/skill-endorsements?skillId=3')).toBe('/api/skill-endorsements/3.json');
    expect(staticFilePath('/api/x?a=1&b=two%20words')).toBe('/api/x/1/two%20words.json');
    onStaticHost();
    const fetch = vi.fn(async () => Response.json([{ id: 5, name: 'Dana' }]));
    vi.stubGlobal('fetch', fetch);
    const query = getQueryFn({ on401: 'throw' });
    expect(await query(queryContext('/api/skill-endorsements?skillId=3'))).toEqual([{ id: 5, name: 'Dana' }]);
    expect(fetch).toHaveBeenCalledWith('/api/skill-endorsements/3.json', { credentials: 'include' });
  });

  it('and the empty default when both fail', async () => {
    onStaticHost();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('missing', { status: 404 })),
    );
    expect(await getQueryFn({ on401: 'throw' })(queryContext('/api/blog'))).toEqual([]);
    expect(await getQueryFn({ on401: 'throw' })(queryContext('/api/skills'))).toEqual({
      frontend: [],
      backend: [],
      devops: [],
    });
  });

  it('refuses writes with a message a person understands', async () => {
    onStaticHost();
    const failure = await apiRequest('POST', '/api/contact', {}).catch((error: unknown) => error);
    expect((failure as Error).message).toContain('not available on the static copy of the site');
  });
});
