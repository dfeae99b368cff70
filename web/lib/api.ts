/**
 * The API as the site's plumbing sees it: where it starts (what the request helper sends to the
 * server, or on the static copy reads from the exported files), and the two reads whose empty
 * answer the spec names (section 8). Each feature's own paths are in its api.ts.
 */
export const API_PREFIX = '/api/';

/** The empty answer of spec section 8 for a static read that found nothing. */
export function staticEmptyDefault(path: string): unknown {
  const clean = path.split('?')[0]?.replace(/\/+$/, '') ?? '';
  if (clean === `${API_PREFIX}blog`) return [];
  if (clean === `${API_PREFIX}skills`) return { frontend: [], backend: [], devops: [] };
  return {};
}
