/** Visitors and conversions of one arm of an experiment. */
export interface ProportionCounts {
  visitors: number;
  conversions: number;
}

/** One arm as the owner entered it: revenue is in the shop currency's major units. */
export interface VariantCounts extends ProportionCounts {
  name: string;
  revenue: number;
}
