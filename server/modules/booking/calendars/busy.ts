/**
 * The busy times of one iCalendar text (issue 49, point 1) between two instants: every event that
 * is not marked free (TRANSP:TRANSPARENT) or cancelled, recurring ones expanded with their
 * exceptions (EXDATE, and RECURRENCE-ID overrides that move, cancel or free one occurrence),
 * all-day events as whole days in the owner's time zone, timed ones in their own zone (an IANA
 * name read with the runtime's zone data; another name, such as Outlook's "Pacific Standard
 * Time", by the file's VTIMEZONE; a floating time in the owner's zone). An event without an end
 * lasts a day when it is all-day and an instant otherwise (RFC 5545); a rule without an end is
 * expanded only up to the window's end, and an event that repeats more than MAX_OCCURRENCES times
 * before it makes the whole text unreadable rather than quietly incomplete.
 */
import ICAL from 'ical.js';
import { isTimeZone, zonedInstant } from '../../../../common/zoned-time.ts';
import type { Busy } from '../slots.ts';

/** The most occurrences one event is expanded to (from its first: a rule cannot start mid-way). */
export const MAX_OCCURRENCES = 20_000;

export class UnreadableCalendar extends Error {}

/** How long before the window an occurrence may begin and still reach into it (a long event). */
const EARLY_MS = 31 * 86_400_000;

type Time = InstanceType<typeof ICAL.Time>;
type Component = InstanceType<typeof ICAL.Component>;

const pad = (value: number) => String(value).padStart(2, '0');
const dateOf = (time: Time) => `${time.year}-${pad(time.month)}-${pad(time.day)}`;

/** A wall-clock time in a zone as an instant (a time skipped when clocks go forward, an hour on). */
function wallInstant(time: Time, timeZone: string): Date {
  const minutes = time.hour * 60 + time.minute;
  const at =
    zonedInstant(dateOf(time), minutes, timeZone) ?? zonedInstant(dateOf(time), minutes + 60, timeZone);
  return new Date((at?.getTime() ?? Number.NaN) + time.second * 1000);
}

/** The instant of an event's time: `tzid` is its property's TZID, if any. */
function instantOf(time: Time, tzid: string | null, ownerZone: string): Date {
  if (time.isDate) return wallInstant(time, ownerZone);
  if (time.zone?.tzid === 'UTC') return new Date(time.toUnixTime() * 1000);
  if (tzid && isTimeZone(tzid)) return wallInstant(time, tzid);
  if (tzid && ICAL.TimezoneService.has(tzid)) {
    return new Date(time.convertToZone(ICAL.Timezone.utcTimezone).toUnixTime() * 1000);
  }
  return wallInstant(time, ownerZone);
}

/** Whether an event (or one occurrence's override) keeps its time free. */
function isFree(component: Component): boolean {
  const status = String(component.getFirstPropertyValue('status') ?? '').toUpperCase();
  const transparency = String(component.getFirstPropertyValue('transp') ?? '').toUpperCase();
  return status === 'CANCELLED' || transparency === 'TRANSPARENT';
}

const tzidOf = (component: Component, name: 'dtstart' | 'dtend') => {
  const tzid = component.getFirstProperty(name)?.getParameter('tzid');
  return typeof tzid === 'string' ? tzid : null;
};

/**
 * The busy stretches of `text` that touch [from, to), sorted by start; an event whose UID
 * `skip` names (a booking the site wrote there itself) is left out.
 */
export function busyTimes(
  text: string,
  from: Date,
  to: Date,
  ownerZone: string,
  skip: (uid: string) => boolean = () => false,
): Busy[] {
  let root: Component;
  try {
    root = new ICAL.Component(ICAL.parse(text));
  } catch (error) {
    throw new UnreadableCalendar(`not an iCalendar file (${(error as Error).message.slice(0, 120)})`);
  }
  for (const zone of root.getAllSubcomponents('vtimezone')) {
    try {
      ICAL.TimezoneService.register(zone);
    } catch {
      // A zone definition that cannot be read: its events fall back to the owner's zone.
    }
  }
  const events = root.getAllSubcomponents('vevent');
  const overrides = new Map<string, Component[]>();
  for (const event of events) {
    if (!event.hasProperty('recurrence-id')) continue;
    const uid = String(event.getFirstPropertyValue('uid') ?? '');
    overrides.set(uid, [...(overrides.get(uid) ?? []), event]);
  }
  const busy: Busy[] = [];
  const add = (component: Component, start: Time, end: Time) => {
    const startAt = instantOf(start, tzidOf(component, 'dtstart'), ownerZone);
    const endAt = instantOf(end, tzidOf(component, 'dtend') ?? tzidOf(component, 'dtstart'), ownerZone);
    if (Number.isNaN(startAt.getTime()) || Number.isNaN(endAt.getTime())) return;
    if (endAt.getTime() > from.getTime() && startAt.getTime() < to.getTime()) {
      busy.push({ start: startAt, end: endAt.getTime() < startAt.getTime() ? startAt : endAt });
    }
  };
  for (const component of events) {
    if (component.hasProperty('recurrence-id') || !component.hasProperty('dtstart')) continue;
    const uid = String(component.getFirstPropertyValue('uid') ?? '');
    if (skip(uid)) continue;
    let event: InstanceType<typeof ICAL.Event>;
    try {
      event = new ICAL.Event(component, { exceptions: overrides.get(uid) ?? [] });
    } catch {
      continue;
    }
    if (!event.isRecurring()) {
      if (!isFree(component)) add(component, event.startDate, event.endDate);
      continue;
    }
    const occurrences = event.iterator();
    // Occurrences long before the window are only counted, unless one of them may have been moved.
    const early = from.getTime() - EARLY_MS;
    const moved = (overrides.get(uid) ?? []).length > 0;
    for (let count = 0; ; count++) {
      if (count >= MAX_OCCURRENCES) {
        throw new UnreadableCalendar(
          `an event repeats more than ${MAX_OCCURRENCES} times before the days booked ("${String(event.summary ?? uid).slice(0, 60)}")`,
        );
      }
      const next = occurrences.next();
      if (!next) break;
      const ruleAt = instantOf(next, tzidOf(component, 'dtstart'), ownerZone);
      if (!moved && ruleAt.getTime() < early) continue;
      const details = event.getOccurrenceDetails(next);
      const item = details.item.component;
      // An occurrence moved earlier than its rule's time still counts; stop once both are past the window.
      const movedAt = instantOf(details.startDate, tzidOf(item, 'dtstart'), ownerZone);
      if (ruleAt.getTime() >= to.getTime() && movedAt.getTime() >= to.getTime()) break;
      // An override stands for its occurrence whole: its own status and transparency count.
      if (!isFree(details.item === event ? component : item)) add(item, details.startDate, details.endDate);
    }
  }
  return busy.sort((a, b) => a.start.getTime() - b.start.getTime());
}
