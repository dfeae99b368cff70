import { describe, expect, it } from 'vitest';
import { niceMax } from './analytics.tsx';
import { compared, percent } from './figures.ts';
import { funnelRows } from './funnels.tsx';
import { headlineOf } from './headline.tsx';

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

describe('headlineOf', () => {
  const row = (value: string, visitors: number, converted: number, wonValueUsd: number | null) => ({
    value,
    visitors,
    completions: converted,
    converted,
    rate: visitors ? converted / visitors : 0,
    quotes: null,
    won: null,
    wonValueUsd,
  });
  it('reads the visitors, the share who reached a goal, the won value and the best source (issue 65)', () => {
    const headline = headlineOf({
      totals: { views: 900, visitors: 400 },
      previous: { views: 800, visitors: 320 },
      sources: [
        {
          dimension: 'channel',
          rows: [row('search', 200, 6, 0), row('social', 150, 2, 4500), row('direct', 50, 0, 1200)],
        },
      ],
    });
    expect(headline).toEqual({
      visitors: { count: 400, before: 320 },
      conversion: { rate: 8 / 400, converted: 8 },
      wonValueUsd: 5700,
      best: { channel: 'social', because: '$4,500 won' },
    });
  });

  it('names the source by goals when nothing was won, and says nothing its parts do not hold', () => {
    expect(
      headlineOf({
        sources: [{ dimension: 'channel', rows: [row('search', 20, 1, 0), row('social', 9, 3, 0)] }],
      }),
    ).toMatchObject({
      visitors: null,
      wonValueUsd: 0,
      best: { channel: 'social', because: '3 visitors reached a goal' },
    });
    expect(headlineOf({})).toEqual({ visitors: null, conversion: null, wonValueUsd: null, best: null });
    // A new site: every figure, at nothing yet.
    expect(headlineOf({ sources: [] })).toEqual({
      visitors: null,
      conversion: { rate: 0, converted: 0 },
      wonValueUsd: 0,
      best: { channel: '\u2013', because: 'no visits in these 30 days' },
    });
  });
});
