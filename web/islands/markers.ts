/**
 * The names an island page's markup and its runtime share (ADR 023), in a module of their own so
 * the client entry can tell an island page from a whole one without loading anything else.
 */

/** The marker element's attributes, read by the runtime (web/islands/start.tsx). */
export const ISLAND_ATTRIBUTES = {
  name: 'data-island',
  props: 'data-props',
  start: 'data-start',
  prefix: 'data-prefix',
  live: 'data-live',
  parts: 'data-parts',
  media: 'data-media',
} as const;

/** The id of the page's island state (JSON) in the document. */
export const ISLAND_PAGE_ID = 'island-page';
