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
import { fetchedFaces, fontsInUse } from './font-files.ts';

export { fetchFontsWhenIdle } from './font-files.ts';

/** On each move to another page: the fetched faces take over from the fallbacks. */
export function useFontsOnMove() {
  const { pathname } = useLocation();
  useEffect(() => {
    const fetched = fetchedFaces();
    if (!fetched || fontsInUse() || !pathname) return;
    for (const face of fetched) document.fonts.add(face);
    document.documentElement.dataset.fonts = '';
  }, [pathname]);
}
