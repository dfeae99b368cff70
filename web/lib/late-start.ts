/**
 * A public page's code starts by itself once the page has been painted (ADR 017). React Router's
 * `<Scripts>` writes module preloads, the loaders' data as inline scripts that feed its hydration
 * stream, and one inline module script that imports the manifest and the page's route modules and
 * then the client entry: the browser would fetch all of it while the page's first paint still
 * waits for its stylesheet and largest image, and the data doubles the HTML the paint waits for.
 * For a page the page cache keeps, `startAfterPaint` holds that markup back without changing it:
 *
 * - the module preloads leave the document; their addresses go to the starter;
 * - the data leaves it too: `keepData` keeps the stream's text on the server and names the
 *   address the starter fetches it from (server/lib/hydration-states.ts);
 * - React Router's module script keeps its text but gets a type the browser does not run
 *   (`HELD_TYPE`), so it is a data block;
 * - a small inline script, the starter (`startHeldScripts` in held-starter.ts, minified by the build),
 *   follows it: after the window's load event and the next frame (the page is painted), or at the
 *   visitor's first press or key if that comes sooner, it adds the preloads, fetches the data and
 *   hands it to React Router's stream as its own scripts would have, then adds a module script with
 *   the held text, which the browser runs exactly as it would have run the original.
 *
 * The client entry hydrates as React Router's template does; events before hydration do what the
 * HTML does (links, forms, the popover menu), and React hydrates at once and handles a press that
 * comes during it. The framework output read is the shape of those tags: `react-router` is pinned to
 * one version, and `assertRecognised` (run by the tests on every page's real output) fails on
 * anything else. A failed fetch (the visitor went offline) leaves the HTML, and the next press or
 * key tries again (one made while the failed fetch was under way included).
 */

// The starter (held-starter.ts) as the page carries it: compiled and minified by the build
// (scripts/inline-script.ts). The browser tests and the unit tests run this text.
import STARTER_SOURCE from './held-starter.ts?script';
import {
  assertRecognised,
  MODULE_PRELOAD,
  MODULE_SCRIPT,
  STREAM_CHUNK,
  STREAM_CLOSE,
} from './router-markup.ts';

export { STARTER_SOURCE };

/** The held module script's type: not JavaScript, so the browser keeps it as a data block. */
export const HELD_TYPE = 'application/x-held-module';

/** How long a form sent before the code is live waits for it before the browser sends it as it is. */
export const HOLD_MS = 3000;

/** The events that start the code early: the visitor reaches for something. */
export const EARLY_STARTS = ['pointerdown', 'keydown', 'touchstart'] as const;

const attribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A script's text made safe inside an inline `<script>`: no `</script` or `<!--` can end it early. */
const inlineSafe = (code: string) => code.replace(/</g, '\\u003c');

/**
 * The document with React Router's scripts and data held back until after the first paint, or the
 * same bytes when it has no module script to hold (a page rendered without scripts). `keepData`
 * keeps the loaders' data and returns the address the page fetches it from.
 */
export function startAfterPaint(document: Buffer, keepData: (state: string) => string): Buffer {
  const html = document.toString('utf8');
  if ([...html.matchAll(MODULE_SCRIPT)].length !== 1) return document;
  assertRecognised(html);
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? '');
  let state = '';
  for (const match of html.matchAll(STREAM_CHUNK)) state += JSON.parse(match[1] ?? '""') as string;
  const starter = `(${STARTER_SOURCE})(${inlineSafe(
    [preloads, keepData(state), HELD_TYPE, EARLY_STARTS, HOLD_MS]
      .map((value) => JSON.stringify(value))
      .join(','),
  )})`;
  return Buffer.from(
    html
      .replace(MODULE_PRELOAD, '')
      .replace(STREAM_CHUNK, '')
      .replace(STREAM_CLOSE, '')
      .replace(MODULE_SCRIPT, (_tag, nonce: string | undefined, code: string) => {
        const nonceAttribute = nonce === undefined ? '' : ` nonce="${attribute(nonce)}"`;
        return (
          `<script${nonceAttribute} type="${HELD_TYPE}">${code}</script>` +
          `<script${nonceAttribute}>${starter}</script>`
        );
      }),
  );
}
