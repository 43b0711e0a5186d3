/**
 * Plain input shapes shared by the core models. Dates are shop-local calendar dates
 * 'YYYY-MM-DD'; money is a plain number in major units (e.g. 12.34) — sums inside core use a
 * compensated sum so they do not drift.
 */

/** One purchase. Several on one day by one customer count as one transaction in the lifetime models. */
export interface Transaction {
  customerId: string;
  date: string;
  amount: number;
}

/** One value per calendar day (missing days are zero). */
export interface DailyPoint {
  date: string;
  value: number;
}

/** A customer journey with its outcomes: `conversions` paths ended in a purchase, `nulls` did not. */
export interface JourneyPath {
  path: string[];
  conversions: number;
  value: number;
  nulls: number;
}

/** Units available of a product at the end of a day. */
export interface InventorySnapshot {
  date: string;
  productId: string;
  available: number;
}

/** Units (and revenue) sold of a product on a day. */
export interface ProductSale {
  date: string;
  productId: string;
  units: number;
  revenue: number;
}
