/**
 * What a part of a page read through the query cache is read again after a write that is not a
 * navigation (a fetcher's post: the owner's reply, an endorsement). Inside a QueryScope the cache
 * is asked again for every read whose API path starts with one of the prefixes; elsewhere there is
 * no cache (the page reads through its loader, which the router reads again after every action),
 * and nothing is to be done. Apart from query-scope.tsx so that a page without the cache does not
 * load the library for it (ADR 022).
 */
import { createContext, useContext } from 'react';

export const CacheRefreshContext = createContext<((prefixes: readonly string[]) => void) | null>(null);

/** Reads again what the page's query cache holds under these API path prefixes, if it has one. */
export function useCacheRefresh(): (prefixes: readonly string[]) => void {
  const refresh = useContext(CacheRefreshContext);
  return (prefixes) => refresh?.(prefixes);
}
