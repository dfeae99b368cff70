import { describe, expect, it } from 'vitest';
import { channelOf } from './channels.ts';

describe('channelOf', () => {
  it('reads the sending site first', () => {
    expect(channelOf({ referrer: 'www.google.com' })).toBe('search');
    expect(channelOf({ referrer: 'news.ycombinator.com' })).toBe('social');
    expect(channelOf({ referrer: 'hachyderm.io' })).toBe('fediverse');
    expect(channelOf({ referrer: 'blog.example' })).toBe('other sites');
    expect(channelOf({})).toBe('direct');
  });

  it('reads a campaign without a sending site by what its words name (issue 65)', () => {
    expect(channelOf({ utmSource: 'google', utmMedium: 'cpc' })).toBe('search');
    expect(channelOf({ utmSource: 'adwords', utmMedium: 'ppc' })).toBe('search');
    expect(channelOf({ utmSource: 'facebook', utmMedium: 'cpc' })).toBe('social');
    expect(channelOf({ utmSource: 'partner', utmMedium: 'paid_social' })).toBe('social');
    expect(channelOf({ utmSource: 'LinkedIn' })).toBe('social');
    expect(channelOf({ utmSource: 'newsletter', utmMedium: 'email' })).toBe('newsletter');
    expect(channelOf({ utmSource: 'mastodon' })).toBe('fediverse');
    expect(channelOf({ utmSource: 'flyer', utmMedium: 'print' })).toBe('other sites');
  });

  it('lets a known sending site win over the words', () => {
    expect(channelOf({ referrer: 'www.bing.com', utmSource: 'facebook' })).toBe('search');
    // An unknown site with a social campaign: the campaign says more.
    expect(channelOf({ referrer: 'l.example', utmSource: 'instagram', utmMedium: 'social' })).toBe('social');
  });
});
