/**
 * Which calendars the owner has connected (issue 49, point 1): a CalDAV account and private ICS
 * feeds, set by the deployment's environment (BOOKING_CALDAV_URL, BOOKING_ICS_URLS) or on the
 * owner's Calls page (app_meta `booking:calendars`; the app password and the feed addresses are
 * sealed like the two-factor secret, so a backup alone gives none of them away). The environment's
 * account stands over a stored one. Every use reads the stored row first, so a change made
 * through one process is seen by all; the calendars (and their last good reads) are made again
 * only when it changed. A calendar is checked before it is kept: one that cannot be read is
 * refused with the reason.
 */
import { randomBytes } from 'node:crypto';
import {
  type CaldavAccountInput,
  type CalendarOverview,
  calendarFeedInputSchema,
} from '../../../../common/schemas/calendars.ts';
import { z } from '../../../../common/schemas/zod.ts';
import type { Db } from '../../../db/client.ts';
import { jsonSetting } from '../../../lib/app-settings.ts';
import { HttpError } from '../../../lib/http-error.ts';
import type { RemotePages } from '../../../lib/outbound.ts';
import type { Sealer } from '../../../lib/sealed.ts';
import { type CalDav, type CalDavAccount, caldav, caldavLabel } from './caldav.ts';
import {
  type BusyCalendars,
  busyCalendars,
  type CalendarDown,
  type CalendarSource,
  feedLabel,
  icsFeed,
} from './feeds.ts';

/** The most feeds the owner may add on the page. */
export const MAX_FEEDS = 10;
/** How long the owner's page waits for the account's list of calendars. */
const LIST_WAIT_MS = 3_000;

const storedSchema = z.object({
  caldav: z.object({ url: z.string(), username: z.string(), password: z.string() }).nullable().default(null),
  writeTo: z.string().nullable().default(null),
  feeds: z.array(z.object({ id: z.string(), url: z.string() })).default([]),
});
type Stored = z.infer<typeof storedSchema>;
/** The owner's connected calendars, secrets sealed (none: the environment's, if any). */
const setting = jsonSetting<Stored>('booking:calendars', storedSchema, () => storedSchema.parse({}));

/** The account BOOKING_CALDAV_URL names: its address without the user name and password, and them. */
export function accountFromAddress(address: string): Omit<CalDavAccount, 'calendar'> {
  const url = new URL(address);
  const username = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  url.username = '';
  url.password = '';
  return { url: url.href, username, password };
}

/** A calendar whose stored secret cannot be opened (a backup restored with another server secret). */
const unreadable = (label: string): CalendarSource => ({
  label,
  read: () => Promise.reject(new Error('its stored secret cannot be read here: connect it again')),
});

interface Current {
  value: string;
  stored: Stored;
  calendars: BusyCalendars;
  caldav: CalDav | null;
  account: { url: string; username: string; fromEnvironment: boolean } | null;
}

export interface OwnerCalendars {
  /** The busy times of the calendars connected now (none: an empty list). */
  busy: BusyCalendars['busy'];
  /** The account bookings are written to, if one is connected. */
  caldav(): Promise<CalDav | null>;
  overview(writes: CalendarOverview['writes']): Promise<CalendarOverview>;
  /** Checks the account (its calendars listed) and keeps it; a blank password keeps the stored one. */
  connectCalDav(input: CaldavAccountInput): Promise<void>;
  disconnectCalDav(): Promise<void>;
  /** The calendar bookings are written to: one of the account's. */
  writeTo(calendar: string): Promise<void>;
  /** Checks the feed (read as a calendar) and keeps it. */
  addFeed(url: string): Promise<void>;
  removeFeed(id: string): Promise<boolean>;
}

