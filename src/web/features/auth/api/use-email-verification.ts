import {
  EmailVerificationSentSchema,
  EmailVerificationStatusSchema,
  EmailVerifiedSchema,
} from '@shared/contracts/auth.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, requestJson } from '@web/lib/api-request.ts';

const STATUS = ['/api/auth/email/verification'] as const;

/** GET /api/auth/email/verification: the caller's address and whether it is proven. */
export function useEmailVerification() {
  return useQuery({
    queryKey: STATUS,
    queryFn: () => getJson('/api/auth/email/verification', EmailVerificationStatusSchema),
  });
}

/** POST /api/auth/email/verification: mails a single-use link to the caller's address. */
export function useSendVerificationLink() {
  return useMutation({
    mutationFn: () => requestJson('POST', '/api/auth/email/verification', EmailVerificationSentSchema),
  });
}

/** POST /api/auth/email/verification/:token: the mailed link proves the address (410 when used or old). */
export function useConfirmEmail(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      requestJson(
        'POST',
        `/api/auth/email/verification/${encodeURIComponent(token)}`,
        EmailVerifiedSchema,
        {},
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: STATUS }),
  });
}
