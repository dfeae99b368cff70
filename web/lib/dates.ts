/**
 * Every date the site shows, formatted in one place (en-US, as the spec's examples).
 * A page's dates are formatted the same on the server and in the browser, so its HTML and its
 * hydration agree: a post's day in UTC, a moment (when something arrived in the dashboard, an
 * endorsement's day) in the zone the root loader names (`useTimeZone`, web/lib/site.ts: the
 * signed-in owner's browser's zone once known, the owner's zone of content/time-zone.ts before),
 * with the zone written after a time. Only the browser's own Intl: no date library ships with
 * any page.
 */

import { zonedFormat } from '../../common/zoned-time.ts';

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

/** 'Nov 2, 2026' (the spec's 'MMM d, yyyy') in `timeZone`: endorsements. */
export function shortDate(iso: string, timeZone: string): string {
  return zonedFormat(timeZone, { month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(iso));
}

/** 'Nov 2' for a calendar day ('2026-11-02'): the analytics chart's axis. */
export function dayLabel(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** 'Nov 2, 2026, 3:04 PM EST' in `timeZone`, the zone named: when something arrived in the dashboard. */
export function dateAndTime(iso: string, timeZone: string): string {
  return zonedFormat(timeZone, {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(iso));
}
