import { describe, expect, it } from 'vitest';
import { themeScript } from './theme.ts';

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
  return win as { localStorage: Storage; sessionStorage: Storage };
}

// The script's first statement, alone: the stand-in, before the theme is read.
const STORAGE_SHIM = /^\(function\(\)\{(.*?\}\);)var k=/.exec(themeScript())?.[1] ?? '';
const runShim = (win: object) => new Function('window', STORAGE_SHIM)(win);

describe('the storage stand-in', () => {
  it('replaces blocked storage by storage in memory that behaves like the real one', () => {
    const win = blockedWindow();
    runShim(win);
    for (const area of [win.localStorage, win.sessionStorage]) {
      expect(area.getItem('portfolio-theme')).toBeNull();
      area.setItem('portfolio-theme', 'dark');
      area.setItem('n', 5 as unknown as string);
      expect(area.getItem('portfolio-theme')).toBe('dark');
      expect(area.getItem('n')).toBe('5');
      expect(area.length).toBe(2);
      expect(area.key(0)).toBe('portfolio-theme');
      area.removeItem('portfolio-theme');
      expect(area.getItem('portfolio-theme')).toBeNull();
      area.clear();
      expect(area.length).toBe(0);
    }
    // The two areas are separate.
    win.localStorage.setItem('k', 'local');
    expect(win.sessionStorage.getItem('k')).toBeNull();
  });

  it('leaves working storage alone', () => {
    const real = { getItem: () => 'light', setItem: () => {} };
    const win = { localStorage: real, sessionStorage: real };
    runShim(win);
    expect(win.localStorage).toBe(real);
    expect(win.sessionStorage).toBe(real);
  });

  it('runs first in the theme script', () => {
    expect(STORAGE_SHIM).toContain("['localStorage','sessionStorage']");
    expect(themeScript().indexOf(STORAGE_SHIM)).toBeLessThan(themeScript().indexOf('portfolio-theme'));
  });
});
