/**
 * The owner's calendars as busy times (issue 49, points 1 and 6): private ICS feed addresses
 * (Google's and Outlook's "secret address"), read through the importer's address guard. Each
 * feed's last good text is kept in memory with when it was read; slots are shown from reads at
 * most 5 minutes old, a booking is checked against a fresh one. A feed that is slow, down,
 * refuses, or sends something that is no calendar (or too large) keeps its last good read, and
 * its problem is shown to the owner; a feed never read well leaves its hours unchecked, and then
 * no slot is offered at all.
 */
import type { CalendarState } from '../../../../common/schemas/booking.ts';
import type { RemotePages } from '../../../lib/remote-images.ts';
import type { Busy } from '../slots.ts';
import { busyTimes, UnreadableCalendar } from './busy.ts';

/** How old a read may be when slots are shown. */
export const SLOTS_MAX_AGE_MS = 5 * 60_000;
/** How long a page of slots waits for a read before answering from the last good one. */
export const SLOTS_WAIT_MS = 1_500;
/** How long a booking waits for its fresh read. */
export const BOOKING_WAIT_MS = 4_000;
/** How long one read of a feed may take, and how large it may be (a busy calendar is well under 10 MB). */
export const FEED_TIMEOUT_MS = 10_000;
export const FEED_MAX_BYTES = 10 * 1024 * 1024;

export interface CalendarFeed {
  /** What the owner sees: the feed's host and the end of its path, never its secret in full. */
  label: string;
  url: string;
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

interface FeedState {
  feed: CalendarFeed;
  text: string | null;
  goodAt: number | null;
  checkedAt: number | null;
  problem: string | null;
  reading: Promise<void> | null;
  /** The busy times of `text` over a window, worked out once per text and day. */
  parsed: { key: string; busy: Busy[] } | null;
}

export interface BusyCalendars {
  /**
   * The busy times of every calendar between two instants: from reads at most SLOTS_MAX_AGE_MS
   * old (reading again, waiting at most SLOTS_WAIT_MS), or, `fresh`, from a read of this moment
   * (waiting at most BOOKING_WAIT_MS); null when a calendar has no such read (its hours unchecked).
   */
  busy(from: Date, to: Date, ownerZone: string, fresh?: boolean): Promise<Busy[] | null>;
  /** What the owner sees of each calendar. */
  states(): CalendarState[];
  /** Whether any calendar is connected. */
  readonly any: boolean;
}

export function busyCalendars({
  feeds,
  pages,
  now = () => new Date(),
}: {
  feeds: CalendarFeed[];
  pages: Pick<RemotePages, 'get'>;
  now?: () => Date;
}): BusyCalendars {
  const states: FeedState[] = feeds.map((feed) => ({
    feed,
    text: null,
    goodAt: null,
    checkedAt: null,
    problem: null,
    reading: null,
    parsed: null,
  }));

  /** The window and zone last asked for: a new text is parsed for it once, as it is read. */
  let window = { from: new Date(0), to: new Date(0), ownerZone: 'UTC' };
  const keyOf = (goodAt: number) =>
    `${goodAt}|${window.from.toISOString()}|${window.to.toISOString()}|${window.ownerZone}`;

  async function read(state: FeedState): Promise<void> {
    const at = now().getTime();
    try {
      const page = await pages.get(state.feed.url, 'text/calendar, text/plain;q=0.5');
      if (page.status === 401 || page.status === 403)
        throw new Error(`it refused (${page.status}): check the address`);
      if (page.status < 200 || page.status >= 300) throw new Error(`it answered ${page.status}`);
      // Checked before it replaces the last good read: a page that is no calendar keeps the old one.
      if (!/^\s*BEGIN:VCALENDAR/i.test(page.text))
        throw new UnreadableCalendar('what it sent is not a calendar');
      // Parsed for the window asked for: a text that cannot be read keeps the old one too.
      const busy = busyTimes(page.text, window.from, window.to, window.ownerZone);
      state.text = page.text;
      state.goodAt = at;
      state.parsed = { key: keyOf(at), busy };
      state.problem = null;
    } catch (error) {
      state.problem = (error as Error).message || 'it could not be read';
    } finally {
      state.checkedAt = at;
      state.reading = null;
    }
  }

  /** Reads a feed again if its last ask is older than `maxAgeMs`, waiting at most `waitMs`. */
  async function current(state: FeedState, maxAgeMs: number, waitMs: number): Promise<void> {
    const at = now().getTime();
    if (state.checkedAt !== null && at - state.checkedAt < maxAgeMs && !state.reading) return;
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

  /** A feed's busy times over the window asked for, parsed once per text and window. */
  function busyOf(state: FeedState): Busy[] | null {
    if (state.text === null || state.goodAt === null) return null;
    const key = keyOf(state.goodAt);
    if (state.parsed?.key !== key) {
      try {
        state.parsed = { key, busy: busyTimes(state.text, window.from, window.to, window.ownerZone) };
      } catch (error) {
        state.problem = (error as Error).message;
        return null;
      }
    }
    return state.parsed.busy;
  }

  return {
    any: feeds.length > 0,

    async busy(from, to, ownerZone, fresh = false) {
      window = { from, to, ownerZone };
      await Promise.all(
        states.map((state) =>
          fresh ? current(state, 0, BOOKING_WAIT_MS) : current(state, SLOTS_MAX_AGE_MS, SLOTS_WAIT_MS),
        ),
      );
      const busy: Busy[] = [];
      for (const state of states) {
        // A booking needs a read of this moment's calendar: one older than a page of slots may use is not enough.
        if (fresh && (state.goodAt === null || now().getTime() - state.goodAt > SLOTS_MAX_AGE_MS))
          return null;
        const times = busyOf(state);
        if (!times) return null;
        busy.push(...times);
      }
      return busy;
    },

    states() {
      return states.map((state) => ({
        label: state.feed.label,
        checkedAt: state.checkedAt === null ? null : new Date(state.checkedAt).toISOString(),
        goodAt: state.goodAt === null ? null : new Date(state.goodAt).toISOString(),
        problem: state.problem,
        busy: state.parsed?.busy.length ?? 0,
      }));
    },
  };
}
