import { z } from 'zod';
import { PROFIT_COMPARISONS, PROFIT_GRANULARITIES } from '../../../shared/contracts/profit.ts';
import { currencyDigitsOf, minorToDecimal, parseDecimalToMinor } from '../../../shared/money.ts';
import { keepContributionAnswer } from '../contribution/keep-contribution-answer.ts';
import { PRODUCT_ALLOCATION_RULE, readProductProfit } from '../contribution/read-product-profit.ts';
import { readDashboardKpis } from '../dashboard/read-dashboard.ts';
import { readInsights } from '../insights/read-insights.ts';
import { readProfitReport } from '../profit/read-profit-report.ts';
import { defineTool } from './tool-definition.ts';
import {
  checkPeriodEnd,
  periodDaysOf,
  periodInput,
  periodWindow,
  rangeInput,
  resolveRange,
} from './tool-window.ts';

/** Decision 010's P&L lines, as the Profit page explains them. */
const PROFIT_DEFINITIONS = {
  amounts: 'Exact decimal strings in the shop currency; the lines add up exactly.',
  netSales: 'grossSales − discounts − returns (returns on their refund day).',
  grossProfit: 'netSales − cogs (cost of goods sold at the cost in force on the order day).',
  contributionMargin: 'grossProfit − shipping − paymentFees − marketing (ad spend).',
  netProfit: 'contributionMargin − expenses (the owner’s fixed and recurring expenses).',
  estimated:
    'estimated.cogs is the part of COGS resting on the default margin: an estimate, not a known cost.',
  coverage: 'Share of sold units whose cost the owner or Shopify gave.',
};

export const getProfit = defineTool({
  name: 'get_profit',
  title: 'Profit and loss',
  description:
    'The P&L (gross sales → net profit, decision 010) of shop days from..to, by day, week or month, optionally compared with the previous period or the previous year. Same figures as GET /api/profit.',
  input: rangeInput({
    granularity: z.enum(PROFIT_GRANULARITIES).default('day').describe('Series bucket'),
    compare: z.enum(PROFIT_COMPARISONS).optional().describe('Comparison period'),
  }),
  permission: 'costs:read',
  async run({ deps, principal }, args) {
    const report = await readProfitReport(deps, principal.workspaceId, args);
    return {
      source: `/api/profit?from=${args.from}&to=${args.to}`,
      window: {
        from: report.from,
        to: report.to,
        ...(report.comparison
          ? { previousFrom: report.comparison.from, previousTo: report.comparison.to }
          : {}),
        timeZone: report.timeZone,
      },
      currency: report.currency,
      definitions: PROFIT_DEFINITIONS,
      data: report,
    };
  },
});

export const getKpis = defineTool({
  name: 'get_kpis',
  title: 'KPIs with comparison',
  description:
    'The Dashboard KPIs (net revenue, gross sales, refunds, orders, AOV, new and returning customers, ad spend, blended and Meta ROAS) over the complete shop days from..to you choose (default: the last 30), each against the same number of days before.',
  input: periodInput({}),
  permission: 'read',
  async run(context, args) {
    const { request, query, window } = await resolveRange(context, args);
    const { deps, principal } = context;
    const data = await readDashboardKpis(deps, principal.workspaceId, request, deps.clock());
    return {
      source: `/api/dashboard/kpis?${query}`,
      window: periodWindow(window),
      currency: data.currency,
      definitions: {
        money:
          'Exact decimal strings in major units of `currency` (e.g. "1234.50"); ad spend and each platform\'s amounts in adSpendCurrency.',
        changePercent: '(current − previous) ÷ previous × 100; null when previous is 0.',
        revenue: data.revenueRule,
        roas: 'Blended ROAS = net store revenue ÷ Meta ad spend; metaRoas = revenue credited to Meta ÷ Meta ad spend.',
      },
      data,
    };
  },
});

export const getProductContribution = defineTool({
  name: 'get_product_contribution',
  title: 'Product contribution',
  description:
    'Per product over shop days from..to: net sales, COGS, shipping and fees allocated, contribution and cost coverage (GET /api/products/profit).',
  input: rangeInput({}),
  permission: 'costs:read',
  async run({ deps, principal }, { from, to }) {
    const data = await keepContributionAnswer(deps, 'products', principal.workspaceId, [from, to], () =>
      readProductProfit(deps.db, principal.workspaceId, { from, to }),
    );
    return {
      source: `/api/products/profit?from=${from}&to=${to}`,
      window: { from, to, timeZone: null },
      currency: data.currency,
      definitions: {
        amounts: 'Exact decimal strings in the shop currency.',
        allocation: PRODUCT_ALLOCATION_RULE,
      },
      data,
    };
  },
});

/** Insight kinds that say what drove a change: products, channels and customer segments. */
const DRIVER_KINDS = new Set([
  'product_mover',
  'channel_mover',
  'segment_mover',
  'segment_shift',
  'revenue_anomaly',
]);

export const explainChange = defineTool({
  name: 'explain_change',
  title: 'Explain a change',
  description:
    'Why revenue changed between the last 7, 30 or 90 complete shop days and the same number of days before: the period’s net revenue beside the previous one, and the products, channels and customer segments that moved most (the AI Insights page’s movers, ranked by money at stake).',
  input: periodInput({}),
  permission: 'read',
  async run(context, args) {
    const periodDays = periodDaysOf('explain_change', args);
    const { deps, principal } = context;
    const insights = await readInsights(deps, principal.workspaceId, { period: periodDays }, deps.clock());
    // The insights are the latest analysis run's: their window ends on the run's as-of day.
    const window =
      insights.periodStart && insights.asOf ? { start: insights.periodStart, end: insights.asOf } : null;
    checkPeriodEnd('explain_change', args, window);
    const drivers = insights.insights.filter((insight) => DRIVER_KINDS.has(insight.kind));
    return {
      source: `/api/insights?period=${periodDays}`,
      window: window ? { from: window.start, to: window.end, timeZone: insights.timeZone } : null,
      currency: insights.currency,
      definitions: {
        revenue:
          'Net revenue (orders on their day, refunds on theirs) in the shop currency: exact decimal strings in major units.',
        impact: 'Money at stake of each driver, absolute, shop currency.',
        drivers: 'Computed by Upside’s models from the store’s data; no outside service.',
      },
      data: {
        period: insights.period,
        asOf: insights.asOf,
        revenue: insights.revenue,
        change:
          insights.revenue && insights.currency ? revenueChangeOf(insights.revenue, insights.currency) : null,
        drivers,
      },
    };
  },
});

/** current − previous of two wire amounts, exact, as a wire amount. */
function revenueChangeOf(revenue: { current: string; previous: string }, currency: string): string {
  const digits = currencyDigitsOf(currency);
  return minorToDecimal(
    parseDecimalToMinor(revenue.current, digits) - parseDecimalToMinor(revenue.previous, digits),
    digits,
  );
}
