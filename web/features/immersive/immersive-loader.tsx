/**
 * Loads immersive mode's extras: only in immersive mode, and only once the
 * page is interactive and the browser is idle, as chunks of their own, so
 * they add nothing to any page's initial JavaScript. Switching to Standard
 * unmounts them at once.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { whenIdle } from '../../lib/idle.ts';
import { useImmersiveMode } from '../preferences/view-mode.ts';

const CustomCursor = lazy(() => import('./custom-cursor.tsx'));
const HomeExtras = lazy(() => import('./home-extras.tsx'));

/** True once the page has hydrated and the browser has had an idle moment. */
function useAfterInteractive(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => whenIdle(() => setReady(true), 1000, 100), []);
  return ready;
}

function useExtrasEnabled(): boolean {
  const immersive = useImmersiveMode();
  const ready = useAfterInteractive();
  return immersive && ready;
}

/** The custom cursor, on every page. */
export function ImmersiveCursor() {
  return useExtrasEnabled() ? (
    <Suspense fallback={null}>
      <CustomCursor />
    </Suspense>
  ) : null;
}

/** The dock, the guided tour and the journey path, on the home page. */
export function ImmersiveHomeExtras() {
  return useExtrasEnabled() ? (
    <Suspense fallback={null}>
      <HomeExtras />
    </Suspense>
  ) : null;
}
