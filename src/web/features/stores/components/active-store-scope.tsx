import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useSyncExternalStore } from 'react';
import {
  activeQueryClient,
  queryClientKey,
  subscribeToActiveStore,
} from '../../../lib/stores/store-query-clients.ts';

/**
 * Provides the active store's query client to the app. A switch of store mounts the tree anew under
 * the other store's client (hooks keep the client they were created with), so every page reads the
 * active store, from its cache when it was seen before.
 */
export function ActiveStoreScope({ children }: { children: ReactNode }) {
  const client = useSyncExternalStore(subscribeToActiveStore, activeQueryClient, activeQueryClient);
  return (
    <QueryClientProvider client={client} key={queryClientKey(client)}>
      {children}
    </QueryClientProvider>
  );
}
