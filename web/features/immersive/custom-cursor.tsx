/**
 * Immersive mode's custom cursor: a dot on the pointer and a ring that
 * follows it and grows over links and buttons, with a hint that disappears
 * after 10 s. Not shown below 768 px, on touch screens (no hover or a coarse
 * pointer) or when the visitor prefers reduced motion. Links, buttons and
 * fields keep the native cursor (app.css). Loaded lazily, in immersive mode only.
 */
import { useEffect, useRef, useState } from 'react';
import { useMediaQuery, usePrefersReducedMotion } from '../../lib/motion.ts';
import { DOCK_SELECTOR, READING_SELECTOR, useClearSpot } from './clear-spot.ts';
import { CURSOR_HINT_MS, MOBILE_BREAKPOINT_PX } from './journey.ts';
import { useOverlayFloor } from './overlay-floor.ts';

const HINT_SEEN_KEY = 'portfolio-cursor-hint-seen';
/** Seen in this visit: kept for the page's life, and for the tab's where storage allows. */
let hintSeen = false;
const readHintSeen = () => {
  try {
    return hintSeen || sessionStorage.getItem(HINT_SEEN_KEY) === '1';
  } catch {
    return hintSeen;
  }
};
const noteHintSeen = () => {
  hintSeen = true;
  try {
    sessionStorage.setItem(HINT_SEEN_KEY, '1');
  } catch {
    // Without storage it is shown once per page load.
  }
};

/**
 * The hint, once per visit, for 10 s of being seen: it waits its turn behind the home page's
 * welcome and tour (one overlay at a time, ADR 011), and sits where it covers no field, button or
 * text being read; while no such spot is on screen it waits, and its 10 s with it.
 */
function CursorHint() {
  const [done, setDone] = useState(readHintSeen);
  // What is left of its 10 s when another overlay takes the floor from it.
  const left = useRef(CURSOR_HINT_MS);
  const shown = useOverlayFloor('cursor-hint', !done);
  const hint = useRef<HTMLParagraphElement>(null);
  const place = useClearSpot(hint, ['bottom', 'top'], {
    avoid: `${DOCK_SELECTOR}, ${READING_SELECTOR}`,
    active: shown,
  });
  const seen = shown && place.visibility !== 'hidden';
  useEffect(() => {
    if (!seen) return;
    noteHintSeen();
    const started = Date.now();
    const timer = setTimeout(() => setDone(true), left.current);
    return () => {
      clearTimeout(timer);
      left.current = Math.max(0, left.current - (Date.now() - started));
    };
  }, [seen]);
  if (!shown) return null;
  return (
    <p
      ref={hint}
      data-overlay="cursor-hint"
      style={place}
      className="pointer-events-none fixed left-1/2 z-[60] -translate-x-1/2 rounded-full bg-foreground/90 px-4 py-2 text-xs font-medium text-background shadow-lg"
    >
      Custom cursor on: it grows over links and buttons. Switch to Standard view for the usual one.
    </p>
  );
}

const INTERACTIVE = 'a, button, input, textarea, select, summary, label, [role="button"], [role="tab"]';

function CursorLayer() {
  const dot = useRef<HTMLDivElement>(null);
  const ring = useRef<HTMLDivElement>(null);
  useEffect(() => {
    document.documentElement.classList.add('custom-cursor');
    const target = { x: -100, y: -100 };
    const trail = { x: -100, y: -100 };
    let frame = 0;
    const follow = () => {
      trail.x += (target.x - trail.x) * 0.25;
      trail.y += (target.y - trail.y) * 0.25;
      if (ring.current) ring.current.style.transform = `translate3d(${trail.x}px, ${trail.y}px, 0)`;
      frame =
        Math.abs(target.x - trail.x) + Math.abs(target.y - trail.y) > 0.5 ? requestAnimationFrame(follow) : 0;
    };
    const onMove = (event: PointerEvent) => {
      if (event.pointerType !== 'mouse') return;
      target.x = event.clientX;
      target.y = event.clientY;
      if (dot.current) {
        dot.current.style.transform = `translate3d(${target.x}px, ${target.y}px, 0)`;
        dot.current.dataset.visible = 'true';
      }
      if (ring.current) {
        ring.current.dataset.visible = 'true';
        ring.current.dataset.hover = String(
          event.target instanceof Element && event.target.closest(INTERACTIVE) !== null,
        );
      }
      if (!frame) frame = requestAnimationFrame(follow);
    };
    const onLeave = () => {
      if (dot.current) dot.current.dataset.visible = 'false';
      if (ring.current) ring.current.dataset.visible = 'false';
    };
    window.addEventListener('pointermove', onMove, { passive: true });
    document.documentElement.addEventListener('pointerleave', onLeave);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('pointermove', onMove);
      document.documentElement.removeEventListener('pointerleave', onLeave);
      document.documentElement.classList.remove('custom-cursor');
    };
  }, []);

  return (
    <div aria-hidden="true" data-testid="custom-cursor">
      <div
        ref={ring}
        data-visible="false"
        className="pointer-events-none fixed left-0 top-0 z-[90] -ml-4 -mt-4 h-8 w-8 rounded-full border-2 border-primary/70 transition-[width,height,margin,opacity] duration-150 data-[hover=true]:-ml-6 data-[hover=true]:-mt-6 data-[hover=true]:h-12 data-[hover=true]:w-12 data-[hover=true]:bg-primary/10 data-[visible=false]:opacity-0"
      />
      <div
        ref={dot}
        data-visible="false"
        className="pointer-events-none fixed left-0 top-0 z-[91] -ml-1 -mt-1 h-2 w-2 rounded-full bg-primary data-[visible=false]:opacity-0"
      />
      <CursorHint />
    </div>
  );
}

/** The custom cursor where it makes sense: a wide screen, a mouse, motion welcome. */
export default function CustomCursor() {
  const wide = useMediaQuery(`(min-width: ${MOBILE_BREAKPOINT_PX}px)`);
  const mouse = useMediaQuery('(hover: hover) and (pointer: fine)');
  const reducedMotion = usePrefersReducedMotion();
  return wide && mouse && !reducedMotion ? <CursorLayer /> : null;
}
