/**
 * Which home-page section the visitor is looking at: the one filling most of the screen
 * (ADR 011). The header's anchors (and the phone menu's) say which is in view. Plain code: the
 * home page's island (active-section.ts) starts it without React.
 */
import type { IslandBehaviour } from '../../islands/markers.ts';
import { headerBottom, watchLayout } from '../../lib/layout-watch.ts';

const HOME_SECTIONS = ['home', 'projects', 'about', 'skills', 'blog', 'contact', 'testimonials'] as const;
type HomeSection = (typeof HOME_SECTIONS)[number];

/**
 * The section that fills most of the screen below the header: the one with the most of its
 * height in view (ADR 011; the spec's "at least half visible" could leave a section taller than
 * twice the screen, or a short one, never active). Ties go to the earlier section.
 */
export function sectionFillingView(
  boxes: ReadonlyArray<{ id: HomeSection; top: number; bottom: number }>,
  viewTop: number,
  viewBottom: number,
): HomeSection | null {
  let best: HomeSection | null = null;
  let bestShown = 0;
  for (const { id, top, bottom } of boxes) {
    const shown = Math.min(bottom, viewBottom) - Math.max(top, viewTop);
    if (shown > bestShown) {
      best = id;
      bestShown = shown;
    }
  }
  return best;
}

/**
 * Watches the home sections on every scroll and resize (at most once a frame), however the
 * visitor got there: scrolling, a header link, the dock or the tour; marks the header's anchor
 * of the one in view (the page's HTML). Returns the function that stops it.
 */
export function trackSections(): () => void {
  let active: HomeSection | null = null;
  const markLinks = (id: HomeSection | null) => {
    for (const link of document.querySelectorAll<HTMLAnchorElement>('header a[href^="#"]')) {
      if (link.getAttribute('href') === `#${id}`) link.setAttribute('aria-current', 'location');
      else link.removeAttribute('aria-current');
    }
  };
  const stop = watchLayout(() => {
    const boxes = [];
    for (const id of HOME_SECTIONS) {
      const box = document.getElementById(id)?.getBoundingClientRect();
      if (box) boxes.push({ id, top: box.top, bottom: box.bottom });
    }
    const best = sectionFillingView(boxes, headerBottom(), window.innerHeight);
    if (best && best !== active) {
      active = best;
      markLinks(best);
    }
  });
  return () => {
    stop();
    markLinks(null);
  };
}

/** The tracker's island: nothing of its own to show. */
export const sectionTrackerIsland: IslandBehaviour = () => {
  trackSections();
};
