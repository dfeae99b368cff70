/**
 * The site's two web fonts, never on the way to a first visit's first paint (ADR 019).
 *
 * The stylesheet sets text in the metric-matched fallbacks unless `html[data-fonts]` says the
 * faces are in this browser's cache (web/app.css). Once the page's code is live and the browser
 * idle, `fetchFontsWhenIdle` fetches both files (the very URLs of the stylesheet's @font-face
 * rules, so the cache serves those too) and notes it in storage: the head script then sets
 * `data-fonts` before every later first paint (web/features/preferences/theme.ts). Within the
 * visit, `useFontsOnMove` lets the faces take over when the visitor moves to another page: the
 * page changes then anyway, so nothing the visitor is reading reflows under them.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router';
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

const inUse = () => 'fonts' in document.documentElement.dataset;

/** Fetches the faces at the browser's first idle moment (at the latest after 5 s); returns the cancel. */
export function fetchFontsWhenIdle(): () => void {
  if (inUse() || typeof FontFace !== 'function') return () => {};
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

/** On each move to another page: the fetched faces take over from the fallbacks. */
export function useFontsOnMove() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!fetched || inUse() || !pathname) return;
    for (const face of fetched) document.fonts.add(face);
    document.documentElement.dataset.fonts = '';
  }, [pathname]);
}
