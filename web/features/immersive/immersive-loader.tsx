/**
 * Loads immersive mode's extras (the home page's; the cursor's, cursor-loader.tsx): only in
 * immersive mode, and only once the page is interactive and the browser is idle, as chunks of
 * their own, so they add nothing to any page's initial JavaScript. Switching to Standard unmounts
 * them at once.
 */
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { island } from '../../islands/island.tsx';
import { whenIdle } from '../../lib/idle.ts';
import { useImmersiveMode } from '../preferences/view-mode.ts';
import { overlayFloor } from './overlay-floor.ts';

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

export function useExtrasEnabled(): boolean {
  const immersive = useImmersiveMode();
  const ready = useSyncExternalStore(idleMoment.subscribe, idleMoment.passed, () => false);
  // Said on the page once decided (and again when the mode changes): 'on' or 'off'.
  useEffect(() => {
    if (ready) document.documentElement.dataset.immersive = immersive ? 'on' : 'off';
  }, [ready, immersive]);
  return immersive && ready;
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
 * The home page's extras: an island that starts once the browser is idle (ADR 023), and needs no
 * React Router (a phone's home page fetches none).
 */
export const ImmersiveHomeExtras = island('home-extras', HomeExtrasWhenIdle, {
  start: 'idle',
  router: false,
});
export { HomeExtrasWhenIdle };
