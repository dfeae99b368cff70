/**
 * Loads immersive mode's extras: only in immersive mode, and only once the
 * page is interactive and the browser is idle, as chunks of their own, so
 * they add nothing to any page's initial JavaScript. Switching to Standard
 * unmounts them at once.
 */
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { TABLET_MIN_WIDTH } from '../../../common/constants.ts';
import { island } from '../../islands/island.tsx';
import { whenIdle } from '../../lib/idle.ts';
import { useImmersiveMode } from '../preferences/view-mode.ts';
import { overlayFloor } from './overlay-floor.ts';

const CustomCursor = lazy(() => import('./custom-cursor.tsx'));
const HomeExtras = lazy(() => import('./home-extras.tsx'));

/**
 * The page's one idle moment after hydration, shared by the cursor and the home extras so they
 * decide in the same render: once it has passed, whatever is not there is not coming.
 */
const idleMoment = (() => {
  let passed = false;
  let scheduled = false;
  const listeners = new Set<() => void>();
  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      if (!scheduled) {
        scheduled = true;
        whenIdle(
          () => {
            passed = true;
            for (const notify of listeners) notify();
          },
          1000,
          100,
        );
      }
      return () => listeners.delete(listener);
    },
    passed: () => passed,
  };
})();

function useExtrasEnabled(): boolean {
  const immersive = useImmersiveMode();
  const ready = useSyncExternalStore(idleMoment.subscribe, idleMoment.passed, () => false);
  // Said on the page once decided (and again when the mode changes): 'on' or 'off'.
  useEffect(() => {
    if (ready) document.documentElement.dataset.immersive = immersive ? 'on' : 'off';
  }, [ready, immersive]);
  return immersive && ready;
}

/** Where the custom cursor can show: a wide screen, a mouse, motion welcome (custom-cursor.tsx follows changes). */
const CURSOR_MEDIA = `(min-width: ${TABLET_MIN_WIDTH}px) and (hover: hover) and (pointer: fine) and (prefers-reduced-motion: no-preference)`;

/**
 * The owner's pages, where the extras never show (the page's shell tells the cursor): the
 * dashboard (where the cursor's hint once sat over the authenticator's set-up key) and signing in.
 * Work, not a visit.
 */
export const isOwnersPage = (pathname: string) => /^\/(admin|auth)(\/|$)/.test(pathname);

/** The custom cursor, on every public page, where it can show: its code is not even fetched elsewhere. */
function CursorWhereItShows({ ownersPage = false }: { ownersPage?: boolean }) {
  // Read only once the idle moment has passed, so never while rendering on the server or hydrating.
  const enabled = useExtrasEnabled();
  return enabled && !ownersPage && matchMedia(CURSOR_MEDIA).matches ? (
    <Suspense fallback={null}>
      <CustomCursor />
    </Suspense>
  ) : null;
}

/** The dock, the guided tour and the journey path, on the home page. */
function HomeExtrasWhenIdle() {
  const enabled = useExtrasEnabled();
  // The journey's welcome comes first: its place in line is held from now, before its code has
  // arrived, so the cursor's hint does not flash up in between (the welcome leaves it when done).
  useEffect(() => {
    if (!enabled) return;
    overlayFloor.ask('welcome');
    return () => overlayFloor.leave('welcome');
  }, [enabled]);
  return enabled ? (
    <Suspense fallback={null}>
      <HomeExtras />
    </Suspense>
  ) : null;
}

/**
 * The cursor on an island page (ADR 023): an island that starts, once the browser is idle, only
 * where it can show (a phone never fetches its code), and needs no React Router.
 */
export const ImmersiveCursor = island('immersive-cursor', CursorWhereItShows, {
  start: 'idle',
  media: CURSOR_MEDIA,
  router: false,
});
export { CursorWhereItShows };

/**
 * The home page's extras: an island that starts once the browser is idle (ADR 023), and needs no
 * React Router (a phone's home page fetches none).
 */
export const ImmersiveHomeExtras = island('home-extras', HomeExtrasWhenIdle, {
  start: 'idle',
  router: false,
});
export { HomeExtrasWhenIdle };
