/**
 * Immersive mode's extras on the home page: the floating section dock, the
 * guided tour and the journey path with its welcome overlay. Loaded lazily,
 * in immersive mode only, once the page is interactive. Everything is fixed
 * in place (no layout shift), stays clear of the sticky header, steps aside
 * while the visitor is typing in a form field, and never covers a call to
 * action, a field or a submit button (clear-spot.ts). The welcome and the
 * tour take turns with the cursor's hint: one overlay at a time (ADR 011).
 */

import { type ComponentType, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { scrollToSection, useMediaQuery, useScrollBehavior } from '../../lib/motion.ts';
import { cn } from '../../ui/cn.ts';
import { ArrowUp, FolderGit2, Home, Mail, User, Wrench } from '../../ui/icons.tsx';
import { getToasts, subscribeToasts } from '../../ui/use-toast.ts';
import { DOCK_SELECTOR, SECTION_HEADINGS, useClearSpot } from './clear-spot.ts';
import { useEditingFocus, useScrollY } from './hooks.ts';
import {
  DOCK_SCROLL_PX,
  MILESTONES,
  MOBILE_BREAKPOINT_PX,
  milestoneForProgress,
  progressForMilestone,
  scrollProgress,
  WELCOME_OVERLAY_MS,
} from './journey.ts';
import { useOverlayFloor } from './overlay-floor.ts';
import { Tour } from './tour.tsx';

// --- Floating dock ----------------------------------------------------------------

const DOCK_ITEMS: Array<{
  label: string;
  target: string | null;
  icon: ComponentType<{ className?: string }>;
}> = [
  { label: 'Home', target: 'home', icon: Home },
  { label: 'About', target: 'about', icon: User },
  { label: 'Projects', target: 'projects', icon: FolderGit2 },
  { label: 'Skills', target: 'skills', icon: Wrench },
  { label: 'Contact', target: 'contact', icon: Mail },
  { label: 'Top', target: null, icon: ArrowUp },
];

function Dock() {
  const scrollY = useScrollY();
  const editing = useEditingFocus();
  if (scrollY <= DOCK_SCROLL_PX || editing) return null;
  return <DockBar />;
}

function DockBar() {
  const behavior = useScrollBehavior();
  const bar = useRef<HTMLElement>(null);
  // At the bottom edge, or below the header when a field or button is under it there; else hidden.
  const place = useClearSpot(bar, ['bottom', 'top']);
  return (
    <nav
      ref={bar}
      data-overlay="dock"
      aria-label="Section dock"
      style={place}
      className="fixed left-1/2 z-40 -translate-x-1/2 rounded-full border border-border bg-background/95 px-2 py-1.5 shadow-lg backdrop-blur"
    >
      <ul className="flex items-center gap-1">
        {DOCK_ITEMS.map(({ label, target, icon: Icon }) => (
          <li key={label}>
            <button
              type="button"
              onClick={() =>
                target
                  ? scrollToSection(document.getElementById(target), behavior)
                  : window.scrollTo({ top: 0, behavior })
              }
              aria-label={target ? `${label} section` : 'Back to top'}
              className="flex flex-col items-center gap-0.5 rounded-full px-2.5 py-1 text-[0.7rem] font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <Icon aria-hidden="true" className="h-4 w-4" />
              {label}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

// --- Journey ----------------------------------------------------------------------------

const someToastOpen = () => getToasts().some((item) => item.open);

function Journey() {
  const wide = useMediaQuery(`(min-width: ${MOBILE_BREAKPOINT_PX}px)`);
  const editing = useEditingFocus();
  const behavior = useScrollBehavior();
  const scrollY = useScrollY();
  const [welcome, setWelcome] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setWelcome(false), WELCOME_OVERLAY_MS);
    return () => clearTimeout(timer);
  }, []);
  // First in line for the floor (the loader asked for it already, so the cursor's hint waited).
  const welcomeHolds = useOverlayFloor('welcome', welcome);
  // One message at a time (issue 46): while a toast is on screen, the welcome steps out of sight
  // (its time runs on, and it keeps its turn).
  const toastShowing = useSyncExternalStore(subscribeToasts, someToastOpen, () => false);
  const welcomeShown = welcomeHolds && !toastShowing;
  const panel = useRef<HTMLDivElement>(null);
  // At the bottom edge, where it hides neither the name nor a call to action, nor a section's
  // heading (it clipped 'Projects' on a phone opened there, issue 65); else below the header.
  const place = useClearSpot(panel, ['bottom', 'top'], {
    avoid: `${DOCK_SELECTOR}, ${SECTION_HEADINGS}`,
    active: welcomeShown,
  });

  const progress = scrollProgress(scrollY, document.documentElement.scrollHeight, window.innerHeight);
  const current = welcome ? 'welcome' : milestoneForProgress(progress);
  const goTo = (id: (typeof MILESTONES)[number]['id']) => {
    const scrollable = document.documentElement.scrollHeight - window.innerHeight;
    window.scrollTo({ top: Math.ceil((scrollable * progressForMilestone(id)) / 100), behavior });
  };

  return (
    <>
      {welcomeHolds && (
        <div
          ref={panel}
          data-overlay="welcome"
          hidden={toastShowing}
          aria-live="polite"
          style={place}
          className="pointer-events-none fixed left-1/2 z-40 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 rounded-lg border border-border bg-card/95 px-5 py-4 text-center shadow-xl backdrop-blur"
        >
          <p className="font-semibold">Welcome to the journey</p>
          <p className="mt-1 text-sm text-muted-foreground">
            Nine stops from the intro to the destination.
            {/* Only screens that show the path are told to look for it. */}
            {wide && ' The path on the right shows where you are.'}
          </p>
        </div>
      )}
      {wide && !editing && (
        <nav
          aria-label="Journey"
          data-overlay="journey"
          className="fixed right-2 top-1/2 z-30 -translate-y-1/2"
        >
          <ol className="relative flex flex-col items-center gap-3 py-1">
            <span
              aria-hidden="true"
              className="absolute inset-y-0 left-1/2 w-0.5 -translate-x-1/2 bg-border"
            />
            <span
              aria-hidden="true"
              className="absolute left-1/2 top-0 w-0.5 -translate-x-1/2 bg-primary transition-[height] duration-200"
              style={{ height: `${welcome ? 0 : progress}%` }}
            />
            {MILESTONES.map(({ id, label }) => {
              const active = id === current;
              return (
                <li key={id} className="group relative flex items-center">
                  <button
                    type="button"
                    aria-current={active ? 'step' : undefined}
                    aria-label={label}
                    onClick={() => goTo(id)}
                    className={cn(
                      'relative block h-3 w-3 rounded-full border-2 transition-transform focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                      active
                        ? 'scale-125 border-primary bg-primary'
                        : 'border-muted-foreground/60 bg-background',
                    )}
                  />
                  <span
                    aria-hidden="true"
                    className="pointer-events-none absolute right-5 whitespace-nowrap rounded bg-foreground px-2 py-0.5 text-xs font-medium text-background opacity-0 transition-opacity group-hover:opacity-100 group-focus-within:opacity-100"
                  >
                    {label}
                  </span>
                </li>
              );
            })}
          </ol>
        </nav>
      )}
    </>
  );
}

export default function HomeExtras() {
  return (
    <div data-testid="immersive-extras">
      <Journey />
      <Tour />
      <Dock />
    </div>
  );
}
