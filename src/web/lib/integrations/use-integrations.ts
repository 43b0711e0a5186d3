import {
  CredentialsStatusSchema,
  DeleteResponseSchema,
  DemoConnectResponseSchema,
  DemoCredentialsSchema,
  type GaCredentialsRequest,
  GaStoreResponseSchema,
  GaTestResponseSchema,
  type MetaCredentialsRequest,
  MetaCredentialsResponseSchema,
  ShopifyCredentialViewSchema,
  type ShopifyStoreRequest,
  ShopifyStoreResponseSchema,
} from '@shared/contracts/credentials.ts';
import { GaOverviewSchema } from '@shared/contracts/ga.ts';
import {
  MetaConnectionTestSchema,
  MetaDataTestSchema,
  MetaDebugSchema,
  MetaSpendingSchema,
} from '@shared/contracts/meta.ts';
import { ShopifyScopesResponseSchema } from '@shared/contracts/shopify.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, requestJson } from '@web/lib/api-request.ts';
import { analysisStatusKey } from '@web/lib/sync/use-results-progress.ts';
import { syncStatusKey } from '@web/lib/sync/use-sync-status.ts';
import { z } from 'zod';

/** Spec §9: credential status polls every 30 s. */
export const CREDENTIALS_POLL_MS = 30_000;

export const integrationKeys = {
  status: ['/api/credentials/status'] as const,
  shopify: ['/api/credentials/shopify'] as const,
  shopifyScopes: ['/api/shopify/scopes'] as const,
  gaStatus: ['/api/credentials/google-analytics/status'] as const,
  gaOverview: ['/api/analytics/ga/overview'] as const,
  metaDebug: ['/api/meta/debug-temp'] as const,
  metaTestConnection: ['/api/meta/test-connection'] as const,
  metaSpending: ['/api/meta/spending/last-month'] as const,
  demoCredentials: ['/api/demo/credentials'] as const,
};

export function useCredentialsStatus() {
  return useQuery({
    queryKey: integrationKeys.status,
    queryFn: () => getJson('/api/credentials/status', CredentialsStatusSchema),
    refetchInterval: CREDENTIALS_POLL_MS,
  });
}

/** Detail is fetched only when status says connected (spec §4). */
export function useShopifyCredentials(connected: boolean) {
  return useQuery({
    queryKey: integrationKeys.shopify,
    queryFn: () => getJson('/api/credentials/shopify', ShopifyCredentialViewSchema),
    enabled: connected,
  });
}

/**
 * The Shopify app's granted and missing scopes, read from Shopify when connected; a refetch
 * ("Check scopes") also refreshes the connection badge, which names missing scopes.
 */
export function useShopifyScopes(connected: boolean) {
  const client = useQueryClient();
  return useQuery({
    queryKey: integrationKeys.shopifyScopes,
    queryFn: async () => {
      const scopes = await getJson('/api/shopify/scopes', ShopifyScopesResponseSchema);
      await client.invalidateQueries({ queryKey: integrationKeys.status });
      return scopes;
    },
    enabled: connected,
    retry: false,
    staleTime: 60_000,
  });
}

/**
 * Invalidates every status-like query after a credential change (spec §7), the sync and analysis
 * status included, so the freshness panel and the results watcher see the queued syncs at once.
 */
function useInvalidateStatus() {
  const client = useQueryClient();
  return async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: integrationKeys.status }),
      client.invalidateQueries({ queryKey: syncStatusKey }),
      client.invalidateQueries({ queryKey: analysisStatusKey }),
      client.invalidateQueries({ queryKey: integrationKeys.shopify }),
      client.invalidateQueries({ queryKey: integrationKeys.shopifyScopes }),
      client.invalidateQueries({ queryKey: integrationKeys.gaStatus }),
      client.invalidateQueries({ queryKey: integrationKeys.gaOverview }),
      client.invalidateQueries({ queryKey: integrationKeys.metaDebug }),
      client.invalidateQueries({ queryKey: integrationKeys.metaTestConnection }),
      client.invalidateQueries({ queryKey: integrationKeys.metaSpending }),
      client.invalidateQueries({ queryKey: ['/api/ga/analytics'] }),
      client.invalidateQueries({ queryKey: ['/api/shopify/summary'] }),
      client.invalidateQueries({ queryKey: ['/api/meta/summary'] }),
    ]);
  };
}

export function useStoreShopifyCredentials() {
  const invalidate = useInvalidateStatus();
  return useMutation({
    mutationFn: (payload: ShopifyStoreRequest) =>
      requestJson('POST', '/api/credentials/shopify', ShopifyStoreResponseSchema, payload),
    onSuccess: invalidate,
  });
}

