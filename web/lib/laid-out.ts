/**
 * A long page's later parts are drawn only near the screen (`.later`, app.css) and stand at an
 * estimated height until then. Before a jump to an anchor the whole page is laid out, so the jump
 * lands where the anchor really is: `data-laid-out` on <html> (`LAID_OUT_ATTRIBUTE`, whose rule
 * the build keeps in every page's critical CSS), which stays (the visitor is moving through the
 * page). Set by script (scrollToSection, motion.ts) and by the head script below;
 * without JavaScript app.css lays the whole page out from the start.
 */
import { LAID_OUT_ATTRIBUTE } from '../../common/constants.ts';

/** Marks the page laid out. */
export const layOutWholePage = () => document.documentElement.setAttribute(LAID_OUT_ATTRIBUTE, '');

/**
 * Part of the inline head script (root.tsx): the page is laid out when it opens at an anchor (a
 * link to a section, a form sent back with its refusal), as a press on a link to an anchor begins
 * (before the browser scrolls to it), and when the address's anchor changes otherwise (back and
 * forward).
 */
export const LAY_OUT_AT_ANCHOR = `(function(){var e=document.documentElement;function l(){e.setAttribute('${LAID_OUT_ATTRIBUTE}','')}if(location.hash.length>1)l();document.addEventListener('click',function(v){var a=v.target;a=a&&a.closest&&a.closest('a[href*="#"]');if(a&&a.hash.length>1)l()},true);addEventListener('hashchange',l)})()`;
