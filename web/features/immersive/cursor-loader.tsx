/**
 * The custom cursor (immersive mode's), on every public page where it can show: a wide screen with
 * a mouse. Its code is not even fetched elsewhere.
 */
import { lazy, Suspense } from 'react';
import { TABLET_MIN_WIDTH } from '../../../common/constants.ts';
import { island } from '../../islands/island.tsx';
import { useExtrasEnabled } from './immersive-loader.tsx';

const CustomCursor = lazy(() => import('./custom-cursor.tsx'));

/** Where the custom cursor can show: a wide screen, a mouse, motion welcome (custom-cursor.tsx follows changes). */
const CURSOR_MEDIA = `(min-width: ${TABLET_MIN_WIDTH}px) and (hover: hover) and (pointer: fine) and (prefers-reduced-motion: no-preference)`;

/**
 * The owner's pages, where the extras never show (the page's shell tells the cursor): the
 * dashboard (where the cursor's hint once sat over the authenticator's set-up key) and signing in.
 * Work, not a visit.
 */
export const isOwnersPage = (pathname: string) => /^\/(admin|auth)(\/|$)/.test(pathname);

/** The custom cursor where it can show, but on the owner's pages. */
function CursorWhereItShows({ ownersPage }: { ownersPage: boolean }) {
  // Read only once the idle moment has passed, so never while rendering on the server or hydrating.
  const enabled = useExtrasEnabled();
  return enabled && !ownersPage && matchMedia(CURSOR_MEDIA).matches ? (
    <Suspense fallback={null}>
      <CustomCursor />
    </Suspense>
  ) : null;
}

/**
 * The cursor on an island page (ADR 023): an island that starts, once the browser is idle, only
 * where it can show (a phone never fetches its code), and needs no React Router.
 */
export const ImmersiveCursor = island('immersive-cursor', CursorWhereItShows, {
  start: 'idle',
  media: CURSOR_MEDIA,
  router: false,
});
export { CursorWhereItShows };
