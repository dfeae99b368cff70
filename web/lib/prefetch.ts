import { type DehydratedState, dehydrate, QueryClient } from '@tanstack/react-query';
import type { WebLoadContext } from '../../common/web-context.ts';
import { isDocumentRequest } from './document-request.ts';

/**
 * Loads API paths on the server for a page's loader and returns them as
 * dehydrated query state (query key = path), so the browser starts with the
 * same data under the same keys and does not fetch it again.
 */
export async function prefetch(
  context: WebLoadContext,
  paths: string[],
): Promise<{ dehydrated: DehydratedState; missing: string[] }> {
  const client = new QueryClient();
  const missing: string[] = [];
  await Promise.all(
    paths.map(async (path) => {
      const data = await context.readApi(path);
      if (data === null) missing.push(path);
      else client.setQueryData([path], data);
    }),
  );
  return { dehydrated: dehydrate(client), missing };
}

/**
 * The signed-in owner's reads for a dashboard page's HTML (its session cookie; never shared with
 * another render), for whole documents only: the page is whole without its code, and its forms
 * hold the stored values. A read that fails is left for the browser's query to fetch.
 */
export async function prefetchOwn(
  context: WebLoadContext,
  request: Request,
  paths: readonly string[],
): Promise<DehydratedState | null> {
  if (!context.user?.isAdmin || !isDocumentRequest(request)) return null;
  const client = new QueryClient();
  await Promise.all(
    paths.map(async (path) => {
      try {
        const data = await context.readOwnApi(path);
        if (data !== null) client.setQueryData([path], data);
      } catch {
        // The browser's query asks again and shows its own error.
      }
    }),
  );
  return dehydrate(client);
}
