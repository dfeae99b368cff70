import { describe, expect, it } from 'vitest';
import { dateAndTime, dayLabel, longDate, relativeTime, shortDate } from './dates.ts';

const now = new Date('2026-11-22T12:00:00Z');

describe('relativeTime', () => {
  it('says how long ago, in the largest whole unit', () => {
    expect(relativeTime('2026-11-19T12:00:00Z', now)).toBe('3 days ago');
    expect(relativeTime('2026-11-21T12:00:00Z', now)).toBe('yesterday');
    expect(relativeTime('2026-11-22T09:00:00Z', now)).toBe('3 hours ago');
    expect(relativeTime('2026-09-01T12:00:00Z', now)).toBe('2 months ago');
    expect(relativeTime('2024-11-01T12:00:00Z', now)).toBe('2 years ago');
    expect(relativeTime('2026-11-22T11:59:50Z', now)).toBe('just now');
  });
});

describe('date formats', () => {
  it("formats posts and comments as 'MMMM d, yyyy' in UTC", () => {
    expect(longDate('2026-11-02T23:30:00Z')).toBe('November 2, 2026');
  });

  it("formats endorsements as 'MMM d, yyyy' in the page's zone", () => {
    expect(shortDate('2026-11-02T12:00:00Z', 'America/New_York')).toBe('Nov 2, 2026');
    expect(shortDate('2026-11-03T02:00:00Z', 'America/New_York')).toBe('Nov 2, 2026');
    expect(shortDate('2026-11-03T02:00:00Z', 'Asia/Tokyo')).toBe('Nov 3, 2026');
  });

  it('labels a calendar day by month and day, whatever the zone', () => {
    expect(dayLabel('2026-11-02')).toBe('Nov 2');
  });

  it("gives the owner a date with a time in the page's zone, the zone named", () => {
    expect(dateAndTime('2026-11-02T20:04:00Z', 'America/New_York')).toMatch(/^Nov 2, 2026, 3:04\s?PM EST$/);
    expect(dateAndTime('2026-11-02T20:04:00Z', 'Asia/Tokyo')).toMatch(/^Nov 3, 2026, 5:04\s?AM GMT\+9$/);
    expect(dateAndTime('2026-11-02T20:04:00Z', 'UTC')).toMatch(/^Nov 2, 2026, 8:04\s?PM UTC$/);
  });
});
