import type { UpstreamErrorKind } from '../http/upstream-error.ts';

/**
 * TikTok return codes (contracts/external-apis-2.md §2.3; all third-party sourced) → what they mean
 * for the owner and the fix. Rate-limit and 5xxxx codes are retried before they get here.
 */
export interface TikTokFailure {
  kind: UpstreamErrorKind;
  reason: string;
  message: string;
}

export const TIKTOK_RATE_LIMIT_CODES = new Set([40100, 40016, 40133, 40132]);

export function isTikTokServerCode(code: number): boolean {
  return code >= 50000 && code < 60000;
}

export function describeTikTokFailure(code: number, vendorMessage: string): TikTokFailure {
  const reason = `${code}${vendorMessage ? ` ${vendorMessage}` : ''}`;
  if (TIKTOK_RATE_LIMIT_CODES.has(code))
    return {
      kind: 'rate_limited',
      reason,
      message: `TikTok is limiting how often Upside may ask (code ${code}). Fix: nothing to change; Upside syncs again later. If it persists, ask TikTok for a higher rate limit for your app.`,
    };
  if (code === 40102 || code === 40104 || code === 40105)
    return {
      kind: 'auth',
      reason,
      message: `TikTok rejected the access token (code ${code}). Fix: authorise the app again in TikTok Ads Manager and paste the new long-term access token.`,
    };
  if (code === 40001)
    return {
      kind: 'permission',
      reason,
      message: `The access token has no permission for this advertiser (code 40001). Fix: check the advertiser id, and that the app was authorised for this ad account with the Reporting scope.`,
    };
  if (isTikTokServerCode(code))
    return {
      kind: 'unavailable',
      reason,
      message: `TikTok had a server error (code ${code}). Fix: try again later.`,
    };
  return {
    kind: 'bad_request',
    reason,
    message: `TikTok refused the request (code ${code}${vendorMessage ? `: ${vendorMessage}` : ''}). Fix: check the advertiser id.`,
  };
}
