/**
 * Every date the site shows, formatted in one place (en-US, as the spec's examples).
 * Dates a page renders on the server are formatted in UTC, so the server's HTML and the
 * browser's hydration agree; the owner's own timestamps are in their browser's zone. Only the
 * browser's own Intl: no date library ships with any page.
 */

// Formatters are costly to make (a page of posts formats a date per post): each is made once.
let relative: Intl.RelativeTimeFormat | undefined;
let long: Intl.DateTimeFormat | undefined;

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** Relative time ('3 days ago'): the home page's latest posts. */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const seconds = Math.round((new Date(iso).getTime() - now.getTime()) / 1000);
  relative ??= new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  const format = relative;
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(0, 'minute').replace('this minute', 'just now');
}

/** 'November 2, 2026' (the spec's 'MMMM d, yyyy'): posts and comments. */
export function longDate(iso: string): string {
  long ??= new Intl.DateTimeFormat('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return long.format(new Date(iso));
}

/** 'Nov 2, 2026' (the spec's 'MMM d, yyyy'): endorsements, read in the browser, in its zone. */
export function shortDate(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(
    new Date(iso),
  );
}

/** 'Nov 2' for a calendar day ('2026-11-02'): the analytics chart's axis. */
export function dayLabel(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** 'Nov 2, 2026, 3:04 PM' in the owner's zone: when something arrived in the dashboard. */
export function dateAndTime(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}