export function ownerCalendars({
  db,
  sealer,
  environment,
  fetch,
  pages,
  ownEvent,
  now,
  onDown,
}: {
  db: Db;
  sealer: Sealer;
  environment: { caldavUrl?: string; icsUrls?: string };
  /** The guarded fetch CalDAV's requests go through. */
  fetch: typeof globalThis.fetch;
  /** The guarded reader the feeds go through. */
  pages: Pick<RemotePages, 'get'>;
  ownEvent: (uid: string) => boolean;
  now?: () => Date;
  /** A calendar has had no good read for over 5 minutes (feeds.ts): once per outage. */
  onDown?: (calendar: CalendarDown) => void | Promise<void>;
}): OwnerCalendars {
  const envAccount = environment.caldavUrl ? accountFromAddress(environment.caldavUrl) : null;
  const envFeeds = (environment.icsUrls ?? '').split(/\s+/).filter(Boolean);
  let current: Current | null = null;

  const storedValue = () => setting.stored(db);
  const parse = setting.parse;

  /** The calendars as the stored row says now (made again only when it changed). */
  async function load(): Promise<Current> {
    const value = await storedValue();
    if (current?.value === value) return current;
    const stored = parse(value);
    const sources: CalendarSource[] = [];
    let account: Current['account'] = null;
    let connected: CalDav | null = null;
    if (envAccount || stored.caldav) {
      const chosen = envAccount ?? {
        url: stored.caldav?.url ?? '',
        username: stored.caldav?.username ?? '',
        password: sealer.open(stored.caldav?.password ?? ''),
      };
      account = { url: chosen.url, username: chosen.username, fromEnvironment: envAccount !== null };
      if (chosen.password === null) {
        sources.push(unreadable(caldavLabel(chosen)));
      } else {
        connected = caldav({ ...chosen, password: chosen.password, calendar: stored.writeTo }, fetch);
        sources.push(connected.source);
      }
    }
    for (const url of envFeeds) sources.push(icsFeed(url, pages));
    for (const feed of stored.feeds) {
      const url = sealer.open(feed.url);
      sources.push(url === null ? unreadable('a feed') : icsFeed(url, pages));
    }
    current = {
      value,
      stored,
      account,
      caldav: connected,
      calendars: busyCalendars({ sources, ownEvent, ...(now ? { now } : {}), ...(onDown ? { onDown } : {}) }),
    };
    return current;
  }

  /** One change to the stored row, made under its lock: two saves at once both count. */
  async function save(change: (stored: Stored) => Stored): Promise<void> {
    await setting.change(db, change);
  }

  const refused = (what: string, error: unknown) =>
    new HttpError(
      400,
      `${what} could not be read: ${(error as Error).message || 'it could not be reached'}.`,
    );

  return {
    async busy(from, to, ownerZone, fresh) {
      return (await load()).calendars.busy(from, to, ownerZone, fresh);
    },

    async caldav() {
      return (await load()).caldav;
    },

    async overview(writes) {
      const loaded = await load();
      let calendars: NonNullable<CalendarOverview['caldav']>['calendars'] = null;
      if (loaded.caldav) {
        let timer: NodeJS.Timeout | undefined;
        calendars = await Promise.race([
          loaded.caldav.calendars().catch(() => null),
          new Promise<null>((resolve) => {
            timer = setTimeout(() => resolve(null), LIST_WAIT_MS);
          }),
        ]);
        clearTimeout(timer);
      }
      return {
        calendars: loaded.calendars.states(),
        caldav: loaded.account && {
          label: caldavLabel(loaded.account),
          ...loaded.account,
          writeTo: loaded.stored.writeTo,
          calendars,
        },
        feeds: [
          ...envFeeds.map((url) => ({ id: null, label: feedLabel(url), fromEnvironment: true })),
          ...loaded.stored.feeds.map((feed) => {
            const url = sealer.open(feed.url);
            return { id: feed.id, label: url === null ? 'a feed' : feedLabel(url), fromEnvironment: false };
          }),
        ],
        writes,
      };
    },

    async connectCalDav(input) {
      if (envAccount)
        throw new HttpError(409, 'The calendar account is set by the deployment (BOOKING_CALDAV_URL).');
      const stored = parse(await storedValue());
      const password =
        input.password ||
        (stored.caldav?.url === input.url && stored.caldav.username === input.username
          ? sealer.open(stored.caldav.password)
          : null);
      if (!password) throw new HttpError(400, 'Enter the app password');
      try {
        await caldav(
          { url: input.url, username: input.username, password, calendar: null },
          fetch,
        ).calendars();
      } catch (error) {
        throw refused('The calendar account', error);
      }
      await save((before) => ({
        ...before,
        caldav: { url: input.url, username: input.username, password: sealer.seal(password) },
        writeTo: before.caldav?.url === input.url ? before.writeTo : null,
      }));
    },

    async disconnectCalDav() {
      await save((before) => ({ ...before, caldav: null, writeTo: null }));
    },

    async writeTo(calendar) {
      const loaded = await load();
      if (!loaded.caldav) throw new HttpError(409, 'Connect a calendar account first');
      let calendars: Awaited<ReturnType<CalDav['calendars']>>;
      try {
        calendars = await loaded.caldav.calendars();
      } catch (error) {
        throw refused('The calendar account', error);
      }
      if (!calendars.some((one) => one.url === calendar))
        throw new HttpError(400, 'Choose one of the calendars');
      await save((before) => ({ ...before, writeTo: calendar }));
    },

    async addFeed(url) {
      const { url: address } = calendarFeedInputSchema.parse({ url });
      const stored = parse(await storedValue());
      if (stored.feeds.length >= MAX_FEEDS) throw new HttpError(409, `At most ${MAX_FEEDS} calendar feeds`);
      if (envFeeds.includes(address) || stored.feeds.some((feed) => sealer.open(feed.url) === address))
        throw new HttpError(409, 'That calendar is already connected');
      try {
        await icsFeed(address, pages).read(new Date(), new Date());
      } catch (error) {
        throw refused('The calendar', error);
      }
      await save((before) => ({
        ...before,
        feeds: [...before.feeds, { id: randomBytes(6).toString('base64url'), url: sealer.seal(address) }],
      }));
    },

    async removeFeed(id) {
      const stored = parse(await storedValue());
      if (!stored.feeds.some((feed) => feed.id === id)) return false;
      await save((before) => ({ ...before, feeds: before.feeds.filter((feed) => feed.id !== id) }));
      return true;
    },
  };
}
