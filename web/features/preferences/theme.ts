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

/** Marks the theme switch; the head script's one click listener acts on it (see THEME_SWITCH). */
export const THEME_SWITCH_ATTRIBUTE = 'data-theme-switch';
/** Told on `window` whenever the switch changed the theme, for the page's code to follow. */
export const THEME_CHANGE_EVENT = 'themechange';

/**
 * The theme switch's whole behaviour, one listener on the document from before the first paint:
 * a press flips the theme and stores the choice, whether the page's code has arrived or not, so a
 * press is never lost and never done twice (the button has no handler of its own).
 */
const THEME_SWITCH = `document.addEventListener('click',function(v){var b=v.target;b=b&&b.closest&&b.closest('[${THEME_SWITCH_ATTRIBUTE}]');if(!b)return;var n=!e.classList.contains('dark');try{localStorage.setItem(k,n?'dark':'light')}catch(_){}e.classList.toggle('dark',n);e.style.colorScheme=n?'dark':'light';dispatchEvent(new Event('${THEME_CHANGE_EVENT}'))});`;

/**
 * The web fonts from the first paint, once this browser has them in its cache (ADR 019): the
 * stylesheet names them under html[data-fonts] only, so a first visit never waits for them.
 */
const FONTS_AT_HAND = `try{if(localStorage.getItem(${JSON.stringify(STORAGE_KEYS.fonts)}))e.dataset.fonts=''}catch(_){}`;

/** The inline head script; a function, so that the browser build (which never calls it) drops its text. */
export const themeScript = () =>
  `(function(){${STORAGE_SHIM}var k=${JSON.stringify(STORAGE_KEYS.theme)},t=null;try{t=localStorage.getItem(k)}catch(_){}var d=t==='dark'||((t!=='light')&&matchMedia('(prefers-color-scheme: dark)').matches);var e=document.documentElement;e.classList.toggle('dark',d);e.style.colorScheme=d?'dark':'light';${FONTS_AT_HAND}${THEME_SWITCH}})()`;

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

function subscribe(listener: () => void) {
  // Under 'system', follow the operating system when it switches.
  const media = matchMedia('(prefers-color-scheme: dark)');
  const onChange = () => {
    if (readTheme() === 'system') applyTheme('system');
    listener();
  };
  media.addEventListener('change', onChange);
  window.addEventListener('storage', onChange);
  window.addEventListener(THEME_CHANGE_EVENT, listener);
  return () => {
    media.removeEventListener('change', onChange);
    window.removeEventListener('storage', onChange);
    window.removeEventListener(THEME_CHANGE_EVENT, listener);
  };
}

/** The stored preference; 'system' while rendering on the server. */
export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, readTheme, () => 'system');
}
