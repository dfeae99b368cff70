import { useSyncExternalStore } from 'react';
import { layOutWholePage } from './laid-out.ts';
import { REDUCED_MOTION } from './reduced-motion.ts';

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
  return useMediaQuery(REDUCED_MOTION);
}

/** How scripted scrolling should move: smoothly, unless the visitor asked for less motion. */
export function useScrollBehavior(): ScrollBehavior {
  return usePrefersReducedMotion() ? 'auto' : 'smooth';
}

/**
 * Scrolls a section of the page to the top, below the sticky header. A long page's later parts are
 * drawn only near the screen (`.later`, app.css) and stand at an estimated height until then, so a
 * jump over them would land where the estimates put it (164 px off on the home page's way to its
 * skills, a whole section when a part above arrived meanwhile). The jump lays the whole page out
 * first, as a page opened at an anchor does, and stays laid out: the visitor is moving through it.
 */
export function scrollToSection(section: Element | null | undefined, behavior: ScrollBehavior) {
  if (!section) return;
  layOutWholePage();
  section.scrollIntoView({ behavior, block: 'start' });
}
