import type { CampaignProfitFigures, CampaignRow } from '../../../shared/contracts/campaigns.ts';
import { majorToDecimal, minorToDecimal } from '../../../shared/money.ts';

/**
 * Campaign Performance's amounts on the wire (decision 146). The read computes in integer minor
 * units — sums, ROAS, POAS, CAC and the verdict all come from them — and each amount is written
 * once, here, as an exact decimal string: spend and the platform's claimed value in the ad
 * account's digits, everything the store or GA4 says in the shop's. Each field is named, so no
 * internal figure reaches the API or the MCP tool by accident.
 */
export interface MoneyDigits {
  shop: number;
  account: number;
}

/** Profit of the credited orders (decision 025), minor units of the shop currency. */
export interface ProfitMinor {
  contributionMinor: number;
  poas: number | null;
  customers: number;
  newCustomers: number;
  cacMinor: number | null;
  newCustomerCacMinor: number | null;
  unitsSold: number;
  unitsWithCost: number;
}

/** A campaign's or the Meta channel's figures, minor units. */
export interface FiguresMinor extends ProfitMinor {
  spendMinor: number;
  impressions: number;
  clicks: number;
  ctr: number | null;
  cpc: number | null;
  reportedPurchases: number;
  reportedPurchaseValueMinor: number;
  verifiedOrders: number;
  verifiedRevenueMinor: number;
  refundsMinor: number;
  netRevenueMinor: number;
  roas: number | null;
  matchRate: number | null;
  firstPartyOrders: number;
  firstPartyRevenueMinor: number;
  ga4ReportedRevenueMinor: number | null;
}

type FiguresOnTheWire = Omit<
  CampaignRow,
  'campaignId' | 'name' | 'status' | 'objective' | 'label' | 'daily' | 'opportunities'
>;

const orNull = (minor: number | null, digits: number) =>
  minor === null ? null : minorToDecimal(minor, digits);

export function profitOnTheWire(p: ProfitMinor, digits: MoneyDigits): CampaignProfitFigures {
  return {
    contribution: minorToDecimal(p.contributionMinor, digits.shop),
    poas: p.poas,
    customers: p.customers,
    newCustomers: p.newCustomers,
    cac: orNull(p.cacMinor, digits.shop),
    newCustomerCac: orNull(p.newCustomerCacMinor, digits.shop),
    unitsSold: p.unitsSold,
    unitsWithCost: p.unitsWithCost,
  };
}

export function figuresOnTheWire(f: FiguresMinor, digits: MoneyDigits): FiguresOnTheWire {
  return {
    spend: minorToDecimal(f.spendMinor, digits.account),
    impressions: f.impressions,
    clicks: f.clicks,
    ctr: f.ctr,
    // Spend per click, an average in major units: rounded once to the account's minor unit.
    cpc: f.cpc === null ? null : majorToDecimal(f.cpc, digits.account),
    reportedPurchases: f.reportedPurchases,
    reportedPurchaseValue: minorToDecimal(f.reportedPurchaseValueMinor, digits.account),
    verifiedOrders: f.verifiedOrders,
    verifiedRevenue: minorToDecimal(f.verifiedRevenueMinor, digits.shop),
    refunds: minorToDecimal(f.refundsMinor, digits.shop),
    netRevenue: minorToDecimal(f.netRevenueMinor, digits.shop),
    roas: f.roas,
    matchRate: f.matchRate,
    ...profitOnTheWire(f, digits),
    firstPartyOrders: f.firstPartyOrders,
    firstPartyRevenue: minorToDecimal(f.firstPartyRevenueMinor, digits.shop),
    ga4ReportedRevenue: orNull(f.ga4ReportedRevenueMinor, digits.shop),
  };
}
