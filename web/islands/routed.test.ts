import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IslandPage } from './island.tsx';
import { followMoves } from './routed.tsx';

const page: IslandPage = {
  url: '/',
  root: {
    user: null,
    timeZone: 'America/New_York',
    site: {
      url: 'https://example.test',
      ownerName: 'Jordan Ellis',
      ownerTitle: 'Developer',
      description: '',
      image: '/me.svg',
      location: 'Atlanta',
      email: 'hello@example.test',
      analytics: false,
      staticCopy: false,
      imageGenerator: 'built-in',
      fediverse: null,
    },
  },
  index: true,
};

/** The browser's window as the island's router moves it: where it loads, and what it pushes. */
function browserAt(href: string) {
  const url = new URL(href);
  const moves: string[] = [];
  const window = {
    location: {
      href: url.href,
      pathname: url.pathname,
      search: url.search,
      assign: (to: string) => moves.push(`load ${to}`),
    },
    history: {
      state: null,
      pushState: (_state: unknown, _title: string, to: string) => moves.push(`push ${to}`),
      replaceState: (_state: unknown, _title: string, to: string) => moves.push(`replace ${to}`),
    },
    addEventListener: () => {},
    removeEventListener: () => {},
  };
  vi.stubGlobal('window', window);
  return moves;
}

/**
 * The island's memory router, watched already by React's view of it (`RouterProvider` subscribes in
 * a layout effect, at the hydration's commit; the page's watch, a passive effect, comes later).
 */
function islandRouter() {
  const router = createMemoryRouter([{ id: 'root', path: '*', loader: () => page.root, element: null }], {
    initialEntries: [page.url],
    hydrationData: { loaderData: { root: page.root } },
  });
  router.subscribe(() => {});
  return router;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("an island's router and the page", () => {
  it('loads the page a link was pressed for while the island was hydrating, before it watched', async () => {
    const moves = browserAt('http://localhost/');
    const router = islandRouter();
    // The press reached the link's handler first (React hydrates what is pressed at once).
    await router.navigate('/projects/keycode-help');
    const stop = followMoves(router, page);
    expect(moves).toEqual(['load http://localhost/projects/keycode-help']);
    stop();
  });

  it('follows a move within the page made before it watched, once', async () => {
    const moves = browserAt('http://localhost/');
    const router = islandRouter();
    await router.navigate('/?done=quote');
    const stop = followMoves(router, page);
    await router.navigate('/projects/keycode-help');
    expect(moves).toEqual([
      'push http://localhost/?done=quote',
      'load http://localhost/projects/keycode-help',
    ]);
    stop();
  });

  it('moves nothing when the router is where the page is', () => {
    const moves = browserAt('http://localhost/');
    const stop = followMoves(islandRouter(), page);
    expect(moves).toEqual([]);
    stop();
  });
});
