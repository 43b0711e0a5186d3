/** Where a unit cost came from (decision 010): the owner (manual entry or CSV import), Shopify, or the default margin. */
export type CostSource = 'manual' | 'import' | 'shopify' | 'default_margin';

/** One dated cost period of a variant in the cost ledger (integer minor units, shop day). */
export interface CostPeriod {
  id: number;
  costMinor: number;
  effectiveFrom: string;
  source: Exclude<CostSource, 'default_margin'>;
  /** ISO instant the period was entered; breaks ties between periods of one day. */
  createdAt: string;
}

/** A unit cost chosen for a line. */
export interface ResolvedCost {
  unitCostMinor: number;
  source: CostSource;
  /** True for a default-margin guess: not counted as cost coverage. */
  estimated: boolean;
}
