/** Shapes of geo lift tests (`src/core/measurement`). */

/** One order with the region it shipped to. */
export interface RegionalOrder {
  date: string;
  region: string;
  total: number;
}

/** A region of the synthetic control and its weight (weights sum to 1). */
export interface RegionWeight {
  region: string;
  weight: number;
}

export interface GeoLiftReadout {
  status: 'read';
  /**
   * Relative lift of the test regions' orders over their synthetic control (0.1 = +10 %); revenue
   * is taken to move with orders (incrementalRevenue = actualRevenue × lift/(1 + lift)).
   */
  lift: number;
  liftLow: number;
  liftHigh: number;
  /** Share of the cyclic windows whose |lift| is at least the test window's (permutation test of no lift). */
  pValue: number;
  actualRevenue: number;
  counterfactualRevenue: number;
  incrementalRevenue: number;
  incrementalRevenueLow: number;
  incrementalRevenueHigh: number;
  incrementalOrders: number;
  incrementalOrdersLow: number;
  incrementalOrdersHigh: number;
  /** incrementalRevenue × margin, when a margin was given. */
  incrementalContribution: { mean: number; low: number; high: number } | null;
  /** Incremental revenue per unit of test spend, when the spend was given. */
  roas: { mean: number; low: number; high: number } | null;
  weights: RegionWeight[];
  /** MAPE of the synthetic control over the pre-period. */
  preFitMape: number;
  /** Windows the permutation test ranks the test window among (every day of pre-period and test). */
  placebos: number;
}

export type GeoLiftResult = GeoLiftReadout | { status: 'too_thin'; reasons: string[] };