export function useRemoveShopifyCredentials() {
  const client = useQueryClient();
  const invalidate = useInvalidateStatus();
  return useMutation({
    mutationFn: () => requestJson('DELETE', '/api/credentials/shopify', DeleteResponseSchema),
    onSuccess: async () => {
      client.removeQueries({ queryKey: integrationKeys.shopify });
      await invalidate();
    },
  });
}

export function useStoreGaCredentials() {
  const invalidate = useInvalidateStatus();
  return useMutation({
    mutationFn: (payload: GaCredentialsRequest) =>
      requestJson('POST', '/api/credentials/google-analytics/simple-store', GaStoreResponseSchema, payload),
    onSuccess: invalidate,
  });
}

export function useTestGaConnection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => requestJson('POST', '/api/credentials/google-analytics/test', GaTestResponseSchema),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: integrationKeys.gaStatus }),
        client.invalidateQueries({ queryKey: integrationKeys.status }),
        client.invalidateQueries({ queryKey: syncStatusKey }),
      ]),
  });
}

/** Overview fetched only when connected, no retry (spec §4). */
export function useGaOverview(connected: boolean) {
  return useQuery({
    queryKey: integrationKeys.gaOverview,
    queryFn: () => getJson('/api/analytics/ga/overview', GaOverviewSchema),
    enabled: connected,
    retry: false,
  });
}

/**
 * Outcome handlers given to the mutation itself rather than to `mutate`: the status refresh that a
 * success triggers can unmount the form or button that asked (the home screen becomes the
 * Opportunities page), and TanStack Query drops per-call callbacks of an unmounted caller, so the
 * spec's toast would never show.
 */
export interface MutationHandlers<T> {
  onSuccess?: (result: T) => void;
  onError?: (error: Error) => void;
}

export function useStoreMetaCredentials(
  handlers: MutationHandlers<z.infer<typeof MetaCredentialsResponseSchema>> = {},
) {
  const invalidate = useInvalidateStatus();
  return useMutation({
    mutationFn: (payload: MetaCredentialsRequest) =>
      requestJson('POST', '/api/credentials/meta', MetaCredentialsResponseSchema, payload),
    onSuccess: (result) => {
      handlers.onSuccess?.(result);
      return invalidate();
    },
    onError: handlers.onError,
  });
}

export function useMetaDebug(connected: boolean) {
  return useQuery({
    queryKey: integrationKeys.metaDebug,
    queryFn: () => getJson('/api/meta/debug-temp', MetaDebugSchema),
    enabled: connected,
  });
}

export function useMetaSpending(connected: boolean) {
  return useQuery({
    queryKey: integrationKeys.metaSpending,
    queryFn: () => getJson('/api/meta/spending/last-month', MetaSpendingSchema),
    enabled: connected,
  });
}

export function useTestMetaConnection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => getJson('/api/meta/test-connection', MetaConnectionTestSchema),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: integrationKeys.metaDebug });
      await client.invalidateQueries({ queryKey: integrationKeys.status });
      await client.invalidateQueries({ queryKey: syncStatusKey });
    },
  });
}

export function useTestMetaAvailableData() {
  return useMutation({
    mutationFn: () => getJson('/api/meta/test-available-data', MetaDataTestSchema),
  });
}

/**
 * Demo mode only: the demo credentials to prefill forms. Outside demo mode the server answers
 * 404 and this yields null.
 */
export function useDemoCredentials() {
  return useQuery({
    queryKey: integrationKeys.demoCredentials,
    queryFn: async () => {
      const response = await fetch('/api/demo/credentials', { credentials: 'include' });
      if (!response.ok) {
        await response.arrayBuffer();
        return null;
      }
      const parsed = DemoCredentialsSchema.nullable().safeParse(await response.json());
      return parsed.success ? parsed.data : null;
    },
  });
}

export function useConnectDemoStore(
  handlers: MutationHandlers<z.infer<typeof DemoConnectResponseSchema>> = {},
) {
  const invalidate = useInvalidateStatus();
  return useMutation({
    mutationFn: () => requestJson('POST', '/api/demo/connect', DemoConnectResponseSchema),
    onSuccess: (result) => {
      handlers.onSuccess?.(result);
      return invalidate();
    },
    onError: handlers.onError,
  });
}

export const AdAccountStorageSchema = z.object({ adAccountId: z.string().max(64) });
