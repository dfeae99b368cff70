/**
 * The names an island page's markup and its runtime share (ADR 023), in a module of their own so
 * the client entry can tell an island page from a whole one without loading anything else.
 */

/**
 * The marker element's attributes, read by the runtime (web/islands/start.tsx). An island's props
 * are not one of them: they are JSON in a `<script data-props>` right after its marker, so the
 * bytes before the page's first content are content (a list's props hold the list again).
 */
export const ISLAND_ATTRIBUTES = {
  name: 'data-island',
  props: 'data-props',
  start: 'data-start',
  prefix: 'data-prefix',
  live: 'data-live',
  parts: 'data-parts',
  media: 'data-media',
  /** An island that needs no React Router (`router: false`): its tree is hydrated without one. */
  routerless: 'data-routerless',
} as const;

export { ISLAND_PAGE_ID } from '../../common/web-context.ts';

/** JSON safe inside an inline `<script>`: no `</script` or `<!--` can end it early. */
export const inlineJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** An island's props: the JSON script right after its marker, if it has one. */
export function islandProps(marker: Element): object {
  const next = marker.nextElementSibling;
  if (next?.tagName !== 'SCRIPT' || !next.hasAttribute(ISLAND_ATTRIBUTES.props)) return {};
  return JSON.parse(next.textContent ?? '{}') as object;
}

/**
 * An island whose browser code is a plain function, not a component (web/islands/registry.ts):
 * decoration or a watcher that changes nothing React drew after the server's HTML. It is given
 * its marker and its props, and starts without React.
 */
// biome-ignore lint/suspicious/noExplicitAny: an island's props are whatever its marker says
export type IslandBehaviour<P = any> = (marker: Element, props: P) => void;
