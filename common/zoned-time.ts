/**
 * Wall-clock time in a named time zone (IANA, e.g. America/New_York) without a library: the
 * offset comes from Intl, so daylight-saving changes are whatever the runtime's time zone data
 * says. Used by the booking calendar (slots in the owner's zone) and the visitor's display.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A date formatter for a zone, made once per zone, options and locale (making one is slow). */
export function zonedFormat(
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
  locale = 'en-US',
): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { timeZone, ...options });
    formatters.set(key, formatter);
  }
  return formatter;
}

const partsFormatter = (timeZone: string) =>
  zonedFormat(timeZone, {
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });

/** Whether the runtime knows this IANA time zone. */
export function isTimeZone(timeZone: string): boolean {
  if (!timeZone || timeZone.length > 64) return false;
  try {
    partsFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall clock of `at` in `timeZone`: 'YYYY-MM-DD' and minutes since midnight. */
export function wallClock(at: Date, timeZone: string): { date: string; minutes: number } {
  const parts = Object.fromEntries(
    partsFormatter(timeZone)
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** How far `timeZone` is ahead of UTC at the instant `at`, in minutes (-240 for New York in summer). */
function offsetMinutes(at: Date, timeZone: string): number {
  const { date, minutes } = wallClock(at, timeZone);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const asUtc = Date.UTC(y, m - 1, d) + minutes * 60_000;
  return Math.round((asUtc - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
}

/**
 * The instant when the wall clock in `timeZone` shows `date` at `minutes` past midnight; null for
 * a time that does not exist that day (skipped when clocks go forward). A time that happens twice
 * (clocks go back) is its first occurrence.
 */
export function zonedInstant(date: string, minutes: number, timeZone: string): Date | null {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d) + minutes * 60_000;
  // Try the offsets in force a day either side: one of them is the offset at that wall time.
  const candidates = [
    offsetMinutes(new Date(wall - 36 * 3_600_000), timeZone),
    offsetMinutes(new Date(wall + 36 * 3_600_000), timeZone),
  ]
    .map((offset) => new Date(wall - offset * 60_000))
    .filter((at) => {
      const back = wallClock(at, timeZone);
      return back.date === date && back.minutes === minutes;
    })
    .sort((a, b) => a.getTime() - b.getTime());
  return candidates[0] ?? null;
}

/** 'YYYY-MM-DD' plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** 0 (Sunday) to 6 (Saturday) for a calendar date. */
export function weekdayOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** '09:30' -> 570. */
export function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

/** 'Tuesday, December 1, 2026 at 10:00 AM EST': an instant as a person in `timeZone` reads it. */
export function describeTime(at: Date | string, timeZone: string): string {
  return zonedFormat(timeZone, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(at));
}
