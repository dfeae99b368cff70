/**
 * The busy times of an iCalendar text (issue 49, point 1): what Cal.com's issue #1588 got wrong
 * (busy CalDAV and Apple events not blocking slots) is what these check: recurring events with a
 * moved and a cancelled occurrence, all-day events, events in other zones (an IANA name, and
 * Outlook's Windows name with its VTIMEZONE), free and cancelled events, no end, a rule without
 * end, daylight saving, and text that is no calendar.
 */
import { describe, expect, it } from 'vitest';
import { busyTimes, UnreadableCalendar } from './busy.ts';

const OWNER = 'America/New_York';
const calendar = (...events: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...events, 'END:VCALENDAR'].join('\r\n');
const event = (...lines: string[]) => ['BEGIN:VEVENT', ...lines, 'END:VEVENT'].join('\r\n');
const iso = (busy: { start: Date; end: Date }[]) =>
  busy.map(({ start, end }) => `${start.toISOString()}/${end.toISOString()}`);
const december = (text: string) =>
  iso(busyTimes(text, new Date('2026-12-01T00:00:00Z'), new Date('2027-01-01T00:00:00Z'), OWNER));

describe('busy times', () => {
  it('expands a weekly meeting with one occurrence moved and one cancelled, in its own zone', () => {
    const text = calendar(
      event(
        'UID:weekly@test',
        'SUMMARY:Team meeting',
        'DTSTART;TZID=America/New_York:20261104T100000',
        'DTEND;TZID=America/New_York:20261104T110000',
        'RRULE:FREQ=WEEKLY;BYDAY=WE',
        'EXDATE;TZID=America/New_York:20261223T100000',
      ),
      event(
        'UID:weekly@test',
        'RECURRENCE-ID;TZID=America/New_York:20261209T100000',
        'DTSTART;TZID=America/New_York:20261210T150000',
        'DTEND;TZID=America/New_York:20261210T160000',
        'SUMMARY:Team meeting (moved to Thursday)',
      ),
      event(
        'UID:weekly@test',
        'RECURRENCE-ID;TZID=America/New_York:20261216T100000',
        'DTSTART;TZID=America/New_York:20261216T100000',
        'DTEND;TZID=America/New_York:20261216T110000',
        'STATUS:CANCELLED',
      ),
    );
    expect(december(text)).toEqual([
      '2026-12-02T15:00:00.000Z/2026-12-02T16:00:00.000Z',
      '2026-12-10T20:00:00.000Z/2026-12-10T21:00:00.000Z',
      '2026-12-30T15:00:00.000Z/2026-12-30T16:00:00.000Z',
    ]);
  });

  it('blocks an all-day event as its whole days in the owner’s zone, and an event without an end as a day or an instant', () => {
    const text = calendar(
      event(
        'UID:holiday@test',
        'DTSTART;VALUE=DATE:20261224',
        'DTEND;VALUE=DATE:20261226',
        'SUMMARY:Holidays',
      ),
      event('UID:open-day@test', 'DTSTART;VALUE=DATE:20261228', 'SUMMARY:No end, all day'),
      event('UID:instant@test', 'DTSTART:20261229T170000Z', 'SUMMARY:No end, timed'),
    );
    expect(december(text)).toEqual([
      '2026-12-24T05:00:00.000Z/2026-12-26T05:00:00.000Z',
      '2026-12-28T05:00:00.000Z/2026-12-29T05:00:00.000Z',
      '2026-12-29T17:00:00.000Z/2026-12-29T17:00:00.000Z',
    ]);
  });

  it('reads other zones: an IANA name, a Windows name by its VTIMEZONE, UTC, and a floating time in the owner’s', () => {
    const outlookZone = [
      'BEGIN:VTIMEZONE',
      'TZID:W. Europe Standard Time',
      'BEGIN:STANDARD',
      'DTSTART:16010101T030000',
      'TZOFFSETFROM:+0200',
      'TZOFFSETTO:+0100',
      'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10',
      'END:STANDARD',
      'BEGIN:DAYLIGHT',
      'DTSTART:16010101T020000',
      'TZOFFSETFROM:+0100',
      'TZOFFSETTO:+0200',
      'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3',
      'END:DAYLIGHT',
      'END:VTIMEZONE',
    ].join('\r\n');
    const text = calendar(
      outlookZone,
      event(
        'UID:tokyo@test',
        'DTSTART;TZID=Asia/Tokyo:20261203T090000',
        'DTEND;TZID=Asia/Tokyo:20261203T100000',
      ),
      event(
        'UID:berlin@test',
        'DTSTART;TZID=W. Europe Standard Time:20261204T090000',
        'DTEND;TZID=W. Europe Standard Time:20261204T100000',
      ),
      event('UID:utc@test', 'DTSTART:20261205T120000Z', 'DURATION:PT90M'),
      event('UID:floating@test', 'DTSTART:20261206T090000', 'DTEND:20261206T093000'),
    );
    expect(december(text)).toEqual([
      '2026-12-03T00:00:00.000Z/2026-12-03T01:00:00.000Z',
      '2026-12-04T08:00:00.000Z/2026-12-04T09:00:00.000Z',
      '2026-12-05T12:00:00.000Z/2026-12-05T13:30:00.000Z',
      '2026-12-06T14:00:00.000Z/2026-12-06T14:30:00.000Z',
    ]);
  });

  it('leaves free and cancelled events out, and keeps a weekly time on the wall clock across daylight saving', () => {
    const text = calendar(
      event('UID:free@test', 'DTSTART:20261207T150000Z', 'DTEND:20261207T160000Z', 'TRANSP:TRANSPARENT'),
      event('UID:cancelled@test', 'DTSTART:20261208T150000Z', 'DTEND:20261208T160000Z', 'STATUS:CANCELLED'),
      event(
        'UID:standup@test',
        'DTSTART;TZID=America/New_York:20261027T090000',
        'DTEND;TZID=America/New_York:20261027T091500',
        'RRULE:FREQ=WEEKLY;COUNT=2',
      ),
    );
    // 9:00 in New York is 13:00 UTC before the clocks go back on 1 November, 14:00 after.
    expect(
      iso(busyTimes(text, new Date('2026-10-20T00:00:00Z'), new Date('2027-01-01T00:00:00Z'), OWNER)),
    ).toEqual([
      '2026-10-27T13:00:00.000Z/2026-10-27T13:15:00.000Z',
      '2026-11-03T14:00:00.000Z/2026-11-03T14:15:00.000Z',
    ]);
  });

  it('expands a rule without an end only up to the window, even from years back', () => {
    const text = calendar(
      event('UID:daily@test', 'DTSTART:20000101T120000Z', 'DTEND:20000101T123000Z', 'RRULE:FREQ=DAILY'),
    );
    const busy = busyTimes(text, new Date('2026-12-01T00:00:00Z'), new Date('2026-12-08T00:00:00Z'), OWNER);
    expect(busy).toHaveLength(7);
    expect(busy[0]?.start.toISOString()).toBe('2026-12-01T12:00:00.000Z');
  });

  it('refuses text that is no calendar, and an event that repeats too often to reach the window', () => {
    expect(() => busyTimes('<html>Sign in</html>', new Date(), new Date(), OWNER)).toThrow(
      UnreadableCalendar,
    );
    const everyMinute = calendar(
      event('UID:minutely@test', 'DTSTART:20000101T000000Z', 'DTEND:20000101T000100Z', 'RRULE:FREQ=MINUTELY'),
    );
    expect(() =>
      busyTimes(everyMinute, new Date('2026-12-01T00:00:00Z'), new Date('2026-12-02T00:00:00Z'), OWNER),
    ).toThrow(/repeats more than/);
  });
});
