/**
 * What an island page carries instead of React Router's scripts (ADR 023): the islands' shared
 * state as JSON (the page's address, the root's data, a posted form's answer) and the inline
 * starter (web/islands/starter.ts), which fetches the code and the whole stylesheet after the first
 * paint.
 */
import { EARLY_STARTS, HOLD_MS } from '../lib/late-start.ts';
import type { IslandsRendering } from './island.tsx';
import { ISLAND_ATTRIBUTES, ISLAND_PAGE_ID, inlineJson } from './markers.ts';
// The starter as the page carries it, compiled and minified by the build (scripts/inline-script.ts).
import STARTER from './starter.ts?script';

/** What starts the code at once, and wakes the island it happens in: a press, a key, a focus. */
const REACHES = [...EARLY_STARTS, 'focusin'];

export function IslandScripts({
  rendering,
  stylesheet,
  nonce,
}: {
  rendering: IslandsRendering;
  /** The whole stylesheet's address, fetched with the code. */
  stylesheet: string;
  nonce: string | undefined;
}) {
  // Only the server writes an island page (the browser never renders one), so the browser's build
  // leaves the starter's text out.
  const call = import.meta.env.SSR
    ? `(${STARTER})(${[
        rendering.entry,
        stylesheet,
        REACHES,
        ISLAND_ATTRIBUTES.name,
        ISLAND_ATTRIBUTES.live,
        ISLAND_ATTRIBUTES.parts,
        HOLD_MS,
      ]
        .map((value) => inlineJson(value))
        .join(',')})`
    : '';
  return (
    <>
      <script
        type="application/json"
        id={ISLAND_PAGE_ID}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON of the page's own state, escaped for a script element
        dangerouslySetInnerHTML={{ __html: inlineJson(rendering.page) }}
      />
      <script
        nonce={nonce}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the starter, a function of ours minified (no user content)
        dangerouslySetInnerHTML={{ __html: call }}
      />
    </>
  );
}
