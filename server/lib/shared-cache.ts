/**
 * What a shared cache (a CDN, a caching proxy) may do with an answer everybody without a session
 * gets alike: keep it fresh for half of `SHARED_CACHE_SECONDS`, then serve it stale for the other
 * half while it fetches the new one. So a write shows through such a cache within
 * `SHARED_CACHE_SECONDS`. Browsers keep their own copy for `browserSeconds` (0: they ask again each
 * time, with the ETag, and get a 304 when nothing changed).
 */
export function sharedCacheControl(sharedSeconds: number, browserSeconds = 0): string {
  if (sharedSeconds <= 0)
    return browserSeconds > 0 ? `public, max-age=${browserSeconds}` : 'private, no-cache';
  const fresh = Math.ceil(sharedSeconds / 2);
  const stale = sharedSeconds - fresh;
  return `public, max-age=${browserSeconds}, s-maxage=${fresh}${stale > 0 ? `, stale-while-revalidate=${stale}` : ''}`;
}
