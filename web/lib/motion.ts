import { useSyncExternalStore } from 'react';

/** Whether a media query matches now (false while rendering on the server). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (listener) => {
      const media = matchMedia(query);
      media.addEventListener('change', listener);
      return () => media.removeEventListener('change', listener);
    },
    () => matchMedia(query).matches,
    () => false,
  );
}

/** Whether the visitor asked for less motion (false while rendering on the server). */
export function usePrefersReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)');
}

/** How scripted scrolling should move: smoothly, unless the visitor asked for less motion. */
export function useScrollBehavior(): ScrollBehavior {
  return usePrefersReducedMotion() ? 'auto' : 'smooth';
}
