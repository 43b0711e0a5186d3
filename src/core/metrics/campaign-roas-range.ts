import { poissonInterval } from '../opportunities/poisson-interval.ts';
import { computeRoas } from './compute-roas.ts';

/** A campaign's ROAS and its 80 % range. */
export interface RoasRange {
  roas: number;
  low: number;
  high: number;
}

/**
 * A campaign's store-verified ROAS with the 80 % range that its number of verified orders allows.
 *
 * Definition: ROAS = netRevenue / spend; low/high = ROAS·(Poisson 80 % bounds of n)/n for n
 * verified orders (0 … ROAS·high/n bounds when n = 0 give low = high = 0). Null without spend.
 * Why: 4 orders can make a campaign look like a winner by luck; 400 cannot.
 */
export function campaignRoasRange(
  netRevenue: number,
  spend: number,
  verifiedOrders: number,
): RoasRange | null {
  const roas = computeRoas(netRevenue, spend);
  if (roas === null) return null;
  if (verifiedOrders <= 0) return { roas, low: 0, high: 0 };
  const interval = poissonInterval(verifiedOrders);
  return { roas, low: (roas * interval.low) / verifiedOrders, high: (roas * interval.high) / verifiedOrders };
}
