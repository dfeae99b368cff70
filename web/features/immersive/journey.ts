/**
 * The numbers and rules of immersive mode (spec sections 4 and 9), kept pure
 * so they are unit-tested apart from the components that use them.
 */
import { TABLET_MIN_WIDTH } from '../../../common/constants.ts';

/** The cursor hint disappears after this long. */
export const CURSOR_HINT_MS = 10_000;
/** The guided tour opens this long after the welcome overlay has gone (ADR 011: one overlay at a time). */
export const GUIDE_DELAY_MS = 1_500;
/** The journey's welcome overlay hides itself after this long; then the journey starts. */
export const WELCOME_OVERLAY_MS = 4_000;
/** The floating dock appears once the page is scrolled further than this. */
export const DOCK_SCROLL_PX = 300;
/** Below this width the custom cursor and the journey path are not shown. */
export const MOBILE_BREAKPOINT_PX = TABLET_MIN_WIDTH;

export const TOUR_STEPS = ['intro', 'projects', 'skills', 'contact'] as const;
export type TourStep = (typeof TOUR_STEPS)[number];

/** The home section each tour step describes: Next and Back scroll to it. */
export const TOUR_SECTIONS: Readonly<Record<TourStep, string>> = {
  intro: 'home',
  projects: 'projects',
  skills: 'skills',
  contact: 'contact',
};

/** A section is reached once its top has come up into the upper 40 % of the screen. */
export const TOUR_REACHED_SHARE = 0.4;

/** Where a section is on screen: its top and bottom, relative to the viewport (getBoundingClientRect). */
export interface SectionSpan {
  top: number;
  bottom: number;
}

/**
 * The tour step that where the sections really are calls up (ADR 011, in place of the spec's
 * fixed 700/1500/2300 px): the step of projects, skills or contact whose section spans the reading
 * line (40 % down the screen); none between them (About, the blog: the card steps aside, issue 46)
 * and none before the projects (the intro step opens on its own).
 */
export function tourStepForSections(
  spans: Partial<Record<TourStep, SectionSpan>>,
  viewportHeight: number,
): TourStep | null {
  const line = viewportHeight * TOUR_REACHED_SHARE;
  for (const step of TOUR_STEPS.slice(1)) {
    const span = spans[step];
    if (span && span.top <= line && span.bottom > line) return step;
  }
  return null;
}

/** Whether the reading line is still above the projects: the intro's part of the page. */
export function beforeTheProjects(spans: Partial<Record<TourStep, SectionSpan>>, viewportHeight: number) {
  const top = spans.projects?.top;
  return top === undefined || top > viewportHeight * TOUR_REACHED_SHARE;
}

export const MILESTONES = [
  { id: 'welcome', label: 'Welcome' },
  { id: 'intro', label: 'Intro' },
  { id: 'about', label: 'About' },
  { id: 'projects', label: 'Projects' },
  { id: 'more-projects', label: 'More Projects' },
  { id: 'skills', label: 'Skills' },
  { id: 'more-skills', label: 'More Skills' },
  { id: 'contact', label: 'Contact' },
  { id: 'destination', label: 'Destination' },
] as const;
export type MilestoneId = (typeof MILESTONES)[number]['id'];

// Upper bounds (percent of the page scrolled) of the milestones after the welcome.
const BOUNDS: ReadonlyArray<readonly [number, MilestoneId]> = [
  [10, 'intro'],
  [25, 'about'],
  [40, 'projects'],
  [55, 'more-projects'],
  [70, 'skills'],
  [80, 'more-skills'],
  [90, 'contact'],
];

/**
 * The milestone for how far the page is scrolled (0-100 %): below 10 % intro,
 * up to 25 about, 40 projects, 55 more projects, 70 skills, 80 more skills,
 * 90 contact, otherwise destination. The welcome milestone belongs to the
 * overlay, before the journey starts.
 */
export function milestoneForProgress(percent: number): MilestoneId {
  if (percent < 10) return 'intro';
  for (const [bound, id] of BOUNDS.slice(1)) if (percent <= bound) return id;
  return 'destination';
}

/** Where a click on a milestone scrolls to, in percent: just inside the range that selects it. */
export function progressForMilestone(id: MilestoneId): number {
  if (id === 'welcome' || id === 'intro') return 0;
  if (id === 'destination') return 100;
  const index = BOUNDS.findIndex(([, milestone]) => milestone === id);
  const previous = BOUNDS[index - 1];
  return (previous ? previous[0] : 0) + 1;
}

/** How far the page is scrolled, 0-100 %. */
export function scrollProgress(scrollY: number, scrollHeight: number, viewportHeight: number): number {
  const scrollable = scrollHeight - viewportHeight;
  if (scrollable <= 0) return 100;
  return Math.min(100, Math.max(0, (scrollY / scrollable) * 100));
}
