/**
 * Funnels (issue 48, point 2): steps a visit goes through in order, each a page (an address, `*`
 * standing for one part of it) or a goal, counted per visit (a visitor's day, as the daily hash
 * knows them). A built-in one follows a visit to a client: visited, read a post or a project,
 * reached the contact form, sent a quote request, won (the last from the pipeline). The owner
 * defines others of 2 to 8 steps.
 *
 * A page view or goal advances a visit by at most one step (so "two posts read" is two steps), but
 * a visit's first event also passes the "visited" step. No zod here: the server's hot path (every
 * page view) and the owner's pages share these functions.
 */
import { GOALS, type GoalId, goalLabel, isGoal } from './goals.ts';

export type FunnelStep =
  | { kind: 'visit' }
  | { kind: 'page'; paths: string[]; label?: string }
  | { kind: 'goal'; goal: GoalId }
  | { kind: 'won' };

export interface FunnelDefinition {
  id: string;
  name: string;
  steps: FunnelStep[];
}

export const FUNNEL_MIN_STEPS = 2;
export const FUNNEL_MAX_STEPS = 8;
/** How many funnels the owner keeps (each page view is checked against every one). */
export const FUNNEL_MAX_COUNT = 10;
export const FUNNEL_NAME_MAX = 80;
/** The owner's form's step fields: `step1` to `step8`. */
export const FUNNEL_STEP_FIELDS = Array.from({ length: FUNNEL_MAX_STEPS }, (_, i) => `step${i + 1}`);
const PATTERN_MAX = 200;
const PATTERNS_MAX = 5;

export const BUILT_IN_FUNNEL: FunnelDefinition = {
  id: 'built-in',
  name: 'From visit to client',
  steps: [
    { kind: 'visit' },
    { kind: 'page', paths: ['/blog/*', '/projects/*'], label: 'Read a post or a project' },
    { kind: 'goal', goal: 'contact_form' },
    { kind: 'goal', goal: 'quote' },
    { kind: 'won' },
  ],
};

/** What a step says in the report. */
export function stepLabel(step: FunnelStep): string {
  switch (step.kind) {
    case 'visit':
      return 'Visited the site';
    case 'won':
      return 'Won (pipeline)';
    case 'goal':
      return goalLabel(step.goal);
    case 'page':
      return step.label ?? step.paths.join(' or ');
  }
}

/** An address as compared: without its query, fragment or trailing slash. */
export function normalPath(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? path;
  return bare.length > 1 ? bare.replace(/\/+$/, '') || '/' : bare;
}

const patternCache = new Map<string, RegExp>();

/** The expression of a page pattern: `*` is one part of an address (anything but a slash). */
export function patternRegExp(pattern: string): RegExp {
  let expression = patternCache.get(pattern);
  if (!expression) {
    const escaped = normalPath(pattern)
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
    expression = new RegExp(`^${escaped.join('[^/]+')}$`);
    if (patternCache.size > 500) patternCache.clear();
    patternCache.set(pattern, expression);
  }
  return expression;
}

/** The same pattern as SQL `~` reads it (the report asks whether any counted page matches). */
export const patternSource = (pattern: string): string => patternRegExp(pattern).source;

/** Something a visit did: a page it viewed, or a goal it reached. */
export type FunnelEvent = { page: string } | { goal: GoalId };

function matches(step: FunnelStep, event: FunnelEvent): boolean {
  if (step.kind === 'page' && 'page' in event) {
    const path = normalPath(event.page);
    return step.paths.some((pattern) => patternRegExp(pattern).test(path));
  }
  return step.kind === 'goal' && 'goal' in event && step.goal === event.goal;
}

/**
 * The steps an event moves a visit through: from `reached` steps already passed, the "visited"
 * steps it passes on the way and at most one page or goal step it matches. Returns how many steps
 * are reached after it (the same number when it moves nothing).
 */
export function advance(steps: FunnelStep[], reached: number, event: FunnelEvent): number {
  let at = reached;
  let used = false;
  while (at < steps.length) {
    const step = steps[at];
    if (step?.kind === 'visit') at++;
    else if (step && !used && matches(step, event)) {
      at++;
      used = true;
    } else break;
  }
  return at;
}

const GOAL_BY_LABEL = new Map<string, GoalId>(GOALS.map((goal) => [goal.label.toLowerCase(), goal.id]));

/**
 * A step as the owner types it: one or more page addresses (`/blog/*`, several separated by spaces
 * or commas), or a goal by its name ("Quote sent") or id; a message saying what is wrong otherwise.
 */
export function parseStep(text: string): FunnelStep | { problem: string } {
  const value = text.trim();
  if (!value) return { problem: 'is empty' };
  if (value.startsWith('/')) {
    const paths = value.split(/[\s,]+/).filter(Boolean);
    if (paths.length > PATTERNS_MAX) return { problem: `names more than ${PATTERNS_MAX} pages` };
    for (const path of paths) {
      if (!path.startsWith('/') || path.startsWith('//'))
        return { problem: `"${path.slice(0, 40)}" is not an address on this site (start it with one /)` };
      if (path.length > PATTERN_MAX)
        return { problem: `has an address longer than ${PATTERN_MAX} characters` };
      if (/[?#]/.test(path)) return { problem: 'names a page by its address alone, without ? or #' };
    }
    return { kind: 'page', paths };
  }
  const goal = GOAL_BY_LABEL.get(value.toLowerCase()) ?? (isGoal(value) ? value : undefined);
  if (goal) return { kind: 'goal', goal };
  return { problem: 'is neither a page address (starting with /) nor a goal from the list' };
}
