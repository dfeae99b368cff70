/**
 * Where a floating extra may sit without covering what the visitor came to
 * press (ADR 011): never over a call to action, a form field or a submit
 * button. Each extra names the spots it may take, in order of preference
 * (bottom edge, then just below the sticky header); it takes the first that
 * is clear and hides while none is.
 */
import { type CSSProperties, type RefObject, useLayoutEffect, useState } from 'react';
import { TABLET_MIN_WIDTH } from '../../../common/constants.ts';
import { headerBottom, watchLayout } from '../../lib/layout-watch.ts';

/**
 * What no floating extra may cover: fields, the submit buttons and whole forms of what is sent, the
 * calls to action marked data-cta, and what is marked data-keep-clear (each rated skill row;
 * `data-keep-clear="narrow"`, the hero's greeting and 'At a glance' figures, only below 768 px). A
 * GET form's buttons only choose a view (the projects' filters): covered for a moment like any
 * other button, their fields kept clear like any other field.
 */
export const PROTECTED_SELECTOR =
  'input:not([type="hidden"]), select, textarea, button[type="submit"]:not(form[method="get"] *), form:not([method="get"]), [data-cta], [data-keep-clear]';

/** Text being read (a post's body and its code), which the cursor's hint also keeps clear of. */
export const READING_SELECTOR = '[data-reading], main pre';

/** The home page's section headings, which the journey's welcome keeps clear of. */
export const SECTION_HEADINGS = 'main section h2';

/** The floating section dock, which the tour's card and the cursor's hint also keep clear of. */
export const DOCK_SELECTOR = '[data-overlay="dock"]';

export type Spot = 'bottom' | 'top';

export interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

const overlaps = (a: Box, b: Box, margin: number) =>
  a.left < b.right + margin &&
  b.left < a.right + margin &&
  a.top < b.bottom + margin &&
  b.top < a.bottom + margin;

/** The index of the first candidate that overlaps no obstacle (with a margin), or null. */
export function firstClearBox(
  candidates: readonly Box[],
  obstacles: readonly Box[],
  margin = 4,
): number | null {
  const index = candidates.findIndex((box) => !obstacles.some((obstacle) => overlaps(box, obstacle, margin)));
  return index === -1 ? null : index;
}

/** The box an element of this height and horizontal extent would take at a spot. */
export function spotBox(
  spot: Spot,
  size: { height: number; left: number; right: number },
  viewport: { height: number; headerBottom: number },
  gap: number,
): Box {
  const top =
    spot === 'bottom' ? viewport.height - gap - size.height : Math.max(0, viewport.headerBottom) + gap;
  return { top, bottom: top + size.height, left: size.left, right: size.right };
}

/**
 * Places the element at the first clear spot: returns the style to put on it (a `top` or `bottom`
 * offset, and hidden while no spot is clear). `avoid` adds other things to keep clear of.
 * `overNarrow`: the element may sit over what is kept clear on a phone only (`data-keep-clear=
 * "narrow"`, the hero's greeting and figures, which fill a phone's first screen), never over a call
 * to action or a form: the tour's intro, the page's own guide, which would otherwise never show at
 * the top of a phone's page (issue 65).
 */
export function useClearSpot(
  ref: RefObject<HTMLElement | null>,
  spots: readonly Spot[],
  {
    gap = 16,
    avoid,
    active = true,
    overNarrow = false,
  }: { gap?: number; avoid?: string; active?: boolean; overNarrow?: boolean } = {},
): CSSProperties {
  const [placed, setPlaced] = useState<{ spot: Spot | null; headerBottom: number }>({
    spot: null,
    headerBottom: 0,
  });
  const key = spots.join();

  useLayoutEffect(() => {
    const element = ref.current;
    if (!active || !element) return;
    const wanted = key.split(',') as Spot[];
    const selector = avoid ? `${PROTECTED_SELECTOR}, ${avoid}` : PROTECTED_SELECTOR;
    const measure = () => {
      const own = element.getBoundingClientRect();
      const viewport = { height: window.innerHeight, headerBottom: headerBottom() };
      const obstacles: Box[] = [];
      const narrowIsClear = overNarrow || window.innerWidth >= TABLET_MIN_WIDTH;
      for (const node of document.querySelectorAll(selector)) {
        if (element.contains(node)) continue;
        // Kept clear on a phone only, where it is the whole first screen (the hero's greeting
        // and figures); on a wide screen the extras' usual spots leave it be.
        if (narrowIsClear && node.getAttribute('data-keep-clear') === 'narrow') continue;
        // In a part of the page not laid out yet because it is far from the screen
        // (content-visibility: auto, app.css): off screen, and asking for its box would lay
        // that part out (the skills' rows, the quote form, the footer at the first measure). A
        // browser without checkVisibility (Safari before 17.4) measures it as before.
        if (node.checkVisibility?.({ contentVisibilityAuto: true }) === false) continue;
        const box = node.getBoundingClientRect();
        if (box.width > 1 && box.height > 1 && box.bottom > 0 && box.top < viewport.height)
          obstacles.push(box);
      }
      const boxes = wanted.map((spot) => spotBox(spot, own, viewport, gap));
      const index = firstClearBox(boxes, obstacles);
      const spot = index === null ? null : (wanted[index] ?? null);
      setPlaced((current) =>
        current.spot === spot && current.headerBottom === viewport.headerBottom
          ? current
          : { spot, headerBottom: viewport.headerBottom },
      );
    };
    // Focus and clicks can swap what is on screen (a form for its thank-you panel) without a scroll.
    return watchLayout(measure, { element, documentEvents: ['focusin', 'click'] });
  }, [ref, key, gap, avoid, active, overNarrow]);

  if (placed.spot === 'top') return { top: placed.headerBottom + gap, bottom: 'auto' };
  if (placed.spot === 'bottom') return { bottom: gap, top: 'auto' };
  // No clear spot (or not measured yet): present for measuring, but neither seen nor reachable.
  return { bottom: gap, top: 'auto', visibility: 'hidden' };
}
