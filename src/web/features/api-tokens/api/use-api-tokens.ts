import {
  ApiTokenListSchema,
  type CreateApiTokenBody,
  CreatedApiTokenSchema,
} from '@shared/contracts/api-tokens.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, getJson, requestJson } from '@web/lib/api-request.ts';

const tokensKey = ['/api/tokens'] as const;

export function useApiTokens() {
  return useQuery({ queryKey: tokensKey, queryFn: () => getJson('/api/tokens', ApiTokenListSchema) });
}

/** Creates a token; the answer holds the token itself, which the page shows this once only. */
export function useCreateApiToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiTokenBody) => requestJson('POST', '/api/tokens', CreatedApiTokenSchema, body),
    onSuccess: () => client.invalidateQueries({ queryKey: tokensKey }),
  });
}

export function useRevokeApiToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('DELETE', `/api/tokens/${encodeURIComponent(id)}`);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: tokensKey }),
  });
}
