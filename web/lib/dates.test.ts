import { describe, expect, it } from 'vitest';
import { relativeTime } from './dates.ts';

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
