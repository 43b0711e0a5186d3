import type { ForcedResponse } from './faults.ts';

/**
 * Vendor answers for account states the emulators cannot reach through their own data (a token
 * revoked at the vendor, a permission withdrawn, a quota or rate limit used up), in each vendor's
 * wire shape (shared/contracts/external-apis.md: Shopify §"Errors", GA4 §"Errors", Meta §3.8).
 * Forced on an emulator with `faults.force(...)` by the fault-matrix test.
 */
export const VENDOR_ERRORS = {
  shopify: {
    unauthorized: {
      status: 401,
      body: { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' },
    },
    forbidden: { status: 403, body: { errors: 'Unavailable Shop' } },
  },
  ga4: {
    unauthenticated: {
      status: 401,
      body: {
        error: {
          code: 401,
          message:
            'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
          status: 'UNAUTHENTICATED',
        },
      },
    },
    permissionDenied: {
      status: 403,
      body: {
        error: {
          code: 403,
          message:
            'User does not have sufficient permissions for this property. To learn more about Property ID, see https://developers.google.com/analytics/devguides/reporting/data/v1/property-id.',
          status: 'PERMISSION_DENIED',
        },
      },
    },
    quotaExhausted: {
      status: 429,
      body: {
        error: {
          code: 429,
          message: 'Exhausted property tokens per day for this property.',
          status: 'RESOURCE_EXHAUSTED',
        },
      },
    },
  },
  meta: {
    tokenExpired: metaError(
      190,
      'OAuthException',
      'Error validating access token: Session has expired.',
      463,
    ),
    permissionLost: metaError(
      200,
      'OAuthException',
      '(#200) Ad account owner has NOT granted ads_management or ads_read permission',
    ),
    userRequestLimit: metaError(17, 'OAuthException', '(#17) User request limit reached', 2446079, true),
    accountRequestLimit: metaError(
      613,
      'OAuthException',
      '(#613) Calls to this api have exceeded the rate limit.',
      1487742,
      true,
    ),
  },
} as const satisfies Record<string, Record<string, ForcedResponse>>;

function metaError(
  code: number,
  type: string,
  message: string,
  subcode?: number,
  transient?: boolean,
): ForcedResponse {
  return {
    status: 400,
    body: {
      error: {
        message,
        type,
        code,
        ...(subcode === undefined ? {} : { error_subcode: subcode }),
        ...(transient === undefined ? {} : { is_transient: transient }),
        fbtrace_id: 'AUpsideEmulatorFault',
      },
    },
  };
}
