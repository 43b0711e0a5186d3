import type { QueryClient } from '@tanstack/react-query';
import { act } from 'react';
import { vi } from 'vitest';

/**
 * Waits until `client` has no query fetching and no mutation running. A component test that answers
 * fetch at the network boundary calls this before it unmounts and restores fetch: the SPA looks
 * `fetch` up only after an `await` (the store-switch gate), so a refetch or a mutation's
 * invalidation still in flight when the test ended would otherwise reach the real fetch, which has
 * no server behind the test document's origin (an `ECONNREFUSED 127.0.0.1:3000` trace per request).
 */
export async function settleRequests(client: QueryClient, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (client.isFetching() > 0 || client.isMutating() > 0) {
    if (Date.now() > deadline) throw new Error('queries or mutations still running after the test');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
  }
}

/**
 * Replaces fetch for a test whose page makes reads the test does not look at: every request is
 * recorded and left unanswered for the rest of the test (its query stays loading), instead of
 * going to the test document's origin, where no server runs (an `ECONNREFUSED 127.0.0.1:3000`
 * trace each). Nothing is answered, so no behaviour of the API is faked; what the test asserts on
 * is put in the query cache as the API answered it. Restore with `vi.unstubAllGlobals()`.
 */
export function holdRequests(): string[] {
  const requested: string[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    requested.push(input instanceof Request ? input.url : String(input));
    return new Promise<Response>(() => {});
  });
  return requested;
}
