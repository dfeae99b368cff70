/**
 * The owner's calendars as busy times (issue 49, points 1 and 6): private ICS feed addresses
 * (Google's and Outlook's "secret address") and CalDAV calendars (caldav.ts), read through the
 * importer's address guard. Each calendar's last good read is kept in memory with when it was
 * read; a page of slots reads a calendar again once its read is a minute old, and a booking is
 * checked against a fresh one. A calendar that is slow, down, refuses, or sends something that is
 * no calendar (or too large) keeps its last good read for 5 minutes, and its problem is shown to
 * the owner; past that, or never read well, its hours are unchecked and no slot is offered at all
 * (issue 65): the visitor is told so before any form, and the owner once per outage (`onDown`).
 */
import type { CalendarState } from '../../../../common/schemas/calendars.ts';
import type { RemotePages } from '../../../lib/outbound.ts';
import type { Busy } from '../slots.ts';
import { busyTimes, UnreadableCalendar } from './busy.ts';

/** How old a calendar's last good read may be when slots are shown or a call is booked. */
export const SLOTS_MAX_AGE_MS = 5 * 60_000;
/**
 * How old a read may be before a page of slots reads the calendar again: well inside the above, so
 * one slow or failed read never takes the times away while the last good one is recent.
 */
export const SLOTS_READ_AGAIN_MS = 60_000;
/** How long a page of slots waits for a read before answering from the last good one. */
export const SLOTS_WAIT_MS = 1_500;
/** How long a booking waits for its fresh read. */
export const BOOKING_WAIT_MS = 4_000;
/** How long one read of a feed may take, and how large it may be (a busy calendar is well under 10 MB). */
export const FEED_TIMEOUT_MS = 10_000;
export const FEED_MAX_BYTES = 10 * 1024 * 1024;

/** One of the owner's calendars: what the owner sees of it, and how it is read. */
export interface CalendarSource {
  /** What the owner sees: the feed's host and the end of its path, never its secret in full. */
  label: string;
  /**
   * Its events between two instants as iCalendar texts (a feed is one text; a CalDAV calendar one
   * per event); an Error whose message says, for the owner, why not.
   */
  read(from: Date, to: Date): Promise<string[]>;
}

/** A feed's address as the owner sees it: its host and a hint of its path (a secret address stays secret). */
export function feedLabel(url: string): string {
  try {
    const address = new URL(url);
    const last = address.pathname.split('/').filter(Boolean).at(-1) ?? '';
    return `${address.host}/…${last.slice(-12)}`;
  } catch {
    return 'an address that is not one';
  }
}

/** Whether a text is an iCalendar file at all (a sign-in page is not; checked before it replaces a good read). */
export function checkCalendarText(text: string): string {
  if (!/^\s*BEGIN:VCALENDAR/i.test(text)) throw new UnreadableCalendar('what it sent is not a calendar');
  return text;
}

/** A private ICS feed address, read whole through the guard (its window is the whole file). */
export function icsFeed(url: string, pages: Pick<RemotePages, 'get'>): CalendarSource {
  return {
    label: feedLabel(url),
    async read() {
      const page = await pages.get(url, 'text/calendar, text/plain;q=0.5');
      if (page.status === 401 || page.status === 403)
        throw new Error(`it refused (${page.status}): check the address`);
      if (page.status < 200 || page.status >= 300) throw new Error(`it answered ${page.status}`);
      return [checkCalendarText(page.text)];
    },
  };
}

interface SourceState {
  source: CalendarSource;
  texts: string[] | null;
  /** The window the texts were read for (a CalDAV calendar answers for the window asked). */
  readFor: string;
  goodAt: number | null;
  checkedAt: number | null;
  problem: string | null;
  reading: Promise<void> | null;
  /** The busy times of `texts` over a window, worked out once per read and window. */
  parsed: { key: string; busy: Busy[] } | null;
  /** When this calendar was first asked for and had no good read (never read well). */
  firstAskedAt: number | null;
  /** Whether the owner has been told of this outage (told again after the next good read). */
  downNoted: boolean;
}

/** A calendar with no good read for over SLOTS_MAX_AGE_MS: what the owner is told of it. */
export interface CalendarDown {
  label: string;
  problem: string | null;
  /** Its last good read, if it ever had one. */
  goodAt: Date | null;
  /** The owner's zone, for the times the owner reads. */
  ownerZone: string;
}

export interface BusyCalendars {
  /**
   * The busy times of every calendar between two instants: from reads at most SLOTS_MAX_AGE_MS
   * old (reading again once a read is SLOTS_READ_AGAIN_MS old, waiting at most SLOTS_WAIT_MS;
   * `fresh`, reading now and waiting at most BOOKING_WAIT_MS); null when a calendar has no such
   * read (its hours unchecked).
   */
  busy(from: Date, to: Date, ownerZone: string, fresh?: boolean): Promise<Busy[] | null>;
  /** What the owner sees of each calendar. */
  states(): CalendarState[];
}

