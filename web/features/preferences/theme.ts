/**
 * Theme preference (spec: light, dark or system; default system; stored under
 * 'portfolio-theme'). THEME_SCRIPT runs inline in <head> before the body is
 * painted, so a visitor in dark mode never sees a light flash.
 */
import { STORAGE_KEYS } from '../../../common/constants.ts';

/** Marks the theme switch; the head script's one click listener acts on it (see THEME_SWITCH). */
export const THEME_SWITCH_ATTRIBUTE = 'data-theme-switch';
/** Told on `window` whenever the switch changed the theme, for the page's code to follow. */
export const THEME_CHANGE_EVENT = 'themechange';

/**
 * The theme switch's whole behaviour, one listener on the document from before the first paint:
 * a press flips the theme and stores the choice, whether the page's code has arrived or not, so a
 * press is never lost and never done twice (the button has no handler of its own).
 */
const THEME_SWITCH = `document.addEventListener('click',function(v){var b=v.target;b=b&&b.closest&&b.closest('[${THEME_SWITCH_ATTRIBUTE}]');if(!b)return;var s=e.classList.contains('dark')?'light':'dark';try{localStorage.setItem(k,s)}catch(_){}a(s)});`;

/** Marks the phone menu's button; the head script keeps its name and icon in step with its popover. */
export const MENU_TOGGLE_ATTRIBUTE = 'data-menu-toggle';

/**
 * The phone menu's button, from before the first paint: the browser opens and closes the menu (a
 * popover), and the head script's one listener names the button after what a press will do
 * ('Open menu', 'Close menu') and marks it `data-open` (its icon follows), with or without the
 * page's code. (`toggle` does not bubble: the listener captures it.)
 */
const MENU_SWITCH = `document.addEventListener('toggle',function(v){var p=v.target;if(!p||!p.id)return;var b=document.querySelector('[${MENU_TOGGLE_ATTRIBUTE}][popovertarget="'+p.id+'"]');if(!b)return;var o=v.newState==='open';b.setAttribute('aria-label',o?'Close menu':'Open menu');b.toggleAttribute('data-open',o)},true);`;

/**
 * Following the system and other tabs, from before the first paint: under 'system' (nothing
 * stored) the page turns dark or light when the operating system does, and a choice made in
 * another tab of the site is taken up here, with or without the page's code.
 */
const THEME_FOLLOW = `q.addEventListener('change',function(){var s=null;try{s=localStorage.getItem(k)}catch(_){}a(s)});addEventListener('storage',function(v){if(v.key===k)a(v.newValue)});`;

/**
 * The one place the head script turns a stored choice ('dark', 'light', or nothing: the system's)
 * into the page's theme: the class `dark` and the color scheme on <html>, and `themechange` for
 * whoever listens. The first paint, the switch and following the system all go through it.
 */
const THEME_APPLY = `var q=matchMedia('(prefers-color-scheme: dark)');function a(s){var n=s==='dark'||(s!=='light'&&q.matches);e.classList.toggle('dark',n);e.style.colorScheme=n?'dark':'light';dispatchEvent(new Event('${THEME_CHANGE_EVENT}'))}`;

/** The inline head script; a function, so that the browser build (which never calls it) drops its text. */
export const themeScript = () =>
  `(function(){var k=${JSON.stringify(STORAGE_KEYS.theme)},t=null;try{t=localStorage.getItem(k)}catch(_){}var e=document.documentElement;${THEME_APPLY}a(t);${THEME_SWITCH}${THEME_FOLLOW}${MENU_SWITCH}})()`;
