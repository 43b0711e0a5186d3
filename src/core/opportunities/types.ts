/**
 * Shapes of the opportunity detectors (design §6). A detector is a pure function from warehouse
 * facts and model outputs (plain objects) to candidates; the analysis run stores them and keeps an
 * opportunity's status across runs by its identity (type, subjectKey).
 */

export const OPPORTUNITY_TYPES = [
  'restock_before_stockout',
  'stockout_lost_revenue',
  'win_back_customers',
  'scale_campaign',
  'cut_campaign',
  'fix_attribution_gap',
  'ad_spend_out_of_stock',
  'revenue_anomaly',
  'second_order_conversion',
  'free_shipping_threshold',
  'bundle_products',
  'refresh_creative',
  'reallocate_ad_budget',
] as const;

export type OpportunityType = (typeof OPPORTUNITY_TYPES)[number];
export type OpportunityPriority = 'high' | 'medium' | 'low';
export type EffortLevel = 'Low' | 'Medium' | 'High';

/** One fact behind a candidate, kept as a number with its unit so the UI formats it. */
export interface EvidenceFact {
  label: string;
  value: number | string;
  unit?: 'currency' | 'percent' | 'count' | 'days' | 'ratio' | 'text';
}

export interface OpportunityEvidence {
  /** How the impact range was derived, in one or two sentences. */
  method: string;
  facts: EvidenceFact[];
}

/** What a detector proposes. Money in the shop currency, major units, over the next 30 days. */
export interface OpportunityCandidate {
  type: OpportunityType;
  /** The subject the opportunity is about (product id, campaign id, segment, channel, 'store'). */
  subjectKey: string;
  title: string;
  description: string;
  priority: OpportunityPriority;
  revenueImpactMin: number;
  revenueImpactMax: number;
  /** 0–1. */
  confidenceScore: number;
  effortLevel: EffortLevel;
  evidence: OpportunityEvidence;
  /**
   * Key of the metric that implementing should move (see {@link metricKey}); the run records its
   * value at implementation as the baseline and later runs report the change.
   */
  metricKey: string;
  /**
   * The contribution the action adds over the same 30 days, when the detector priced it in
   * contribution margin itself (bundles, refreshed creatives: decision 127); otherwise
   * `profitImpactOf` derives it.
   */
  profitImpact?: { min: number; max: number };
}

/** What every detector needs to know about the store as a whole. */
export interface DetectorContext {
  /** Last day of data, 'YYYY-MM-DD'. */
  asOf: string;
  currency: string;
  /** Store revenue over the 30 days up to asOf (sets what "high priority" means for this store). */
  revenueLast30Days: number;
}