export function busyCalendars({
  sources,
  ownEvent = () => false,
  now = () => new Date(),
  onDown = () => {},
}: {
  sources: CalendarSource[];
  /** Events the site wrote itself (its bookings, counted from its own list): never busy twice. */
  ownEvent?: (uid: string) => boolean;
  now?: () => Date;
  /**
   * A calendar has had no good read for over SLOTS_MAX_AGE_MS: called once per outage, and waited
   * for (the owner's notice is queued before the answer that offers no time).
   */
  onDown?: (calendar: CalendarDown) => void | Promise<void>;
}): BusyCalendars {
  const states: SourceState[] = sources.map((source) => ({
    source,
    texts: null,
    readFor: '',
    goodAt: null,
    checkedAt: null,
    problem: null,
    reading: null,
    parsed: null,
    firstAskedAt: null,
    downNoted: false,
  }));

  /** The window and zone last asked for: a new read is parsed for it once, as it is read. */
  let window = { from: new Date(0), to: new Date(0), ownerZone: 'UTC' };
  const windowKey = () => `${window.from.toISOString()}|${window.to.toISOString()}`;
  const keyOf = (goodAt: number) => `${goodAt}|${windowKey()}|${window.ownerZone}`;
  const parse = (texts: string[]) =>
    texts
      .flatMap((text) => busyTimes(text, window.from, window.to, window.ownerZone, ownEvent))
      .sort((a, b) => a.start.getTime() - b.start.getTime());

  async function read(state: SourceState): Promise<void> {
    const at = now().getTime();
    const readFor = windowKey();
    try {
      const texts = await state.source.read(window.from, window.to);
      // Parsed for the window asked for: texts that cannot be read keep the last good read.
      const busy = parse(texts);
      state.texts = texts;
      state.readFor = readFor;
      state.goodAt = at;
      state.parsed = { key: keyOf(at), busy };
      state.problem = null;
      state.downNoted = false;
    } catch (error) {
      state.problem = (error as Error).message || 'it could not be read';
    } finally {
      state.checkedAt = at;
      state.reading = null;
    }
  }

  /**
   * Reads a calendar again if its last ask is older than `maxAgeMs` (or its read was for other
   * days), waiting at most `waitMs`.
   */
  async function current(state: SourceState, maxAgeMs: number, waitMs: number): Promise<void> {
    const at = now().getTime();
    const recent = state.checkedAt !== null && at - state.checkedAt < maxAgeMs;
    if (recent && !state.reading && (state.texts === null || state.readFor === windowKey())) return;
    state.reading ??= read(state);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      state.reading,
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, waitMs);
      }),
    ]);
    clearTimeout(timer);
  }

  /** Whether a calendar's last good read is recent enough to offer times from (or book against). */
  const isCurrent = (state: SourceState, at: number) =>
    state.goodAt !== null && at - state.goodAt <= SLOTS_MAX_AGE_MS;

  /** A calendar's busy times over the window asked for, parsed once per read and window. */
  function busyOf(state: SourceState): Busy[] | null {
    if (state.texts === null || state.goodAt === null) return null;
    const key = keyOf(state.goodAt);
    if (state.parsed?.key !== key) {
      try {
        state.parsed = { key, busy: parse(state.texts) };
      } catch (error) {
        state.problem = (error as Error).message;
        return null;
      }
    }
    return state.parsed.busy;
  }

  return {
    async busy(from, to, ownerZone, fresh = false) {
      window = { from, to, ownerZone };
      await Promise.all(
        states.map((state) =>
          fresh ? current(state, 0, BOOKING_WAIT_MS) : current(state, SLOTS_READ_AGAIN_MS, SLOTS_WAIT_MS),
        ),
      );
      const at = now().getTime();
      const busy: Busy[] = [];
      let unchecked = false;
      for (const state of states) {
        state.firstAskedAt ??= at;
        // A read older than SLOTS_MAX_AGE_MS is no read: the calendar may have filled since.
        const times = isCurrent(state, at) ? busyOf(state) : null;
        if (times) {
          busy.push(...times);
          continue;
        }
        unchecked = true;
        if (!state.downNoted && at - (state.goodAt ?? state.firstAskedAt) > SLOTS_MAX_AGE_MS) {
          state.downNoted = true;
          await onDown({
            label: state.source.label,
            problem: state.problem,
            goodAt: state.goodAt === null ? null : new Date(state.goodAt),
            ownerZone,
          });
        }
      }
      return unchecked ? null : busy;
    },

    states() {
      return states.map((state) => ({
        label: state.source.label,
        checkedAt: state.checkedAt === null ? null : new Date(state.checkedAt).toISOString(),
        goodAt: state.goodAt === null ? null : new Date(state.goodAt).toISOString(),
        problem: state.problem,
        busy: state.parsed?.busy.length ?? 0,
        current: isCurrent(state, now().getTime()),
      }));
    },
  };
}
