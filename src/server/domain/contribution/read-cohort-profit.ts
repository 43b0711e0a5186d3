import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type CohortInput, cohortEconomics } from '../../../core/profit/cohort-economics.ts';
import { contributionOf } from '../../../core/profit/contribution-of.ts';
import {
  COHORT_MINIMUM_CUSTOMERS,
  type CohortFigures,
  type CohortProfit,
} from '../../../shared/contracts/customers.ts';
import { minorToDecimal } from '../../../shared/money.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { adSpendRows } from '../metrics/ad-spend-rows.ts';
import { CreditRow, creditOfRow } from '../metrics/credit-of-row.ts';
import { findShop } from '../shop/read-shop.ts';

/** Shown on /customers under the cohort tables (decision 039). */
export const COHORT_PROFIT_RULE =
  'A customer joins the cohort of the month of their first order and the channel credited with it (last ' +
  'non-direct click, as on Campaigns). A customer is a Shopify customer record with a sale order, as in the ' +
  'RFM segments: a guest checkout cannot be recognised when it buys again, so guest orders count in the P&L ' +
  'but not as customers; their contribution is shown apart. LTV is the contribution ' +
  'margin before marketing of all their orders to date (net sales − cost of goods − shipping cost − payment ' +
  'fees, every refund counted with its order) per customer. CAC is ad spend ÷ new customers: every ' +
  "platform's spend of the month for a cohort, the channel's own platform's (Meta, Google Ads, TikTok) for " +
  'a channel; channels without tracked spend have no CAC. Payback is the ' +
  'first month (the first order’s month is month 1) in which the running contribution per customer reaches ' +
  `the CAC. Groups of fewer than ${COHORT_MINIMUM_CUSTOMERS} customers show no averages. For a channel, ` +
  'young cohorts have had fewer months, so its payback is a cautious one.';

const monthIndex = (day: string) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1;

interface Group {
  input: { customers: number; contributionByMonth: number[] };
  units: number;
  unitsWithCost: number;
}

const emptyGroup = (): Group => ({
  input: { customers: 0, contributionByMonth: [] },
  units: 0,
  unitsWithCost: 0,
});

const Row = CreditRow.extend({
  /** The one row of orders without a customer record (guest checkouts), if any. */
  guest: z.boolean(),
  cohort: z.string(),
  month: z.number(),
  customers: z.number(),
  gross_sales: z.string(),
  shipping_charges: z.string(),
  discounts: z.string(),
  cogs: z.string(),
  shipping: z.string(),
  payment_fees: z.string(),
  returns: z.string(),
  restocked_cogs: z.string(),
  units: z.string(),
  units_with_cost: z.string(),
  last_day: z.string(),
});

const SpendRow = z.object({
  month: z.string(),
  platform: z.string(),
  spend: z.string(),
  currency: z.string().nullable(),
});

/** The ad platform whose spend a first channel is charged (its own ads). */
const CHANNEL_PLATFORMS: Record<string, string> = {
  meta_ads: 'meta',
  google_ads: 'google_ads',
  tiktok_ads: 'tiktok_ads',
};

/**
 * GET /api/customers/cohort-profit: lifetime value in contribution margin per acquisition cohort
 * and per first channel, with CAC from ad spend (every platform's for a cohort, the channel's own
 * platform's for a channel), LTV:CAC and CAC payback (issue #13, decisions
 * 025 and 039), over the whole history: the cohort rollup's rows (decision 060), brought up to
 * the warehouse's version by the caller (`refreshContributionRollups`).
 */
