import { type DehydratedState, dehydrate, QueryClient } from '@tanstack/react-query';
import type { WebLoadContext } from '../../common/web-context.ts';
import { isDocumentRequest } from './document-request.ts';

/**
 * A page's loader's public reads as dehydrated query state (query key = path), so the browser
 * starts with the same data under the same keys and does not fetch it again. The loader reads
 * them itself (`readApi`) and uses them too: one read serves the page's checks, its HTML and this.
 */
export function dehydrateReads(reads: Readonly<Record<string, unknown>>): DehydratedState {
  const client = new QueryClient();
  for (const [path, data] of Object.entries(reads)) {
    if (data !== null && data !== undefined) client.setQueryData([path], data);
  }
  return dehydrate(client);
}

/**
 * The signed-in owner's reads for a dashboard page's HTML (its session cookie; never shared with
 * another render), for whole documents only: the page is whole without its code, and its forms
 * hold the stored values. A read that fails is left for the browser's query to fetch. A read in
 * `mayBeGone` that answers 404 is kept as null, as its query gives it (a row deleted since: the page
 * says so).
 */
export async function prefetchOwn(
  context: WebLoadContext,
  request: Request,
  paths: readonly string[],
  { mayBeGone = [] }: { mayBeGone?: readonly string[] } = {},
): Promise<DehydratedState | null> {
  if (!context.user?.isAdmin || !isDocumentRequest(request)) return null;
  const client = new QueryClient();
  await Promise.all(
    paths.map(async (path) => {
      try {
        const data = await context.readOwnApi(path);
        if (data !== null || mayBeGone.includes(path)) client.setQueryData([path], data);
      } catch {
        // The browser's query asks again and shows its own error.
      }
    }),
  );
  return dehydrate(client);
}
