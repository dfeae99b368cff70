import { describe, expect, it } from 'vitest';
import { longDate } from './filter.ts';

describe('longDate', () => {
  it("formats dates as 'MMMM d, yyyy'", () => {
    expect(longDate('2026-11-02T23:30:00Z')).toBe('November 2, 2026');
  });
});
