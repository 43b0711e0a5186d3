/**
 * Typed failures of an upstream call. `message` is written for a store owner (it reaches the UI
 * verbatim); `detail` keeps the vendor's own text for logs and debugging, never a secret.
 */
export type UpstreamProvider = 'shopify' | 'ga4' | 'meta' | 'google-ads' | 'tiktok-ads';

export type UpstreamErrorKind =
  /** credentials rejected (Shopify 401, GA4 invalid_grant/401, Meta 190) */
  | 'auth'
  /** credentials fine but a permission / scope is missing (Meta 200, GA4 403, Shopify ACCESS_DENIED) */
  | 'permission'
  /** the upstream keeps rate limiting us after our retries */
  | 'rate_limited'
  /** the thing asked for does not exist (unknown shop, property, ad account) */
  | 'not_found'
  /** we sent something the upstream refused (bad field, bad parameter) */
  | 'bad_request'
  /** 5xx after retries */
  | 'unavailable'
  /** no answer within the timeout, after retries */
  | 'timeout'
  /** connection refused, DNS failure, TLS failure… */
  | 'network'
  /** answered, but not in the shape the contract promises */
  | 'invalid_response';

export const PROVIDER_LABEL: Record<UpstreamProvider, string> = {
  shopify: 'Shopify',
  ga4: 'Google Analytics',
  meta: 'Meta',
  'google-ads': 'Google Ads',
  'tiktok-ads': 'TikTok Ads',
};

export interface UpstreamErrorInit {
  provider: UpstreamProvider;
  kind: UpstreamErrorKind;
  message: string;
  status?: number | undefined;
  /** vendor error code (Meta `code`, GA4 `status`, Shopify `extensions.code`). */
  upstreamCode?: string | number | undefined;
  detail?: string | undefined;
}

export class UpstreamError extends Error {
  override name = 'UpstreamError';
  readonly provider: UpstreamProvider;
  readonly kind: UpstreamErrorKind;
  readonly status: number | undefined;
  readonly upstreamCode: string | number | undefined;
  readonly detail: string | undefined;

  constructor(init: UpstreamErrorInit) {
    super(init.message);
    this.provider = init.provider;
    this.kind = init.kind;
    this.status = init.status;
    this.upstreamCode = init.upstreamCode;
    this.detail = init.detail;
  }
}

/** Generic owner-facing text per kind; connectors pass more precise text when they know more. */
export function describeUpstreamFailure(provider: UpstreamProvider, kind: UpstreamErrorKind): string {
  const name = PROVIDER_LABEL[provider];
  switch (kind) {
    case 'auth':
      return `${name} rejected the credentials. Check that they are correct and still active.`;
    case 'permission':
      return `${name} accepted the credentials but they lack a required permission.`;
    case 'rate_limited':
      return `${name} is rate limiting requests right now. Please try again in a few minutes.`;
    case 'not_found':
      return `${name} could not find the requested account or store. Check the identifier you entered.`;
    case 'bad_request':
      return `${name} refused the request.`;
    case 'unavailable':
      return `${name} is temporarily unavailable. Please try again in a few minutes.`;
    case 'timeout':
      return `${name} did not answer in time. Please try again in a moment.`;
    case 'network':
      return `Could not reach ${name}. Check the address and your network connection.`;
    case 'invalid_response':
      return `${name} sent a response Upside does not understand.`;
  }
}
