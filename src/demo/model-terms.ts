/**
 * The demo model's shared terms: presets, the channels an order can come from, the customer-process
 * parameters and the first-party join methods. Used by the store model (model.ts), its ground
 * truth (truth-model.ts) and the generator.
 */

/**
 * `causal` is the small store with ad-driven acquisition on top (decision 136): every paid channel's
 * spend follows planned flights and causes orders through a planted adstock and saturation, and a
 * geo test lifts some shipping regions' orders by a known share.
 */
export type PresetName = 'small' | 'medium' | 'large' | 'custom' | 'causal';

/** Channel that brought a visit (and the order that followed it). */
export type DemoChannel =
  | 'meta_ads'
  | 'google_ads'
  | 'google_organic'
  | 'email'
  | 'direct'
  | 'referral'
  | 'tiktok_ads';

/**
 * Every channel an order can come from. TikTok comes last: customers' and guests' orders draw
 * their channel from the first six (generator/context.ts), TikTok's orders are planted apart from
 * the TikTok account's spend (generator/plan-tiktok-orders.ts, decision 131).
 */
export const DEMO_CHANNELS: readonly DemoChannel[] = [
  'meta_ads',
  'google_ads',
  'google_organic',
  'email',
  'direct',
  'referral',
  'tiktok_ads',
];

/** BG/NBD purchase-process parameters; time unit: weeks. */
export interface BgNbdParams {
  r: number;
  alpha: number;
  a: number;
  b: number;
}

/** Gamma-Gamma spend parameters (p, q, gamma) in shop-currency major units per order. */
export interface GammaGammaParams {
  p: number;
  q: number;
  gamma: number;
}

/** How a first-party session can be joined to its order, in the join's order of preference. */
export type DemoJoinMethod = 'visitor_id' | 'checkout_token' | 'landing_utm' | 'email_hash';
