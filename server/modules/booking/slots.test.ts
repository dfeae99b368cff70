import { describe, expect, it } from 'vitest';
import type { BookingSettings } from '../../../common/schemas/booking.ts';
import { describeTime, wallClock, zonedInstant } from '../../../common/zoned-time.ts';
import { FORGED_TOPIC, FORGED_TOPIC_READ, readEvents } from '../../testing/calendar-files.ts';
import { callInvitation } from './ics.ts';
import { defaultBookingSettings } from './service.ts';
import { freeSlots } from './slots.ts';

const NEW_YORK = 'America/New_York';
const base = (changes: Partial<BookingSettings> = {}): BookingSettings => ({
  ...defaultBookingSettings(NEW_YORK),
  noticeHours: 0,
  horizonDays: 14,
  ...changes,
});
const iso = (dates: Date[]) => dates.map((date) => date.toISOString());
const onDate = (dates: Date[], date: string, timeZone = NEW_YORK) =>
  dates.filter((at) => wallClock(at, timeZone).date === date);

describe('wall-clock time in a time zone', () => {
  it('finds the instant of a wall time on either side of a daylight-saving change', () => {
    // New York: summer time ends on Sunday 1 November 2026 and starts on Sunday 14 March 2027.
    expect(zonedInstant('2026-10-30', 9 * 60, NEW_YORK)?.toISOString()).toBe('2026-10-30T13:00:00.000Z');
    expect(zonedInstant('2026-11-02', 9 * 60, NEW_YORK)?.toISOString()).toBe('2026-11-02T14:00:00.000Z');
    expect(zonedInstant('2027-03-15', 9 * 60, NEW_YORK)?.toISOString()).toBe('2027-03-15T13:00:00.000Z');
    // 02:30 does not exist on 14 March 2027; 01:30 happens twice on 1 November 2026 (the first counts).
    expect(zonedInstant('2027-03-14', 150, NEW_YORK)).toBeNull();
    expect(zonedInstant('2026-11-01', 90, NEW_YORK)?.toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(zonedInstant('2026-11-24', 0, 'Asia/Kolkata')?.toISOString()).toBe('2026-11-23T18:30:00.000Z');
  });
});

describe('free slots', () => {
  it('are weekdays 9 to 5 in the owner zone by default, 30 minutes apart, the last ending at 5', () => {
    const slots = freeSlots(base(), [], new Date('2026-11-23T00:00:00Z'));
    const monday = onDate(slots, '2026-11-23');
    expect(monday).toHaveLength(16);
    expect(monday[0]?.toISOString()).toBe('2026-11-23T14:00:00.000Z');
    expect(monday.at(-1)?.toISOString()).toBe('2026-11-23T21:30:00.000Z');
    // No Saturday or Sunday.
    expect(onDate(slots, '2026-11-28')).toHaveLength(0);
    expect(onDate(slots, '2026-11-29')).toHaveLength(0);
  });

  it('keep 9 AM local across the change from summer time, so the UTC hour moves', () => {
    const slots = freeSlots(base(), [], new Date('2026-10-29T00:00:00Z'));
    expect(onDate(slots, '2026-10-30')[0]?.toISOString()).toBe('2026-10-30T13:00:00.000Z');
    expect(onDate(slots, '2026-11-02')[0]?.toISOString()).toBe('2026-11-02T14:00:00.000Z');
    // A visitor in London sees 1 PM before and 2 PM after New York changes (London changed a week earlier).
    expect(describeTime(onDate(slots, '2026-10-30')[0] as Date, 'Europe/London')).toContain('1:00 PM');
    expect(describeTime(onDate(slots, '2026-11-02')[0] as Date, 'Europe/London')).toContain('2:00 PM');
  });

  it('skip the hour that does not exist and count the repeated one once on change days', () => {
    const nightOwl = base({
      weekly: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start: '01:00', end: '04:00' })),
      callMinutes: 60,
      bufferAfterMinutes: 0,
    });
    const spring = onDate(freeSlots(nightOwl, [], new Date('2027-03-13T00:00:00Z')), '2027-03-14');
    expect(iso(spring)).toEqual(['2027-03-14T06:00:00.000Z', '2027-03-14T07:00:00.000Z']);
    const autumn = onDate(freeSlots(nightOwl, [], new Date('2026-10-31T00:00:00Z')), '2026-11-01');
    // 01:00 is its first occurrence (summer time, 05:00Z); 02:00 and 03:00 are winter time.
    expect(iso(autumn)).toEqual([
      '2026-11-01T05:00:00.000Z',
      '2026-11-01T07:00:00.000Z',
      '2026-11-01T08:00:00.000Z',
    ]);
  });

  it('leave out the notice period, blocked dates and what lies past the horizon', () => {
    const now = new Date('2026-11-23T15:10:00Z'); // Monday 10:10 in New York
    const slots = freeSlots(base({ noticeHours: 24, blockedDates: ['2026-11-26'], horizonDays: 7 }), [], now);
    expect(onDate(slots, '2026-11-23')).toHaveLength(0);
    expect(onDate(slots, '2026-11-24')[0]?.toISOString()).toBe('2026-11-24T15:30:00.000Z');
    expect(onDate(slots, '2026-11-26')).toHaveLength(0);
    expect(onDate(slots, '2026-11-30')).toHaveLength(16);
    expect(onDate(slots, '2026-12-01')).toHaveLength(0);
  });

  it('keep the larger buffer clear around a booked call', () => {
    const settings = base({ bufferBeforeMinutes: 10, bufferAfterMinutes: 15 });
    const booked = { start: new Date('2026-11-23T15:00:00Z'), end: new Date('2026-11-23T15:30:00Z') };
    const monday = iso(onDate(freeSlots(settings, [booked], new Date('2026-11-23T00:00:00Z')), '2026-11-23'));
    // 10:00-10:30 is booked: 9:30 would end 0 minutes before it and 10:30 start 0 after; both go.
    expect(monday).not.toContain('2026-11-23T14:30:00.000Z');
    expect(monday).not.toContain('2026-11-23T15:00:00.000Z');
    expect(monday).not.toContain('2026-11-23T15:30:00.000Z');
    expect(monday).toContain('2026-11-23T14:00:00.000Z');
    expect(monday).toContain('2026-11-23T16:00:00.000Z');
  });
});