export async function readCohortProfit(db: Db, workspaceId: string): Promise<CohortProfit> {
  const shop = await findShop(db, workspaceId);
  const digits = shop?.digits ?? 2;
  const [rows, spendRows] = await Promise.all([
    queryRows(
      db,
      Row,
      sql`SELECT guest, cohort, has_journey, utm_source, utm_medium, source_type, utm_campaign, first_source,
            first_medium, first_type, first_campaign, month, customers, gross_sales_minor::text AS gross_sales,
            shipping_charges_minor::text AS shipping_charges,
            discounts_minor::text AS discounts, cogs_minor::text AS cogs, shipping_minor::text AS shipping,
            payment_fees_minor::text AS payment_fees, returns_minor::text AS returns,
            restocked_cogs_minor::text AS restocked_cogs, units::text AS units,
            units_with_cost::text AS units_with_cost, last_day::text AS last_day
          FROM cohort_profit_rollup WHERE workspace_id = ${workspaceId}`,
    ),
    queryRows(
      db,
      SpendRow,
      // Every ad platform's spend (adSpendRows); a month in several currencies is not usable.
      sql`SELECT to_char(s.date, 'YYYY-MM') AS month, s.platform, sum(s.spend_minor)::text AS spend,
            string_agg(DISTINCT s.currency_code, ',') AS currency
          FROM ${adSpendRows(workspaceId)} s GROUP BY 1, 2`,
    ),
  ]);
  const asOf = rows.reduce<string | null>(
    (last, r) => (last === null || r.last_day > last ? r.last_day : last),
    null,
  );
  // Spend in another currency than the shop sells in cannot be set against its contribution.
  const spendUsable = spendRows.every((r) => r.currency === null || r.currency === shop?.currencyCode);
  // A cohort's month is charged every platform's spend of the month.
  const spendByMonth = new Map<string, number>();
  for (const r of spendRows) spendByMonth.set(r.month, (spendByMonth.get(r.month) ?? 0) + Number(r.spend));

  const cohorts = new Map<string, Group>();
  const channels = new Map<string, Group>();
  const all = emptyGroup();
  const guests = emptyGroup();
  for (const r of rows) {
    const parts = contributionOf({
      grossSales: Number(r.gross_sales),
      shippingCharges: Number(r.shipping_charges),
      discounts: Number(r.discounts),
      returns: Number(r.returns),
      cogs: Number(r.cogs) + Number(r.restocked_cogs),
      shipping: Number(r.shipping),
      paymentFees: Number(r.payment_fees),
    });
    if (r.guest) {
      addTo(guests, r, parts.contributionMargin);
      continue;
    }
    const channel = creditOfRow(r).channel;
    for (const [map, key] of [
      [cohorts, r.cohort],
      [channels, channel],
    ] as const) {
      const group = map.get(key) ?? emptyGroup();
      map.set(key, group);
      addTo(group, r, parts.contributionMargin);
    }
    addTo(all, r, parts.contributionMargin);
  }

  const money = (minor: number | null) => (minor === null ? null : minorToDecimal(minor, digits));
  const lastMonth = asOf === null ? 0 : monthIndex(asOf);
  const figures = (
    group: Group,
    spendMinor: number | null,
    firstMonth: number,
  ): Omit<CohortFigures, 'cohort'> => {
    const monthsObserved = lastMonth - firstMonth + 1;
    const byMonth = Array.from({ length: monthsObserved }, (_, i) => group.input.contributionByMonth[i] ?? 0);
    const input: CohortInput = { ...group.input, contributionByMonth: byMonth, spendMinor };
    const economics = cohortEconomics(input, COHORT_MINIMUM_CUSTOMERS);
    return {
      customers: group.input.customers,
      spend: money(spendMinor),
      cac: money(economics.cacMinor),
      ltv: money(economics.ltvMinor),
      ltvToCac: economics.ltvToCac,
      paybackMonths: economics.paybackMonths,
      payback: economics.payback,
      monthsObserved,
      coverage: coverageOf(group),
    };
  };
  const cohortKeys = [...cohorts.keys()].sort().reverse();
  const firstCohort = cohortKeys.at(-1);
  const monthSpend = (cohort: string) => (spendUsable ? (spendByMonth.get(cohort) ?? null) : null);
  const spentSince =
    spendUsable && firstCohort !== undefined
      ? spendRows.filter((r) => r.month >= firstCohort && monthIndex(`${r.month}-01`) <= lastMonth)
      : [];
  // A channel is charged its own platform's spend (Meta's for meta_ads, Google's, TikTok's).
  const platformSpend = (platform: string) => {
    const rows = spentSince.filter((r) => r.platform === platform);
    return rows.length > 0 ? rows.reduce((sum, r) => sum + Number(r.spend), 0) : null;
  };
  const contribution = all.input.contributionByMonth.reduce((sum, c) => sum + c, 0);
  return {
    hasData: shop !== null && rows.length > 0,
    currency: shop?.currencyCode ?? null,
    asOf,
    minimumCustomers: COHORT_MINIMUM_CUSTOMERS,
    rule: COHORT_PROFIT_RULE,
    lifetime: {
      customers: all.input.customers,
      contribution: minorToDecimal(contribution, digits),
      ltv:
        all.input.customers > 0
          ? minorToDecimal(Math.round(contribution / all.input.customers), digits)
          : null,
      coverage: coverageOf(all),
    },
    guests: {
      orders: guests.input.customers,
      contribution: minorToDecimal(guests.input.contributionByMonth[0] ?? 0, digits),
      coverage: coverageOf(guests),
    },
    cohorts: cohortKeys.map((cohort) => ({
      cohort,
      ...figures(cohorts.get(cohort)!, monthSpend(cohort), monthIndex(`${cohort}-01`)),
    })),
    channels: [...channels]
      .sort((a, b) => b[1].input.customers - a[1].input.customers || a[0].localeCompare(b[0]))
      .map(([channel, group]) => ({
        channel,
        ...figures(
          group,
          channel in CHANNEL_PLATFORMS ? platformSpend(CHANNEL_PLATFORMS[channel]!) : null,
          firstCohort === undefined ? lastMonth : monthIndex(`${firstCohort}-01`),
        ),
      })),
  };
}

function addTo(
  group: Group,
  row: { month: number; customers: number; units: string; units_with_cost: string },
  contributionMinor: number,
): void {
  const month = Number(row.month);
  group.input.customers += Number(row.customers);
  group.input.contributionByMonth[month] = (group.input.contributionByMonth[month] ?? 0) + contributionMinor;
  group.units += Number(row.units);
  group.unitsWithCost += Number(row.units_with_cost);
}

function coverageOf(group: Group) {
  return {
    unitsSold: group.units,
    unitsWithCost: group.unitsWithCost,
    share: group.units > 0 ? group.unitsWithCost / group.units : null,
  };
}
