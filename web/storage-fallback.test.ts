import { describe, expect, it } from 'vitest';
import { keepBlockedStorageInMemory } from './storage-fallback.ts';
import FALLBACK from './storage-fallback.ts?script';

/** A window whose storage areas throw on access, as a browser's do when storage is blocked. */
function blockedWindow() {
  const win: Record<string, unknown> = {};
  for (const area of ['localStorage', 'sessionStorage']) {
    Object.defineProperty(win, area, {
      configurable: true,
      get() {
        throw new Error(`SecurityError: Failed to read the '${area}' property from 'Window'`);
      },
    });
  }
  return win as unknown as Window;
}

// As the browser's entry calls it, and as a page's head script carries it (minified, inline).
const ways = {
  called: (win: Window) => keepBlockedStorageInMemory(win),
  inline: (win: Window) => new Function('window', `(${FALLBACK})()`)(win),
};

describe.each(Object.entries(ways))('the storage stand-in (%s)', (_way, run) => {
  it('replaces blocked storage by storage in memory that behaves like the real one', () => {
    const win = blockedWindow();
    run(win);
    for (const area of [win.localStorage, win.sessionStorage]) {
      expect(area.getItem('portfolio-theme')).toBeNull();
      area.setItem('portfolio-theme', 'dark');
      area.setItem('n', 5 as unknown as string);
      area.setItem('empty', '');
      expect(area.getItem('portfolio-theme')).toBe('dark');
      expect(area.getItem('n')).toBe('5');
      expect(area.getItem('empty')).toBe('');
      expect(area.length).toBe(3);
      expect(area.key(0)).toBe('portfolio-theme');
      expect(area.key(7)).toBeNull();
      area.removeItem('portfolio-theme');
      expect(area.getItem('portfolio-theme')).toBeNull();
      area.clear();
      expect(area.length).toBe(0);
    }
    // The two areas are separate.
    win.localStorage.setItem('k', 'local');
    expect(win.sessionStorage.getItem('k')).toBeNull();
  });

  it('leaves working storage alone, and the stand-in it made once (the entry runs after the head)', () => {
    const real = { getItem: () => 'light', setItem: () => {} };
    const win = { localStorage: real, sessionStorage: real } as unknown as Window;
    run(win);
    expect(win.localStorage).toBe(real);
    expect(win.sessionStorage).toBe(real);
    const blocked = blockedWindow();
    run(blocked);
    blocked.localStorage.setItem('kept', 'yes');
    run(blocked);
    expect(blocked.localStorage.getItem('kept')).toBe('yes');
  });
});
