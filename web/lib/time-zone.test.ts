import { describe, expect, it } from 'vitest';
import { OWNER_TIME_ZONE } from '../../content/time-zone.ts';
import { pageTimeZone, TIME_ZONE_SCRIPT } from './time-zone.ts';

describe('pageTimeZone', () => {
  it("is the signed-in browser's zone from its cookie", () => {
    expect(pageTimeZone('visit=x; tz=Asia%2FTokyo; other=1', true)).toBe('Asia/Tokyo');
    expect(pageTimeZone('tz=Europe%2FLondon', true)).toBe('Europe/London');
  });

  it("is the owner's for a visitor who is not signed in, whatever the cookie says", () => {
    expect(pageTimeZone('tz=Asia%2FTokyo', false)).toBe(OWNER_TIME_ZONE);
  });

  it("is the owner's for a missing, unknown or badly written zone", () => {
    expect(pageTimeZone(null, true)).toBe(OWNER_TIME_ZONE);
    expect(pageTimeZone('xtz=Asia%2FTokyo', true)).toBe(OWNER_TIME_ZONE);
    expect(pageTimeZone('tz=Mars%2FOlympus', true)).toBe(OWNER_TIME_ZONE);
    expect(pageTimeZone('tz=%E0%A4%A', true)).toBe(OWNER_TIME_ZONE);
    expect(pageTimeZone(`tz=${'A'.repeat(500)}`, true)).toBe(OWNER_TIME_ZONE);
  });

  it('is read back from what the page script writes', () => {
    const jar: string[] = [];
    const document = {
      get cookie() {
        return jar.join('; ');
      },
      set cookie(value: string) {
        jar.push(value.split(';')[0] ?? '');
      },
    };
    const intl = { DateTimeFormat: () => ({ resolvedOptions: () => ({ timeZone: 'America/Los_Angeles' }) }) };
    new Function('document', 'Intl', TIME_ZONE_SCRIPT)(document, intl);
    new Function('document', 'Intl', TIME_ZONE_SCRIPT)(document, intl);
    expect(jar).toEqual(['tz=America%2FLos_Angeles']);
    expect(pageTimeZone(document.cookie, true)).toBe('America/Los_Angeles');
  });
});
