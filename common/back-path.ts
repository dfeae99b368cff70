/**
 * The page of this site a visitor comes back to once signed in (`?back=` on the sign-in page, a
 * form's `back` field, a mailed sign-in link, GitHub's round trip): one rule for which values are
 * such a page, so no way in can be made to send the visitor to another site.
 */

/** The parameter (and form field) naming the page to come back to. */
export const BACK_PARAM = 'back';

/** The sign-in page. */
export const AUTH_PATH = '/auth';

/** A path of this site: one slash, then no second slash or backslash; no blank, no fragment. */
const PATH = /^\/(?![/\\])[^\s#]*$/;
const BASE = 'http://site.invalid';

/**
 * A page of this site to come back to, as `?back=` or a form's field carries it, in the form a
 * redirect's address takes (dot segments resolved, non-ASCII percent-encoded): never another
 * site's address (`//host`, `/\host`, a scheme, nor one that resolves to such: `/.//host`), else null.
 */
export function localPath(value: string | null | undefined): string | null {
  if (!value || value.length > 500 || !PATH.test(value)) return null;
  const url = new URL(value, BASE);
  const path = `${url.pathname}${url.search}`;
  return url.origin === BASE && PATH.test(path) ? path : null;
}

/** The sign-in page (its `tab`), coming back to `back` once signed in (none, or the sign-in page: home). */
export function signInPath(back: string | null, tab?: 'register'): string {
  const query = new URLSearchParams(tab ? { tab } : {});
  const page = localPath(back);
  const at = page && new URL(page, BASE).pathname;
  if (page && at !== '/' && at !== AUTH_PATH) query.set(BACK_PARAM, page);
  const search = query.toString();
  return search ? `${AUTH_PATH}?${search}` : AUTH_PATH;
}
