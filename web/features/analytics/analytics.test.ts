import { describe, expect, it } from 'vitest';
import { niceMax, percent } from './analytics.tsx';

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

describe('percent', () => {
  it.each([
    [0, '0 %'],
    [0.014, '1.4 %'],
    [0.0004, '< 0.1 %'],
    [0.25, '25 %'],
    [1, '100 %'],
  ])('%f of the visitors reads %s', (rate, expected) => {
    expect(percent(rate)).toBe(expected.replaceAll(' ', '\u00a0'));
  });
});
