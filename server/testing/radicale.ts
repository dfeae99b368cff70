/**
 * Debian's Radicale, a CalDAV server this project did not write, started by a test on 127.0.0.1
 * (issue 49): one user signed in with a password, files in a fresh folder. The test makes its
 * calendars and events through CalDAV itself (MKCALENDAR, PUT) and reads them back (REPORT).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './ports.ts';
import { startStandIn } from './stand-in-process.ts';

export const RADICALE = process.env.RADICALE ?? 'radicale';
/** Whether Radicale can run here (CI installs it; elsewhere its tests are skipped and say so). */
export const radicaleInstalled = () => spawnSync(RADICALE, ['--version']).status === 0;

export interface Radicale {
  /** The server's address, `http://127.0.0.1:<port>/`. */
  url: string;
  username: string;
  password: string;
  /** A calendar collection at `/<user>/<name>/`, shown as `displayName`: its address. */
  makeCalendar(name: string, displayName: string): Promise<string>;
  /** Puts an event (a whole VCALENDAR) into a calendar as `<name>.ics`. */
  putEvent(calendar: string, name: string, ics: string): Promise<void>;
  /** Every object of a calendar: its address and text. */
  events(calendar: string): Promise<Array<{ href: string; text: string }>>;
  stop(): Promise<void>;
}

export async function startRadicale(): Promise<Radicale> {
  const folder = mkdtempSync(join(tmpdir(), 'portfolio-radicale-'));
  const port = await freePort();
  const username = 'owner';
  const password = 'app-pass-4471';
  writeFileSync(join(folder, 'users'), `${username}:${password}\n`);
  writeFileSync(
    join(folder, 'config'),
    `[server]
hosts = 127.0.0.1:${port}
[auth]
type = htpasswd
htpasswd_filename = ${join(folder, 'users')}
htpasswd_encryption = plain
delay = 0
[storage]
filesystem_folder = ${join(folder, 'collections')}
[rights]
type = owner_only
[logging]
level = warning
`,
  );
  const radicale = startStandIn('Radicale', RADICALE, ['--config', join(folder, 'config')]);
  const url = `http://127.0.0.1:${port}/`;
  const authorization = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  const ask = async (address: string, init: RequestInit) => {
    const response = await fetch(new URL(address, url), {
      ...init,
      headers: { authorization, ...(init.headers as Record<string, string>) },
    });
    const text = await response.text();
    if (response.status >= 400)
      throw new Error(`Radicale answered ${response.status} to ${init.method}: ${text}`);
    return text;
  };
  // Ready once it answers (a refused connection means not yet).
  await radicale.untilReady(
    async () => {
      await ask(`/${username}/`, { method: 'PROPFIND', headers: { depth: '0' } });
      return true;
    },
    { within: 10_000 },
  );
  return {
    url,
    username,
    password,
    async makeCalendar(name, displayName) {
      const address = `/${username}/${name}/`;
      await ask(address, {
        method: 'MKCALENDAR',
        headers: { 'content-type': 'application/xml' },
        body: `<?xml version="1.0" encoding="utf-8"?>
<C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
  <D:set><D:prop><D:displayname>${displayName}</D:displayname></D:prop></D:set>
</C:mkcalendar>`,
      });
      return new URL(address, url).href;
    },
    async putEvent(calendar, name, ics) {
      await ask(`${calendar}${name}.ics`, {
        method: 'PUT',
        headers: { 'content-type': 'text/calendar; charset=utf-8' },
        body: ics,
      });
    },
    async events(calendar) {
      const xml = await ask(calendar, {
        method: 'REPORT',
        headers: { depth: '1', 'content-type': 'application/xml' },
        body: `<?xml version="1.0" encoding="utf-8"?>
<C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
  <D:prop><C:calendar-data/></D:prop>
  <C:filter><C:comp-filter name="VCALENDAR"/></C:filter>
</C:calendar-query>`,
      });
      const found: Array<{ href: string; text: string }> = [];
      for (const [, href = '', data = ''] of xml.matchAll(
        /<href>([^<]+)<\/href>[\s\S]*?<C:calendar-data>([\s\S]*?)<\/C:calendar-data>/g,
      )) {
        found.push({
          href,
          text: data
            .replace(/&#13;/g, '\r')
            .replace(/&lt;/g, '<')
            .replace(/&gt;/g, '>')
            .replace(/&amp;/g, '&'),
        });
      }
      return found;
    },
    async stop() {
      await radicale.stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
