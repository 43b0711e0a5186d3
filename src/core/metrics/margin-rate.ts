/**
 * A margin as a fraction of net sales: gross margin (gross profit ÷ net sales) or contribution
 * margin rate (contribution ÷ net sales).
 *
 * Definition (decision 025): profit ÷ net sales, null when net sales are zero or negative (a
 * product whose returns exceed its sales has no meaningful margin rate; its profit says it all).
 *
 * @example marginRate(3_099, 5_099) // 0.6078
 */
export function marginRate(profitMinor: number, netSalesMinor: number): number | null {
  return netSalesMinor > 0 ? profitMinor / netSalesMinor : null;
}
