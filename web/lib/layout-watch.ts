/**
 * Measuring the page as it moves: what the floating extras (clear-spot.ts) and the header's active
 * section (active-section.ts) both need.
 */

/** Where the sticky header ends, relative to the viewport (0 once it has scrolled away). */
export function headerBottom(): number {
  return Math.max(0, document.querySelector('header')?.getBoundingClientRect().bottom ?? 0);
}

/**
 * Calls `measure` now, then at most once a frame after a scroll, a resize, a change in the page's
 * size (or in `element`'s), or one of `documentEvents`. Returns the function that stops it.
 */
export function watchLayout(
  measure: () => void,
  { element, documentEvents = [] }: { element?: Element; documentEvents?: readonly string[] } = {},
): () => void {
  let frame = 0;
  const schedule = () => {
    if (!frame) {
      frame = requestAnimationFrame(() => {
        frame = 0;
        measure();
      });
    }
  };
  measure();
  const resize = new ResizeObserver(schedule);
  resize.observe(document.body);
  if (element) resize.observe(element);
  window.addEventListener('scroll', schedule, { passive: true });
  window.addEventListener('resize', schedule);
  for (const type of documentEvents) document.addEventListener(type, schedule);
  return () => {
    cancelAnimationFrame(frame);
    resize.disconnect();
    window.removeEventListener('scroll', schedule);
    window.removeEventListener('resize', schedule);
    for (const type of documentEvents) document.removeEventListener(type, schedule);
  };
}
