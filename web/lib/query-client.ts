import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './request.ts';

/**
 * The query defaults of spec section 9: data never goes stale by itself, no
 * retries, no refetch on window focus, no polling; mutations do not retry.
 * The key of a query is its API path.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
}
