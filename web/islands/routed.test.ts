import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IslandPage } from './island.tsx';
import { followMoves } from './routed.tsx';

/** The home page as an island has it; the root's data plays no part in where the page goes. */
const page = { url: '/', root: {}, index: true } as IslandPage;

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
