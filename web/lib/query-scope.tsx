/**
 * The query cache, for the pages and parts that read through TanStack Query (the dashboard, the
 * blog's list and a post's comments, booking, a testimonial's page, the endorsement form). The
 * root does not hold it, so a page that reads only through its loader (the home page) never
 * fetches the library (ADR 022). One client per page in the browser, however many scopes a page
 * has or how often it comes back; one per render on the server.
 */
import { type QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useContext, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { CacheRefreshContext } from './cache-refresh.ts';
import { DONE_PARAM } from './form-post.ts';
import { createQueryClient } from './query-client.ts';

let browserClient: QueryClient | undefined;
/** The last address a scope saw in this page (its history key): the cache is in step with it. */
let seenKey: string | undefined;

function pageClient() {
  if (typeof window === 'undefined') return createQueryClient();
  browserClient ??= createQueryClient();
  return browserClient;
}

/**
 * A form whose post went through comes back to a page address with `?done=` (a redirect); the
 * form's own part of the page may be gone by then (a confirm step, a sign-in page), so what the
 * page shows from the query cache is read again here, once per such address, also when the scope
 * comes back with it (a sign-in on /auth that lands on the dashboard). The first address of the
 * page came with its reads in the HTML. (Who is signed in is the root's data, which the router
 * reads again after every post.)
 */
function FreshAfterForms({ client }: { client: QueryClient }) {
  const { key, search } = useLocation();
  const done = new URLSearchParams(search).has(DONE_PARAM);
  useEffect(() => {
    if (seenKey === key) return;
    const first = seenKey === undefined;
    seenKey = key;
    if (done && !first) void client.invalidateQueries();
  }, [key, done, client]);
  return null;
}

export function QueryScope({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  const [client] = useState(pageClient);
  const [refresh] = useState(
    () => (prefixes: readonly string[]) =>
      void client.invalidateQueries({
        predicate: (query) => prefixes.some((prefix) => String(query.queryKey[0]).startsWith(prefix)),
      }),
  );
  if (outer) return children;
  return (
    <QueryClientProvider client={client}>
      <CacheRefreshContext.Provider value={refresh}>
        <FreshAfterForms client={client} />
        {children}
      </CacheRefreshContext.Provider>
    </QueryClientProvider>
  );
}
