import {
  type AuthMethods,
  AuthMethodsSchema,
  AuthSessionListSchema,
  AuthUserSchema,
  PasswordResetPreviewSchema,
  RecoveryCodesSchema,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
} from '@shared/contracts/auth.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, getJson, requestJson } from '@web/lib/api-request.ts';

/** GET /api/auth/methods: password accounts on, OIDC on, and whether the install still needs its owner. */
export function useAuthMethods() {
  return useQuery<AuthMethods>({
    queryKey: ['/api/auth/methods'],
    queryFn: () => getJson('/api/auth/methods', AuthMethodsSchema),
    retry: false,
    staleTime: 60_000,
  });
}

/** Signing in changes who the whole app is for: load it afresh at the page to go to. */
const enterApp = (returnTo: string) => window.location.assign(/^\/(?!\/)/.test(returnTo) ? returnTo : '/');

export function useOwnerSetup() {
  return useMutation({
    mutationFn: (body: { email: string; password: string; name: string }) =>
      requestJson('POST', '/api/auth/setup', AuthUserSchema, body),
    onSuccess: () => enterApp('/'),
  });
}

export function usePasswordLogin(returnTo: string) {
  return useMutation({
    mutationFn: (body: { email: string; password: string; code?: string }) =>
      requestJson('POST', '/api/auth/password/login', AuthUserSchema, body),
    onSuccess: () => enterApp(returnTo),
  });
}

export function useRequestReset() {
  return useMutation({
    mutationFn: (email: string) => apiRequest('POST', '/api/auth/password/reset', { email }),
  });
}

export function useResetPreview(token: string) {
  return useQuery({
    queryKey: ['/api/auth/password/reset', token],
    queryFn: () =>
      getJson(`/api/auth/password/reset/${encodeURIComponent(token)}`, PasswordResetPreviewSchema),
    retry: false,
  });
}

export function useFinishReset(token: string) {
  return useMutation({
    mutationFn: (password: string) =>
      apiRequest('POST', `/api/auth/password/reset/${encodeURIComponent(token)}`, { password }),
  });
}

export function useJoinWithPassword(token: string) {
  return useMutation({
    mutationFn: (body: { name: string; password: string }) =>
      requestJson('POST', `/api/invitations/${encodeURIComponent(token)}/password`, AuthUserSchema, body),
    onSuccess: () => enterApp('/dashboard'),
  });
}

const SESSIONS = ['/api/auth/sessions'] as const;
const TWO_FACTOR = ['/api/auth/two-factor'] as const;

export function useMySessions() {
  return useQuery({
    queryKey: SESSIONS,
    queryFn: () => getJson('/api/auth/sessions', AuthSessionListSchema),
  });
}

export function useRevokeSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/auth/sessions/${encodeURIComponent(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: SESSIONS }),
  });
}

export function useTwoFactorStatus() {
  return useQuery({
    queryKey: TWO_FACTOR,
    queryFn: () => getJson('/api/auth/two-factor', TwoFactorStatusSchema),
  });
}

export function useStartTwoFactor() {
  return useMutation({
    mutationFn: () => requestJson('POST', '/api/auth/two-factor/start', TwoFactorSetupSchema),
  });
}

export function useEnableTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      requestJson('POST', '/api/auth/two-factor/enable', RecoveryCodesSchema, { code }),
    onSuccess: () => client.invalidateQueries({ queryKey: TWO_FACTOR }),
  });
}

export function useDisableTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiRequest('POST', '/api/auth/two-factor/disable', { code }),
    onSuccess: () => client.invalidateQueries({ queryKey: TWO_FACTOR }),
  });
}
