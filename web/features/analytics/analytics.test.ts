import { describe, expect, it } from 'vitest';
import { compared, niceMax, percent } from './analytics.tsx';
import { funnelRows } from './funnels.tsx';

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

describe('compared', () => {
  it.each([
    [112, 100, '+12 % on the 30 days before (100)'],
    [92, 100, '\u22128 % on the 30 days before (100)'],
    [100, 100, '\u00b10 % on the 30 days before (100)'],
    [5, 0, 'none in the 30 days before'],
    [0, 0, 'none in the 30 days before either'],
  ])('%i against %i: %s', (current, before, expected) => {
    expect(compared(current, before, 30)).toBe(expected.replaceAll(' %', '\u00a0%'));
  });
});

describe('funnelRows', () => {
  it('says how many dropped and the share who went on, and nothing it cannot know', () => {
    const step = (visitors: number | null) => ({ label: '', visitors, pageSeen: null });
    expect(
      funnelRows([step(10), step(4), step(0), step(0), step(null)]).map(({ dropped, wentOn }) => [
        dropped,
        wentOn,
      ]),
    ).toEqual([
      [null, null],
      [6, 0.4],
      [4, 0],
      [0, null],
      [null, null],
    ]);
  });

  it('says neither of a step with more than the one before: the pipeline’s Won after Quote sent (issue 65)', () => {
    const step = (visitors: number | null) => ({ label: '', visitors, pageSeen: null });
    const rows = funnelRows([step(40), step(1), step(3)]);
    expect(rows.map(({ dropped, wentOn, rose }) => [dropped, wentOn, rose])).toEqual([
      [null, null, false],
      [39, 0.025, false],
      [null, null, true],
    ]);
  });
});
