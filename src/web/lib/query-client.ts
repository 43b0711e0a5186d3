import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api-request.ts';

/**
 * Spec §9 defaults: no retry, no refetch on window focus, no polling, data never stale; mutations do not
 * retry. Pages that must poll (opportunities, credential status, cursor statistics, GA data) set their own
 * `refetchInterval`, and mutations invalidate what they change.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Number.POSITIVE_INFINITY,
      },
      mutations: { retry: false },
    },
  });
}

/** The SPA's single query client. */
export const queryClient = createQueryClient();