describe('the calendar invitation', () => {
  const event = {
    uid: 'booking-7@example.com',
    sequence: 2,
    method: 'REQUEST' as const,
    start: new Date('2026-12-01T15:00:00Z'),
    end: new Date('2026-12-01T15:30:00Z'),
    stamp: new Date('2026-11-24T12:00:00Z'),
    summary: 'Call: Dana Baker, and Jordan Ellis',
    description: 'Topic: a shop site; pickup times\nCancel or move: https://example.com/booking/abc',
    url: 'https://example.com/booking/abc',
    organizer: { name: 'Jordan Ellis', email: 'hello@example.com' },
    attendee: { name: 'Dana "D" Baker', email: 'dana@example.com' },
  };

  it('is one VEVENT in UTC with the booking uid, sequence, escaped text and CRLF lines', () => {
    const ics = callInvitation(event);
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    const unfolded = ics.replace(/\r\n /g, '');
    expect(unfolded).toContain('METHOD:REQUEST\r\n');
    expect(unfolded).toContain('UID:booking-7@example.com\r\n');
    expect(unfolded).toContain('SEQUENCE:2\r\n');
    expect(unfolded).toContain('DTSTART:20261201T150000Z\r\n');
    expect(unfolded).toContain('DTEND:20261201T153000Z\r\n');
    expect(unfolded).toContain('DTSTAMP:20261124T120000Z\r\n');
    expect(unfolded).toContain('SUMMARY:Call: Dana Baker\\, and Jordan Ellis\r\n');
    expect(unfolded).toContain(
      'DESCRIPTION:Topic: a shop site\\; pickup times\\nCancel or move: https://example.com/booking/abc',
    );
    expect(unfolded).toContain(
      // A quote in a name as RFC 6868 writes it.
      "ATTENDEE;CN=Dana ^'D^' Baker;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED:mailto:dana@example.com",
    );
    expect(unfolded).toContain('STATUS:CONFIRMED');
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(callInvitation({ ...event, method: 'CANCEL' })).toContain('STATUS:CANCELLED');
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const ics = callInvitation({ ...event, description: 'é'.repeat(80) });
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(readEvents(ics)[0]?.description).toBe('é'.repeat(80));
  });

  it('keeps every text to its property: line breaks of any kind in a one-line value become spaces', () => {
    const ics = callInvitation({
      ...event,
      summary: `Intro\r\nATTENDEE:mailto:victim@example.com: Dana\rRRULE:FREQ=DAILY`,
      description: FORGED_TOPIC,
      attendee: { name: 'Dana\rATTENDEE:mailto:victim@example.com', email: 'dana@example.com' },
      organizer: { name: 'Jordan\nRRULE:FREQ=DAILY', email: 'hello@example.com' },
      url: 'https://example.com/booking/abc\r\nRRULE:FREQ=DAILY',
    });
    expect(ics.split('\r\n').filter((line) => /^(ATTENDEE|ORGANIZER|RRULE|URL)/.test(line))).toHaveLength(3);
    expect(readEvents(ics)).toEqual([
      {
        attendees: ['mailto:dana@example.com'],
        rules: 0,
        summary: 'Intro ATTENDEE:mailto:victim@example.com: Dana RRULE:FREQ=DAILY',
        description: FORGED_TOPIC_READ,
      },
    ]);
    // A control character other than a line break or a tab has no place in a calendar file.
    expect(callInvitation({ ...event, description: 'a\u0007b\tc' })).toContain('DESCRIPTION:ab\tc\r\n');
  });
});
