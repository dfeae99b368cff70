import { describe, expect, it } from 'vitest';
import { niceMax } from './analytics.tsx';

describe('niceMax', () => {
  it.each([
    [0, 2],
    [1, 2],
    [3, 4],
    [5, 10],
    [10, 10],
    [11, 20],
    [37, 40],
    [41, 100],
    [999, 1000],
  ])('%i -> %i: at least the value, even, so the middle line is whole', (value, expected) => {
    expect(niceMax(value)).toBe(expected);
  });
});
