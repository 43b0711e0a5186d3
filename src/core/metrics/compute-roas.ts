/**
 * Return on ad spend: revenue per unit of spend, both in the same currency.
 *
 * Definition (decision 011): revenue / spend; null when there is no spend (a ratio over nothing
 * does not exist). Which revenue makes which ROAS: store-verified revenue credited to the platform,
 * net of refunds → "Meta-attributed ROAS"; the store's whole net revenue → "Blended ROAS"; the
 * platform's own purchase value → "Meta-reported ROAS". Callers name the one they compute.
 *
 * @example computeRoas(300, 100) // 3
 */
export function computeRoas(revenue: number, spend: number): number | null {
  return spend > 0 ? revenue / spend : null;
}
