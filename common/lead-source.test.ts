import { describe, expect, it } from 'vitest';
import { describeSource, firstTouchDiffers } from './lead-source.ts';

const visit = (startedAt: string, more: Record<string, unknown> = {}) => ({
  referrer: 'google.com',
  landingPage: '/',
  startedAt,
  ...more,
});

describe("how the owner reads a lead's source", () => {
  it('says where a visit came from, where it landed, what it read and from where, in one line', () => {
    expect(
      describeSource({
        utmSource: 'newsletter',
        utmMedium: 'email',
        utmCampaign: 'fall-tune-up',
        landingPage: '/',
        lastRead: '/blog/x',
        reads: ['/blog/y', '/blog/z', '/blog/x'],
      }),
    ).toBe('newsletter / email (fall-tune-up), landed on /, read /blog/x and 2 more');
    expect(describeSource({})).toBe('direct');
  });

  it('names the first touch only when it was another visit that reads otherwise', () => {
    const first = visit('2026-11-01T10:00:00.000Z', { referrer: 'duckduckgo.com' });
    const last = visit('2026-11-20T10:00:00.000Z');
    expect(firstTouchDiffers({ leadSource: last, firstTouch: first })).toBe(true);
    // The same visit, or none to compare with.
    expect(firstTouchDiffers({ leadSource: last, firstTouch: last })).toBe(false);
    expect(firstTouchDiffers({ leadSource: null, firstTouch: first })).toBe(false);
    expect(firstTouchDiffers({ leadSource: last, firstTouch: null })).toBe(false);
    // Two visits that came the same way read the same: one line, not the same line twice.
    const again = visit('2026-11-02T10:00:00.000Z');
    expect(describeSource(again)).toBe(describeSource(last));
    expect(firstTouchDiffers({ leadSource: last, firstTouch: again })).toBe(false);
  });
});
