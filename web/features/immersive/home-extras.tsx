/**
 * Immersive mode's extras on the home page: the floating section dock, the
 * guided tour and the journey path with its welcome overlay. Loaded lazily,
 * in immersive mode only, once the page is interactive. Everything is fixed
 * in place (no layout shift), stays clear of the sticky header, steps aside
 * while the visitor is typing in a form field, and never covers a call to
 * action, a field or a submit button (clear-spot.ts). The welcome and the
 * tour take turns with the cursor's hint: one overlay at a time (ADR 011).
 */

import { type ComponentType, useEffect, useId, useRef, useState } from 'react';
import { useMediaQuery, useScrollBehavior } from '../../lib/motion.ts';
import { cn } from '../../ui/cn.ts';
import {
  ArrowUp,
  ChevronLeft,
  ChevronRight,
  FolderGit2,
  Home,
  Mail,
  Sparkles,
  User,
  Wrench,
  X,
} from '../../ui/icons.tsx';
import { DOCK_SELECTOR, useClearSpot } from './clear-spot.ts';
import { useEditingFocus, useScrollY } from './hooks.ts';
import {
  DOCK_SCROLL_PX,
  GUIDE_DELAY_MS,
  MILESTONES,
  MOBILE_BREAKPOINT_PX,
  milestoneForProgress,
  progressForMilestone,
  scrollProgress,
  TOUR_SECTIONS,
  TOUR_STEPS,
  type TourStep,
  tourStepForSections,
  WELCOME_OVERLAY_MS,
} from './journey.ts';
import { useOverlayFloor } from './overlay-floor.ts';

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
                  ? document.getElementById(target)?.scrollIntoView({ behavior, block: 'start' })
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

// --- Guided tour ------------------------------------------------------------------------

const TOUR_TEXT: Record<TourStep, { title: string; text: string; section: string }> = {
  intro: {
    title: 'Welcome! A quick tour',
    text: 'I build web software and run an electronic repair and automotive locksmith business in Atlanta. Four stops show you around; scroll on and they appear by themselves.',
    section: 'home',
  },
  projects: {
    title: 'Projects',
    text: 'Live demos of what I build. Filter them by kind, or open one for its case study and code.',
    section: 'projects',
  },
  skills: {
    title: 'Skills',
    text: 'What I work with and how well. Worked with me? Endorse a skill with a star rating.',
    section: 'skills',
  },
  contact: {
    title: 'Contact',
    text: 'Have a project in mind? Ask for a custom quote: I reply within 24 hours.',
    section: 'contact',
  },
};

const DISMISSED_KEY = 'portfolio-tour-dismissed';

function readDismissed(): Set<TourStep> {
  try {
    const stored = JSON.parse(sessionStorage.getItem(DISMISSED_KEY) ?? '[]') as unknown;
    return new Set(Array.isArray(stored) ? stored.filter((s): s is TourStep => TOUR_STEPS.includes(s)) : []);
  } catch {
    return new Set();
  }
}

function storeDismissed(steps: Set<TourStep>) {
  try {
    sessionStorage.setItem(DISMISSED_KEY, JSON.stringify([...steps]));
  } catch {
    // Without storage the tour forgets at the next page load.
  }
}

/** Each later step's section top, relative to the viewport. */
function sectionTops(): Partial<Record<TourStep, number>> {
  const tops: Partial<Record<TourStep, number>> = {};
  for (const step of TOUR_STEPS) {
    const section = document.getElementById(TOUR_SECTIONS[step]);
    if (section) tops[step] = section.getBoundingClientRect().top;
  }
  return tops;
}

/**
 * The four steps. Until the visitor closes a step, skips or finishes, the step on show is the one
 * where they are (the intro first, then each section as it comes into view), so a step held back
 * while another overlay had the floor never turns up later somewhere else; Next and Back choose one
 * until the visitor scrolls to another section. Once any step was closed, or the tour skipped or
 * done, no step opens by itself again this session.
 */
