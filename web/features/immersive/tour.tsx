/** The first visit's tour of the home page: a card per section, dismissed step by step and remembered. */
import { useEffect, useId, useRef, useState } from 'react';
import { scrollToSection, useScrollBehavior } from '../../lib/motion.ts';
import { ChevronLeft, ChevronRight, Sparkles, X } from '../../ui/icons.tsx';
import { DOCK_SELECTOR, useClearSpot } from './clear-spot.ts';
import { useEditingFocus, useScrollY } from './hooks.ts';
import {
  beforeTheProjects,
  GUIDE_DELAY_MS,
  type SectionSpan,
  TOUR_SECTIONS,
  TOUR_STEPS,
  type TourStep,
  tourStepForSections,
} from './journey.ts';
import { useOverlayFloor } from './overlay-floor.ts';

const TOUR_TEXT: Record<TourStep, { title: string; text: string; section: string }> = {
  intro: {
    title: 'Welcome! A quick tour',
    // As short as the other steps' texts: on a phone the card stays within its share of the screen.
    text: 'I build web software and fix electronics and car keys in Atlanta. Scroll on: three stops follow.',
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

/** Whether a step's section shows a form's thank-you panel (web/ui/thank-you.tsx). */
const sectionThanks = (step: TourStep) =>
  document.getElementById(TOUR_SECTIONS[step])?.querySelector('[data-thank-you]') != null;

/** Where each step's section is, relative to the viewport. */
function sectionSpans(): Partial<Record<TourStep, SectionSpan>> {
  const spans: Partial<Record<TourStep, SectionSpan>> = {};
  for (const step of TOUR_STEPS) {
    const section = document.getElementById(TOUR_SECTIONS[step]);
    if (section) {
      const { top, bottom } = section.getBoundingClientRect();
      spans[step] = { top, bottom };
    }
  }
  return spans;
}

/**
 * The four steps. Until the visitor closes a step, skips or finishes, the step on show is the one
 * where they are (the intro first, then each section as it comes into view), so a step held back
 * while another overlay had the floor never turns up later somewhere else; Next and Back choose one
 * until the visitor scrolls to another section. Once any step was closed, or the tour skipped or
 * done, no step opens by itself again this session.
 */
export function Tour() {
  const [dismissed, setDismissed] = useState(readDismissed);
  // The step Next or Back chose; null while the tour follows the scroll.
  const [chosen, setChosen] = useState<TourStep | null>(null);
  // The intro's moment has come (a little after the tour's turn).
  const [introDue, setIntroDue] = useState(false);
  const editing = useEditingFocus();
  const behavior = useScrollBehavior();
  useScrollY(); // the step follows the scroll position: render on every scroll
  const spans = sectionSpans();
  const region = tourStepForSections(spans, window.innerHeight);
  // The intro belongs to the top of the page: further down, between the tour's sections, the card steps aside.
  const atTheTop = beforeTheProjects(spans, window.innerHeight);
  const card = useRef<HTMLDivElement>(null);
  const returnFocus = useRef<Element | null>(null);
  const titleId = useId();
  const textId = useId();

  // Closed, skipped or done: the tour opens nothing by itself any more.
  const stopped = dismissed.size > 0;
  // A section whose form the visitor has just sent (its thank-you panel shows) is not invited to
  // again: 'Ask for a custom quote' under 'Thank You!' read as if nothing had been sent.
  const sent = region !== null && sectionThanks(region);
  const following = stopped || sent ? null : (region ?? (introDue && atTheTop ? 'intro' : null));
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

  // Scrolled on to another section, or between two: the chosen step gives way to the one there,
  // or to none (it never stays on a section the visitor has left).
  const between = region === null && !atTheTop;
  useEffect(() => {
    if (region || between) setChosen((current) => (current && current !== region ? null : current));
  }, [region, between]);

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

  // The intro may sit over the hero's greeting and figures on a phone (never its calls to action):
  // they fill the first screen, and the tour would otherwise start only at the projects.
  const place = useClearSpot(card, ['bottom', 'top'], {
    avoid: DOCK_SELECTOR,
    active: open,
    overNarrow: step === 'intro',
  });

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
    scrollToSection(document.getElementById(TOUR_SECTIONS[next]), behavior);
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
      // On a phone the card is compact and the dock steps aside while it shows (app.css): together
      // the floating extras cover at most 15 % of the screen (issue 46; they covered 35 %).
      className="fixed left-4 z-50 w-[min(22rem,calc(100vw-2rem))] rounded-lg border border-border bg-card p-3 text-card-foreground shadow-xl sm:p-5"
    >
      <button
        type="button"
        aria-label="Close tour step"
        onClick={() => close([step])}
        className="absolute top-2 right-2 rounded-md p-1 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring sm:top-4 sm:right-4"
      >
        <X className="h-4 w-4" />
      </button>
      <p className="inline-flex items-center gap-1.5 text-xs font-medium text-muted-foreground max-sm:hidden">
        <Sparkles className="h-3.5 w-3.5 text-primary" />
        Tour step {index + 1} of {TOUR_STEPS.length}
      </p>
      <h2 id={titleId} className="pr-8 text-base font-semibold sm:mt-2 sm:text-lg">
        {title}
        <span className="text-xs font-normal text-muted-foreground sm:hidden">
          {' '}
          · {index + 1} of {TOUR_STEPS.length}
        </span>
      </h2>
      <p id={textId} className="mt-1 text-xs text-muted-foreground sm:text-sm">
        {text}
      </p>
      <div className="mt-2 flex items-center gap-2 sm:mt-4">
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
