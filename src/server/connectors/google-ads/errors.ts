import type { UpstreamErrorKind } from '../http/upstream-error.ts';
import type { GoogleAdsErrorBody } from './payload.schema.ts';

/**
 * What a Google Ads failure means for the owner and how to fix it (contracts/external-apis-2.md
 * §1.2 and §1.4): the vendor's reason (`invalid_grant`, `USER_PERMISSION_DENIED`,
 * `CLOUD_PROJECT_NOT_APPROVED_FOR_PRODUCTION`, a quota error…) and a sentence with the fix.
 */
export interface GoogleAdsFailure {
  kind: UpstreamErrorKind;
  /** the vendor's reason code, shown next to the message */
  reason: string;
  message: string;
  /** how long Google asks us to wait (quota errors), in ms */
  retryDelayMs?: number | undefined;
}

const FIXES: Record<string, { kind: UpstreamErrorKind; message: string }> = {
  invalid_grant: {
    kind: 'auth',
    message:
      'Google refused the refresh token (invalid_grant): it was revoked, expired or belongs to another OAuth client. Fix: sign in with Google again and paste the new refresh token.',
  },
  invalid_client: {
    kind: 'auth',
    message:
      'Google did not recognise the OAuth client (invalid_client). Fix: check the client id and client secret of your Google Cloud OAuth client.',
  },
  OAUTH_TOKEN_INVALID: {
    kind: 'auth',
    message: 'Google rejected the access token (OAUTH_TOKEN_INVALID). Fix: reconnect Google Ads.',
  },
  OAUTH_TOKEN_EXPIRED: {
    kind: 'auth',
    message: 'Google rejected the access token as expired (OAUTH_TOKEN_EXPIRED). Fix: reconnect Google Ads.',
  },
  NOT_ADS_USER: {
    kind: 'auth',
    message:
      'The Google account that granted access has no Google Ads account (NOT_ADS_USER). Fix: sign in with a Google account that can open this Ads account.',
  },
  USER_PERMISSION_DENIED: {
    kind: 'permission',
    message:
      'The Google account has no access to this customer id (USER_PERMISSION_DENIED). Fix: check the customer id; if you reach the account through a manager account, enter the manager account id as login customer id.',
  },
  INVALID_LOGIN_CUSTOMER_ID_SERVING_CUSTOMER_ID_COMBINATION: {
    kind: 'permission',
    message:
      'The login customer id is not a manager of this customer (INVALID_LOGIN_CUSTOMER_ID_SERVING_CUSTOMER_ID_COMBINATION). Fix: enter the id of the manager account that links this account, or leave it empty.',
  },
  CLOUD_PROJECT_NOT_APPROVED_FOR_PRODUCTION: {
    kind: 'permission',
    message:
      'The Google Cloud project of your OAuth client only has Test access to the Google Ads API (CLOUD_PROJECT_NOT_APPROVED_FOR_PRODUCTION). Fix: apply for Basic or Standard access for that Cloud project in the Google Ads API Center, or use an OAuth client of an approved project.',
  },
  CUSTOMER_NOT_ENABLED: {
    kind: 'permission',
    message:
      'This Google Ads account is not enabled (CUSTOMER_NOT_ENABLED). Fix: finish setting it up in Google Ads.',
  },
};

const QUOTA_MESSAGE =
  'Google Ads is rate limiting this Cloud project (%s). Fix: wait and sync again; if it happens daily, apply for a higher access level for the Cloud project.';

/** "12s" / "1.5s" → ms. */
export function parseRetryDelay(value: string | undefined): number | undefined {
  const match = value?.match(/^(\d+(?:\.\d+)?)s$/);
  return match ? Math.round(Number(match[1]) * 1000) : undefined;
}

/** The OAuth token endpoint's `{ error }` → failure. */
export function describeTokenFailure(error: string, description: string | undefined): GoogleAdsFailure {
  const known = FIXES[error];
  if (known) return { ...known, reason: error };
  return {
    kind: 'auth',
    reason: error,
    message: `Google refused the OAuth credentials (${error}${description ? `: ${description}` : ''}). Fix: check the client id, client secret and refresh token.`,
  };
}

/** A google.rpc.Status body (+ HTTP status) → failure. */
export function describeGoogleAdsFailure(
  status: number,
  body: GoogleAdsErrorBody | undefined,
): GoogleAdsFailure {
  const first = body?.error.details?.flatMap((d) => d.errors ?? [])[0];
  const [category, reason] = Object.entries(first?.errorCode ?? {})[0] ?? [undefined, undefined];
  const fallbackReason = body?.error.status ?? `HTTP ${status}`;
  if (category === 'quotaError' || status === 429) {
    const code = reason ?? fallbackReason;
    return {
      kind: 'rate_limited',
      reason: code,
      message: QUOTA_MESSAGE.replace('%s', code),
      retryDelayMs: parseRetryDelay(first?.details?.quotaErrorDetails?.retryDelay),
    };
  }
  const known = reason ? FIXES[reason] : undefined;
  if (known && reason) return { ...known, reason };
  const vendorText = first?.message ?? body?.error.message ?? '';
  const kind: UpstreamErrorKind =
    status === 401
      ? 'auth'
      : status === 403
        ? 'permission'
        : status === 404
          ? 'not_found'
          : status >= 500
            ? 'unavailable'
            : 'bad_request';
  return {
    kind,
    reason: reason ?? fallbackReason,
    message: `Google Ads refused the request (${reason ?? fallbackReason})${vendorText ? `: ${vendorText}` : ''}.`,
  };
}
