/**
 * The API as the site's plumbing sees it: where it starts (what the request helper sends to the
 * server, or on the static copy reads from the exported files), and the two reads whose empty
 * answer the spec names (section 8), and where a public form's bot-check token comes from (a page's
 * action asks for one: route-form.server.ts). Each feature's own paths are in its api.ts.
 */

export const API_PREFIX = '/api/';
/**
 * Where every owner's API path starts: how an action refreshes the dashboard's reads
 * (admin-list.tsx). Here, not in the dashboard's api.ts, so a public page's code can name it
 * without the query library (ADR 022).
 */
export const ADMIN_PREFIX = `${API_PREFIX}admin/`;

/** Whether the page-view counting honours Global Privacy Control (the privacy page says so). */
export const ANALYTICS_PRIVACY_PATH = `${API_PREFIX}analytics/privacy`;

/** The empty answer of spec section 8 for a static read that found nothing. */
export function staticEmptyDefault(path: string): unknown {
  const clean = path.split('?')[0]?.replace(/\/+$/, '') ?? '';
  if (clean === `${API_PREFIX}blog`) return [];
  if (clean === `${API_PREFIX}skills`) return { frontend: [], backend: [], devops: [] };
  return {};
}

/** The forms with a bot check, and what binds their token (the post commented on, the skill endorsed). */
export type FormTokenFor =
  | { form: 'comment'; postId: number }
  | { form: 'contribution' }
  | { form: 'endorsement'; skillId: number };

export function formTokenPath(target: FormTokenFor): string {
  const query = new URLSearchParams(Object.entries(target).map(([key, value]) => [key, String(value)]));
  return `${API_PREFIX}form-token?${query}`;
}
