/**
 * The owner's CalDAV account (issue 49, point 1): iCloud, Fastmail, Nextcloud, Radicale and the
 * like, signed in with the user name and an app password. Its calendars are found as RFC 4791 and
 * RFC 6764 say (tsdav: `.well-known/caldav`, the principal, its calendar home) and read for the
 * days slots are offered (a calendar-query with a time range: each event one iCalendar text). A
 * booking is written to the chosen calendar as an event at `<calendar>/<uid>.ics`, and moved or
 * removed with it (writes.ts). Every request goes through the importer's address guard.
 */
import { type DAVCalendar, DAVClient } from 'tsdav';
import { type CalendarSource, checkCalendarText } from './feeds.ts';

export interface CalDavAccount {
  /** Where discovery starts: the server, its `.well-known/caldav`, the principal or a calendar. */
  url: string;
  username: string;
  password: string;
  /** The calendar bookings are written to (its address); the first one when none is chosen, or it is gone. */
  calendar: string | null;
}

export interface CalDavCalendar {
  url: string;
  name: string;
}

/** The account's address as the owner sees it: its host and user name, never the password. */
export const caldavLabel = (account: Pick<CalDavAccount, 'url' | 'username'>) => {
  try {
    return `${new URL(account.url).host} (CalDAV, ${account.username})`;
  } catch {
    return 'an address that is not one';
  }
};

/**
 * A fetch that fails, in words for the owner, on a refusal or a server's failure: a client that
 * reads such an answer as an empty list would offer slots over a calendar it never read.
 */
function strict(fetch: typeof globalThis.fetch): typeof globalThis.fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const failure = failureOf(response.status);
    if (failure) throw failure;
    return response;
  };
}

/** What an answer's status says went wrong, if anything. */
function failureOf(status: number): Error | null {
  if (status === 401 || status === 403)
    return new Error(`it refused (${status}): check the user name and app password`);
  return status >= 400 ? new Error(`it answered ${status}`) : null;
}

export interface CalDav {
  readonly label: string;
  /** The busy times' source: every calendar of the account that holds events. */
  readonly source: CalendarSource;
  /** The account's calendars that hold events. */
  calendars(): Promise<CalDavCalendar[]>;
  /** Writes an event (a new one, or over the one at `href`): where it now is. */
  put(href: string | null, uid: string, ics: string): Promise<string>;
  /** Removes the event at `href` (one already gone is removed). */
  remove(href: string): Promise<void>;
}

export function caldav(account: CalDavAccount, fetch: typeof globalThis.fetch): CalDav {
  const label = caldavLabel(account);
  const authorization = `Basic ${Buffer.from(`${account.username}:${account.password}`).toString('base64')}`;
  // Discovery is done once and kept; a failure later starts it again.
  let connected: Promise<DAVClient> | null = null;
  const connect = () => {
    connected ??= (async () => {
      const client = new DAVClient({
        serverUrl: account.url,
        credentials: { username: account.username, password: account.password },
        authMethod: 'Basic',
        defaultAccountType: 'caldav',
        fetch: strict(fetch),
      });
      await client.login();
      return client;
    })();
    return connected;
  };
  /** One call on the connected client; any failure forgets the connection. */
  const using = async <T>(work: (client: DAVClient) => Promise<T>): Promise<T> => {
    try {
      return await work(await connect());
    } catch (error) {
      connected = null;
      throw error instanceof Error && /Invalid credentials/i.test(error.message)
        ? new Error('it refused (401): check the user name and app password')
        : error;
    }
  };
  const eventCalendars = () =>
    using(async (client) =>
      (await client.fetchCalendars()).filter(
        (calendar) => !calendar.components || calendar.components.includes('VEVENT'),
      ),
    );
  const nameOf = (calendar: DAVCalendar) =>
    typeof calendar.displayName === 'string' && calendar.displayName.trim()
      ? calendar.displayName.trim()
      : (new URL(calendar.url).pathname.split('/').filter(Boolean).at(-1) ?? calendar.url);

  async function target(): Promise<string> {
    const all = await eventCalendars();
    const chosen = all.find((calendar) => calendar.url === account.calendar) ?? all[0];
    if (!chosen) throw new Error('the account has no calendar to write bookings to');
    return chosen.url.endsWith('/') ? chosen.url : `${chosen.url}/`;
  }

  return {
    label,
    source: {
      label,
      async read(from, to) {
        const texts: string[] = [];
        for (const calendar of await eventCalendars()) {
          const objects = await using((client) =>
            client.fetchCalendarObjects({
              calendar,
              timeRange: { start: from.toISOString(), end: to.toISOString() },
            }),
          );
          for (const object of objects) {
            if (typeof object.data === 'string' && object.data.trim())
              texts.push(checkCalendarText(object.data));
          }
        }
        return texts;
      },
    },
    async calendars() {
      return (await eventCalendars()).map((calendar) => ({ url: calendar.url, name: nameOf(calendar) }));
    },
    async put(href, uid, ics) {
      const address = href ?? `${await target()}${encodeURIComponent(uid)}.ics`;
      const response = await strict(fetch)(address, {
        method: 'PUT',
        headers: { authorization, 'content-type': 'text/calendar; charset=utf-8' },
        body: ics,
      });
      await response.arrayBuffer();
      return address;
    },
    async remove(href) {
      const response = await fetch(href, { method: 'DELETE', headers: { authorization } });
      await response.arrayBuffer();
      if (response.status === 404 || response.status === 410) return;
      const failure = failureOf(response.status);
      if (failure) throw failure;
    },
  };
}
