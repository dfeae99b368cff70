/**
 * Which home-page section the visitor is looking at (spec: the section with an
 * id that is at least half visible, threshold 0.5). The home page reports it;
 * the header highlights the matching anchor.
 */
import { useEffect, useSyncExternalStore } from 'react';

export const HOME_SECTIONS = [
  'home',
  'projects',
  'about',
  'skills',
  'blog',
  'contact',
  'testimonials',
] as const;
export type HomeSection = (typeof HOME_SECTIONS)[number];

let active: HomeSection | null = null;
const listeners = new Set<() => void>();

function setActive(next: HomeSection | null) {
  if (next === active) return;
  active = next;
  for (const listener of listeners) listener();
}

export function useActiveSection(): HomeSection | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => active,
    () => null,
  );
}

/**
 * Watches the home sections. A section counts as half visible when half of it
 * is on screen, or, for a section taller than twice the screen, when it fills
 * half the screen (a plain 0.5 ratio could never be reached there).
 */
export function useSectionTracking(onChange?: (id: HomeSection) => void) {
  useEffect(() => {
    const ratios = new Map<HomeSection, number>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const id = entry.target.id as HomeSection;
          const height = entry.boundingClientRect.height || 1;
          const viewport = entry.rootBounds?.height ?? window.innerHeight;
          ratios.set(id, entry.intersectionRect.height / Math.min(height, viewport));
        }
        let best: HomeSection | null = null;
        let bestRatio = 0.5;
        for (const id of HOME_SECTIONS) {
          const ratio = ratios.get(id) ?? 0;
          if (ratio >= bestRatio) {
            best = id;
            bestRatio = ratio;
          }
        }
        if (best && best !== active) {
          setActive(best);
          onChange?.(best);
        }
      },
      { threshold: [0, 0.25, 0.5, 0.75, 1] },
    );
    for (const id of HOME_SECTIONS) {
      const element = document.getElementById(id);
      if (element) observer.observe(element);
    }
    return () => {
      observer.disconnect();
      setActive(null);
    };
  }, [onChange]);
}
