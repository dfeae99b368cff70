/**
 * Theme preference (spec: light, dark or system; default system; stored under
 * 'portfolio-theme'). THEME_SCRIPT runs inline in <head> before the body is
 * painted, so a visitor in dark mode never sees a light flash.
 */
import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '../../../common/constants.ts';

export type Theme = 'light' | 'dark' | 'system';
const THEMES: readonly Theme[] = ['light', 'dark', 'system'];

/**
 * Blocked storage (private modes, the site in a third-party frame such as a project's demo
 * frame) throws on the mere read of `localStorage` or `sessionStorage`, and code we do not own
 * reads them too (React Router's scroll restoration keeps positions in sessionStorage). So
 * before anything else runs, a blocked area is replaced by one in memory: the page works, and
 * a choice made on it lasts until it is left. Unit-tested in theme.test.ts.
 */
const STORAGE_SHIM = `['localStorage','sessionStorage'].forEach(function(n){try{window[n].getItem('')}catch(_){var m=new Map();try{Object.defineProperty(window,n,{configurable:true,value:{getItem:function(k){return m.has(String(k))?m.get(String(k)):null},setItem:function(k,v){m.set(String(k),String(v))},removeItem:function(k){m.delete(String(k))},clear:function(){m.clear()},key:function(i){return Array.from(m.keys())[i]||null},get length(){return m.size}}})}catch(_){}}});`;

/** The inline head script; a function, so that the browser build (which never calls it) drops its text. */
export const themeScript = () =>
  `(function(){${STORAGE_SHIM}var t=null;try{t=localStorage.getItem(${JSON.stringify(STORAGE_KEYS.theme)})}catch(_){}var d=t==='dark'||((t!=='light')&&matchMedia('(prefers-color-scheme: dark)').matches);var e=document.documentElement;e.classList.toggle('dark',d);e.style.colorScheme=d?'dark':'light'})()`;

const listeners = new Set<() => void>();

function readTheme(): Theme {
  try {
    const stored = localStorage.getItem(STORAGE_KEYS.theme);
    return THEMES.includes(stored as Theme) ? (stored as Theme) : 'system';
  } catch {
    return 'system';
  }
}

const prefersDark = () => matchMedia('(prefers-color-scheme: dark)').matches;

/** Puts the resolved theme on <html> (class `dark` and color-scheme). */
function applyTheme(theme: Theme) {
  const dark = theme === 'dark' || (theme === 'system' && prefersDark());
  const root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
}

export function setTheme(theme: Theme) {
  try {
    localStorage.setItem(STORAGE_KEYS.theme, theme);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
  applyTheme(theme);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Under 'system', follow the operating system when it switches.
  const media = matchMedia('(prefers-color-scheme: dark)');
  const onChange = () => {
    if (readTheme() === 'system') applyTheme('system');
    listener();
  };
  media.addEventListener('change', onChange);
  window.addEventListener('storage', onChange);
  return () => {
    listeners.delete(listener);
    media.removeEventListener('change', onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** The stored preference; 'system' while rendering on the server. */
export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, readTheme, () => 'system');
}
