import { z } from 'zod';

/** How a vendor call failed (`connectors/http`): the API answers `upstream_<kind>`. */
export const UPSTREAM_ERROR_KINDS = [
  'auth',
  'permission',
  'rate_limited',
  'not_found',
  'bad_request',
  'unavailable',
  'timeout',
  'network',
  'invalid_response',
] as const;

/**
 * Every machine code the API sends in its error envelope (decision 014). The server's `AppError`
 * takes only these, so a new code is added here first and the SPA can branch on it.
 */
export const ERROR_CODES = [
  // request and session
  'bad_request',
  'validation_failed',
  'invalid_json',
  'body_too_large',
  'unsupported_media_type',
  'not_found',
  'unauthorized',
  'forbidden',
  'cross_site_request',
  'rate_limited',
  'internal',
  // sign-in
  'invalid_state',
  'invalid_callback',
  // credentials (spec §5 validation) and connections
  'missing_information',
  'missing_domain',
  'invalid_domain',
  'missing_property_id',
  'missing_service_account',
  'invalid_property_id',
  'invalid_service_account',
  'not_connected',
  'shopify_not_connected',
  'ga_not_connected',
  'meta_not_connected',
  'source_not_connected',
  'no_sources_connected',
  'credentials_unreadable',
  'demo_off',
  ...UPSTREAM_ERROR_KINDS.map((kind) => `upstream_${kind}` as const),
  // pages
  'missing_order_name',
  'product_not_found',
  // cursor-event ingestion
  'too_many_events',
  'invalid_tracking_key',
  'origin_not_allowed',
  'tracking_inactive',
  // API tokens (decision 019)
  'read_only_token',
  // Shopify webhooks (issue #15, decision 030)
  'invalid_hmac',
  'unknown_shop',
  'invalid_webhook',
  // costs settings (issue #13)
  'shop_not_synced',
  'csv_invalid',
  'recalculation_running',
  // forecast closures (issue #20.2)
  'no_forecast',
  // notifications (issue #14)
  'unsafe_target',
  'invalid_unsubscribe_link',
  // members, invitations and roles (issue #17, decision 055)
  'last_owner',
  'already_member',
  'invitation_unusable',
  'invitation_for_someone_else',
  // built-in accounts (issue #38, decision 094)
  'password_accounts_off',
  'owner_exists',
  'weak_password',
  'wrong_password',
  'account_locked',
  'two_factor_required',
  'wrong_two_factor_code',
  'two_factor_not_started',
  'link_unusable',
  // exchange rates (issue #17 item 1, decision 067)
  'rates_unreachable',
  // Ask Upside (issue 42)
  'assistant_not_configured',
  // e-mail verification of password accounts (issue #38)
  'not_a_password_account',
  'already_verified',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];
export const ErrorCodeSchema = z.enum(ERROR_CODES);

/** Every error response of the API: a readable sentence and a stable machine code. */
export const ErrorEnvelopeSchema = z.object({
  message: z.string().min(1),
  code: ErrorCodeSchema,
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;
