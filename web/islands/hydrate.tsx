/**
 * Hydrates one island's marker (ADR 023): loaded with the first island that starts, so a page
 * whose islands never start never fetches React or React DOM. Its tree is the one the server
 * rendered into the marker (`IslandTree`, or `RoutedIslandTree` where the island needs React
 * Router, which the runtime fetches for it), with the same id prefix, hydrated in a transition.
 * The toasts' viewport (Radix Toast) comes with the first toast an island shows, in a root of its
 * own.
 */
import { type ComponentType, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { getToasts, subscribeToasts } from '../ui/use-toast.ts';
import { type IslandPage, IslandTree } from './island.tsx';
import { ISLAND_ATTRIBUTES } from './markers.ts';
import type { RoutedIslandTree } from './routed.tsx';

export function hydrateIsland(
  marker: Element,
  // biome-ignore lint/suspicious/noExplicitAny: an island's props are whatever its marker says
  Component: ComponentType<any>,
  props: object,
  page: IslandPage,
  onLive: () => void,
  /** The routed tree, for an island that needs React Router. */
  Routed: typeof RoutedIslandTree | undefined,
) {
  watchToasts();
  const Tree = Routed ?? IslandTree;
  startTransition(() => {
    hydrateRoot(marker, <Tree Component={Component} props={props} page={page} onLive={onLive} />, {
      identifierPrefix: marker.getAttribute(ISLAND_ATTRIBUTES.prefix) ?? '',
    });
  });
}

let watching = false;
/**
 * Mounts the toasts' viewport with the first toast. Called by the first island that hydrates, not
 * when this module is evaluated: the bundler may put this module in a chunk that a page hydrated
 * whole also loads, and that page's root has a viewport of its own (one region, not two).
 */
function watchToasts() {
  if (watching) return;
  watching = true;
  const unsubscribe = subscribeToasts(() => {
    if (getToasts().length === 0) return;
    unsubscribe();
    void import('../ui/toaster.tsx').then(({ Toaster }) => {
      const host = document.createElement('div');
      document.body.append(host);
      createRoot(host).render(<Toaster />);
    });
  });
}
