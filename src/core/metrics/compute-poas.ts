/**
 * Profit on ad spend: contribution before marketing per unit of ad spend, both in the shop currency.
 *
 * Definition (decision 025): POAS = contribution margin before marketing of the orders credited
 * to a campaign or channel (`contributionOf`: net sales − COGS − shipping cost − payment fees)
 * ÷ its ad spend; null without spend. POAS 1 is break-even: below 1 every unit spent returns less
 * than a unit of contribution, so the spend loses money even when ROAS looks healthy.
 *
 * @example computePoas(150, 100) // 1.5
 */
export function computePoas(contributionMinor: number, spendMinor: number): number | null {
  return spendMinor > 0 ? contributionMinor / spendMinor : null;
}
