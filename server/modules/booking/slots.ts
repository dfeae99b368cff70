/**
 * The free call slots: every start on the owner's weekly hours, in the owner's time zone, one
 * call length apart, from the notice period to the horizon, leaving out blocked dates and any
 * slot that would come within a buffer of a booked call. A date with special hours has those
 * instead of its weekday's. Pure: the service passes the bookings and the time.
 */
import type { BookingSettings } from '../../../common/schemas/booking.ts';
import { addDays, minutesOf, wallClock, weekdayOf, zonedInstant } from '../../../common/zoned-time.ts';

export interface Busy {
  start: Date;
  end: Date;
}

const MINUTE = 60_000;

/**
 * Whether a call starting at `start` keeps clear of every booking: a call's buffer after it and
 * the next call's buffer before it must both be free, so two calls are at least the larger
 * buffer apart.
 */
export function isClear(start: Date, settings: BookingSettings, busy: Busy[]): boolean {
  const gap = Math.max(settings.bufferBeforeMinutes, settings.bufferAfterMinutes) * MINUTE;
  const from = start.getTime();
  const to = from + settings.callMinutes * MINUTE;
  return busy.every((booking) => to + gap <= booking.start.getTime() || from >= booking.end.getTime() + gap);
}

/** A date's hours: its special hours when it has some, else its weekday's. */
function windowsOn(settings: BookingSettings, date: string): Array<{ start: string; end: string }> {
  const special = settings.specialHours.filter((window) => window.date === date);
  const weekday = weekdayOf(date);
  const windows = special.length > 0 ? special : settings.weekly.filter((window) => window.day === weekday);
  return [...windows].sort((a, b) => minutesOf(a.start) - minutesOf(b.start));
}

/**
 * Every free start (UTC) from `now` plus the notice to the end of the horizon's last day; `full`
 * dates (the call type's daily limit reached, in the owner's zone) have none.
 */
export function freeSlots(
  settings: BookingSettings,
  busy: Busy[],
  now: Date,
  full: ReadonlySet<string> = new Set(),
): Date[] {
  const earliest = now.getTime() + settings.noticeHours * 60 * MINUTE;
  const blocked = new Set(settings.blockedDates);
  const today = wallClock(now, settings.timeZone).date;
  const slots: Date[] = [];
  for (let offset = 0; offset <= settings.horizonDays; offset++) {
    const date = addDays(today, offset);
    if (blocked.has(date) || full.has(date)) continue;
    const windows = windowsOn(settings, date);
    for (const window of windows) {
      const last = minutesOf(window.end) - settings.callMinutes;
      for (let minutes = minutesOf(window.start); minutes <= last; minutes += settings.callMinutes) {
        // A wall time skipped when clocks go forward has no slot.
        const start = zonedInstant(date, minutes, settings.timeZone);
        if (!start || start.getTime() < earliest) continue;
        if (!isClear(start, settings, busy)) continue;
        if (slots.length > 0 && (slots.at(-1)?.getTime() ?? 0) >= start.getTime()) continue;
        slots.push(start);
      }
    }
  }
  return slots;
}
