import { DAVClient } from 'tsdav';
import { loopbackFetch } from './server/lib/remote-images.ts';
const fetch = loopbackFetch();
const c = new DAVClient({ serverUrl: 'http://127.0.0.1:5232/', credentials: { username: 'owner', password: 'app-pass-123' }, authMethod: 'Basic', defaultAccountType: 'caldav', fetch });
await c.login();
console.log('account', c.account?.homeUrl, c.account?.principalUrl);
let cals = await c.fetchCalendars();
console.log('cals', cals.map((x) => [x.url, x.displayName, x.components]));
if (cals.length === 0) {
  const r = await c.makeCalendar({ url: 'http://127.0.0.1:5232/owner/work/', props: { displayname: 'Work' } });
  console.log('made', r.map((x) => x.status));
  cals = await c.fetchCalendars();
  console.log('cals', cals.map((x) => [x.url, x.displayName, x.components]));
}
const ics = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VEVENT\r\nUID:a1\r\nDTSTAMP:20261128T000000Z\r\nDTSTART:20261201T150000Z\r\nDTEND:20261201T160000Z\r\nSUMMARY:Dentist\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n';
const put = await c.createCalendarObject({ calendar: cals[0], filename: 'a1.ics', iCalString: ics });
console.log('put', put.status, put.url);
const objs = await c.fetchCalendarObjects({ calendar: cals[0], timeRange: { start: '2026-11-28T00:00:00.000Z', end: '2026-12-31T00:00:00.000Z' } });
console.log('objs', objs.map((o) => [o.url, o.data?.slice(0, 40)]));
const bad = new DAVClient({ serverUrl: 'http://127.0.0.1:5232/', credentials: { username: 'owner', password: 'wrong' }, authMethod: 'Basic', defaultAccountType: 'caldav', fetch });
try { await bad.login(); console.log('bad login ok?', bad.account); console.log(await bad.fetchCalendars()); } catch (e) { console.log('bad login threw', (e as Error).message); }
