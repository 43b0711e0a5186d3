/**
 * The floors below which a pair or a first product is noise, not a finding (decision 116): a
 * pair seen together in fewer orders, or a first product with fewer customers, is not ranked.
 * Lift of rare products is extreme by chance (two products bought once, together, have a lift of
 * N), so both a count and a support floor apply.
 */
export const BASKET_THRESHOLDS = {
  /** A pair must be bought together in at least this many orders. */
  minPairOrders: 10,
  /** …and in at least this share of the window's orders. */
  minPairSupport: 0.001,
  /** A first product needs at least this many first-time customers. */
  minFirstCustomers: 10,
  /** Days after the first order whose contribution counts toward contribution180d. */
  horizonDays: 180,
} as const;