function Tour() {
  const [dismissed, setDismissed] = useState(readDismissed);
  // The step Next or Back chose; null while the tour follows the scroll.
  const [chosen, setChosen] = useState<TourStep | null>(null);
  // The intro's moment has come (a little after the tour's turn).
  const [introDue, setIntroDue] = useState(false);
  const editing = useEditingFocus();
  const behavior = useScrollBehavior();
  useScrollY(); // the step follows the scroll position: render on every scroll
  const region = tourStepForSections(sectionTops(), window.innerHeight);
  const card = useRef<HTMLDivElement>(null);
  const returnFocus = useRef<Element | null>(null);
  const titleId = useId();
  const textId = useId();

  // Closed, skipped or done: the tour opens nothing by itself any more.
  const stopped = dismissed.size > 0;
  const following = stopped ? null : (region ?? (introDue ? 'intro' : null));
  const step = chosen ?? following;

  // The tour waits its turn (after the welcome) while its intro is still to come or a step is open.
  const introPending = !stopped && !introDue;
  const hasFloor = useOverlayFloor('tour', introPending || step !== null);

  // The intro's moment: a little after the tour's turn has come.
  useEffect(() => {
    if (!hasFloor || !introPending) return;
    const timer = setTimeout(() => setIntroDue(true), GUIDE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [hasFloor, introPending]);

  // Scrolled on to another section: the chosen step gives way to the one there.
  useEffect(() => {
    if (region) setChosen((current) => (current && current !== region ? null : current));
  }, [region]);

  const open = step !== null && !editing && hasFloor;
  // Non-modal: focus stays where the visitor has it. When they move into the card, remember
  // where from, so closing it hands focus back there rather than to the page's start.
  useEffect(() => {
    const element = card.current;
    if (!open || !element) return;
    const onFocusIn = (event: FocusEvent) => {
      if (!(event.relatedTarget instanceof Element) || !element.contains(event.relatedTarget)) {
        returnFocus.current = event.relatedTarget instanceof Element ? event.relatedTarget : null;
      }
    };
    element.addEventListener('focusin', onFocusIn);
    return () => element.removeEventListener('focusin', onFocusIn);
  }, [open]);

  const place = useClearSpot(card, ['bottom', 'top'], { avoid: DOCK_SELECTOR, active: open });

  const close = (steps: readonly TourStep[]) => {
    const next = new Set([...dismissed, ...steps]);
    storeDismissed(next);
    setDismissed(next);
    setChosen(null);
    const back = returnFocus.current;
    if (card.current?.contains(document.activeElement) && back instanceof HTMLElement && back.isConnected) {
      back.focus({ preventScroll: true });
    }
  };

  /** Shows a step and scrolls to the section it names. */
  const goTo = (next: TourStep) => {
    setChosen(next);
    document.getElementById(TOUR_SECTIONS[next])?.scrollIntoView({ behavior, block: 'start' });
  };

  useEffect(() => {
    if (!open || step === null) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) close([step]);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  if (!open || step === null) return null;
  const index = TOUR_STEPS.indexOf(step);
  const last = index === TOUR_STEPS.length - 1;
  const { title, text } = TOUR_TEXT[step];
  return (
    <div
      ref={card}
      data-overlay="tour"
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      aria-describedby={textId}
      style={place}
      className="fixed left-4 z-50 w-[min(22rem,calc(100vw-2rem))] rounded-lg border border-border bg-card p-5 text-card-foreground shadow-xl"
    >
      <div className="flex items-start justify-between gap-3">
        <p className="inline-flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
          <Sparkles className="h-3.5 w-3.5 text-primary" />
          Tour step {index + 1} of {TOUR_STEPS.length}
        </p>
        <button
          type="button"
          aria-label="Close tour step"
          onClick={() => close([step])}
          className="rounded-md p-1 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          <X className="h-4 w-4" />
        </button>
      </div>
      <h2 id={titleId} className="mt-2 text-lg font-semibold">
        {title}
      </h2>
      <p id={textId} className="mt-1 text-sm text-muted-foreground">
        {text}
      </p>
      <div className="mt-4 flex items-center gap-2">
        <button
          type="button"
          onClick={() => close(TOUR_STEPS)}
          className="mr-auto text-sm font-medium text-muted-foreground underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          Skip tour
        </button>
        <button
          type="button"
          disabled={index === 0}
          onClick={() => goTo(TOUR_STEPS[index - 1] ?? step)}
          className="inline-flex h-8 items-center gap-1 rounded-md border border-border px-2.5 text-sm font-medium hover:bg-muted disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-ring"
        >
          <ChevronLeft className="h-4 w-4" />
          Back
        </button>
        {last ? (
          <button
            type="button"
            onClick={() => close(TOUR_STEPS)}
            className="inline-flex h-8 items-center rounded-md bg-primary px-3 text-sm font-medium text-primary-foreground hover:bg-primary/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            Done
          </button>
        ) : (
          <button
            type="button"
            onClick={() => goTo(TOUR_STEPS[index + 1] ?? step)}
            className="inline-flex h-8 items-center gap-1 rounded-md bg-primary px-2.5 text-sm font-medium text-primary-foreground hover:bg-primary/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            Next
            <ChevronRight className="h-4 w-4" />
          </button>
        )}
      </div>
    </div>
  );
}

// --- Journey path -------------------------------------------------------------------------

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
  const welcomeShown = useOverlayFloor('welcome', welcome);
  const panel = useRef<HTMLDivElement>(null);
  // At the bottom edge, where it hides neither the name nor a call to action; else below the header.
  const place = useClearSpot(panel, ['bottom', 'top'], { avoid: DOCK_SELECTOR, active: welcomeShown });

  const progress = scrollProgress(scrollY, document.documentElement.scrollHeight, window.innerHeight);
  const current = welcome ? 'welcome' : milestoneForProgress(progress);
  const goTo = (id: (typeof MILESTONES)[number]['id']) => {
    const scrollable = document.documentElement.scrollHeight - window.innerHeight;
    window.scrollTo({ top: Math.ceil((scrollable * progressForMilestone(id)) / 100), behavior });
  };

  return (
    <>
      {welcomeShown && (
        <div
          ref={panel}
          data-overlay="welcome"
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
