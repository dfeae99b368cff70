/**
 * The site's two web fonts, fetched once the page is live and the browser idle (ADR 019): the very
 * URLs of the stylesheet's @font-face rules, so the cache serves those too, noted in storage so
 * the head script sets `data-fonts` before every later first paint. No React here: an island page
 * fetches them before (or without) any island's code. `useFontsOnMove` (fonts.ts) lets the faces
 * take over on a move within a page hydrated whole.
 */
import { STORAGE_KEYS } from '../../common/constants.ts';
import textFont from '../fonts/instrument-sans-latin-wght-normal.woff2?url';
import displayFont from '../fonts/space-grotesk-latin-wght-normal.woff2?url';
import { whenIdle } from './idle.ts';

/** As web/app.css declares them: family, file, weight range. */
const FACES = [
  ['Space Grotesk Variable', displayFont, '300 700'],
  ['Instrument Sans Variable', textFont, '400 700'],
] as const;

/** The faces, loaded, once fetched on this page. */
let fetched: FontFace[] | null = null;

/** The faces fetched on this page, or null. */
export const fetchedFaces = () => fetched;

/** Whether the page's type is the web faces already (the head script found them in the cache). */
export const fontsInUse = () => 'fonts' in document.documentElement.dataset;

/** Fetches the faces at the browser's first idle moment (at the latest after 5 s); returns the cancel. */
export function fetchFontsWhenIdle(): () => void {
  if (fontsInUse() || typeof FontFace !== 'function') return () => {};
  return whenIdle(() => {
    const faces = FACES.map(
      ([family, file, weight]) =>
        new FontFace(family, `url(${file}) format("woff2")`, { weight, display: 'optional' }),
    );
    Promise.all(faces.map((face) => face.load())).then(
      () => {
        fetched = faces;
        try {
          localStorage.setItem(STORAGE_KEYS.fonts, '1');
        } catch {
          // Storage refused: the next page's first paint is in the fallbacks again, nothing worse.
        }
      },
      // Not fetched (offline, say): the fallbacks stay, and the next full page load tries again.
      () => {},
    );
  }, 5000);
}
