/**
 * The goals the owner's analytics count (issue 48): each a thing a visitor did that matters to
 * the business, counted first-party and without a cookie, the same whether the browser ran the
 * page's code or not. Form goals are counted by the server when the form is stored (the API's
 * route names its goal); a click out to GitHub, LinkedIn or a project's live site goes through a
 * counted redirect (`/go/...`, common/links-out.ts), a plain link that works without JavaScript.
 *
 * One goal is reported by the page's code alone: the contact form seen (scrolled into view), by a
 * beacon of the counter (`BEACON_GOALS`); a beacon naming any other goal is refused.
 *
 * No zod here: the public pages import this file, and zod stays out of their JavaScript.
 */

export const GOALS = [
  { id: 'contact_form', label: 'Contact form seen' },
  { id: 'quote', label: 'Quote sent' },
  { id: 'message', label: 'Message sent' },
  { id: 'booking', label: 'Call booked' },
  { id: 'resume_request', label: 'Resume requested' },
  { id: 'resume_download', label: 'Resume downloaded' },
  { id: 'newsletter_subscribe', label: 'Newsletter subscribed' },
  { id: 'newsletter_confirm', label: 'Newsletter confirmed' },
  { id: 'endorsement', label: 'Endorsement given' },
  { id: 'comment', label: 'Comment sent' },
  { id: 'demo', label: 'Demo opened' },
  { id: 'github', label: 'GitHub opened' },
  { id: 'linkedin', label: 'LinkedIn opened' },
] as const;

export type GoalId = (typeof GOALS)[number]['id'];

export const GOAL_IDS = GOALS.map((goal) => goal.id) as [GoalId, ...GoalId[]];

const LABELS = new Map<string, string>(GOALS.map((goal) => [goal.id, goal.label]));

export const isGoal = (value: string): value is GoalId => LABELS.has(value);

export const goalLabel = (goal: GoalId): string => LABELS.get(goal) ?? goal;

/** Goals only the counter's beacon reports (what a form's server cannot see). */
export const BEACON_GOALS = ['contact_form'] as const satisfies readonly GoalId[];
