/**
 * Which addresses are web addresses, in one place: http and https, nothing else (no `javascript:`,
 * `data:`, `file:` or `mailto:`). Every address the site takes from outside and keeps, links to or
 * fetches goes through it: a Webmention's source and target, a page's links, a fediverse actor's
 * profile and inbox (issue 62).
 */

/** `value` (resolved against `base`, if given) as a URL when it is an http(s) address; null otherwise. */
export function webAddress(value: string | URL | null | undefined, base?: string | URL): URL | null {
  if (value === null || value === undefined) return null;
  try {
    const url = new URL(value, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}
