import { describe, expect, it } from 'vitest';
import { firstClearBox, spotBox } from './clear-spot.ts';

describe('a clear spot for a floating extra', () => {
  const viewport = { height: 844, headerBottom: 64 };
  const size = { height: 60, left: 16, right: 374 };

  it('lies at the bottom edge or just below the header', () => {
    expect(spotBox('bottom', size, viewport, 16)).toEqual({ top: 768, bottom: 828, left: 16, right: 374 });
    expect(spotBox('top', size, viewport, 16)).toEqual({ top: 80, bottom: 140, left: 16, right: 374 });
    // Once the header has scrolled away, right below the screen's top.
    expect(spotBox('top', size, { height: 844, headerBottom: -20 }, 16).top).toBe(16);
  });

  it('is the first candidate that covers no button or field, with a margin', () => {
    const bottom = spotBox('bottom', size, viewport, 16);
    const top = spotBox('top', size, viewport, 16);
    const submit = { top: 780, bottom: 824, left: 16, right: 374 };
    const field = { top: 90, bottom: 130, left: 200, right: 300 };
    expect(firstClearBox([bottom, top], [])).toBe(0);
    expect(firstClearBox([bottom, top], [submit])).toBe(1);
    expect(firstClearBox([bottom, top], [submit, field])).toBeNull();
    // Something that ends 3 px above the spot is too close; 5 px is clear.
    expect(firstClearBox([bottom], [{ top: 700, bottom: 765, left: 0, right: 390 }])).toBeNull();
    expect(firstClearBox([bottom], [{ top: 700, bottom: 763, left: 0, right: 390 }])).toBe(0);
    // Beside it is clear.
    expect(firstClearBox([bottom], [{ top: 770, bottom: 800, left: 380, right: 390 }])).toBe(0);
  });
});
