import { z } from 'zod';
import {
  findLatestRun,
  type LatestRun,
  NO_REVENUE_FORECAST,
  readCohortRetentionOfRun,
  readRevenueForecastOfRun,
  readStockImpactOfRun,
} from '../analysis-runs/read-analytics.ts';
import { readCustomersSummary } from '../customers/read-customers.ts';
import { defineTool, type ToolAnswer, type ToolContext } from './tool-definition.ts';

const NO_ARGUMENTS = z.strictObject({});

/** The answer of a read from the latest analysis run's snapshot, as of its last day of data. */
async function fromLatestRun<T>(
  { deps, principal }: ToolContext,
  source: string,
  definitions: Record<string, string>,
  empty: T,
  read: (run: LatestRun) => Promise<T>,
): Promise<ToolAnswer> {
  const run = await findLatestRun(deps, principal.workspaceId);
  return {
    source,
    window: run?.asOf ? { from: run.asOf, to: run.asOf, timeZone: null } : null,
    currency: run?.currencyCode ?? null,
    definitions: { asOf: 'The latest analysis run’s last day of data (window.to).', ...definitions },
    data: run ? await read(run) : empty,
  };
}

export const getCustomerSegments = defineTool({
  name: 'get_customer_segments',
  title: 'Customers by segment, churn and CLV',
  description:
    'RFM customer segments from the latest analysis: customers and revenue share per segment, churn probability and 12-month CLV (when the lifetime models could be fitted), the churn distribution and the models’ fit.',
  input: NO_ARGUMENTS,
  permission: 'read',
  async run({ deps, principal }) {
    const data = await readCustomersSummary(deps, principal.workspaceId);
    return {
      source: '/api/customers/summary',
      window: null,
      currency: data.currency,
      definitions: {
        money: 'Major units of the shop currency, as the analysis snapshot stores them.',
        churn: 'Probability the customer has stopped buying (BG/NBD); an estimate.',
        clv: 'Expected revenue over the next 12 months (Gamma-Gamma × BG/NBD); an estimate.',
      },
      data,
    };
  },
});

export const getCohorts = defineTool({
  name: 'get_cohorts',
  title: 'Cohort retention',
  description:
    'Weekly cohort retention from the latest analysis: the share of each first-order cohort buying again, by week since the first order.',
  input: NO_ARGUMENTS,
  permission: 'read',
  run: (context) =>
    fromLatestRun(
      context,
      '/api/analytics/cohort-retention',
      { retentionRate: 'Percent (0–100) of customers of the cohorts that ordered again in that week.' },
      [],
      (run) => readCohortRetentionOfRun(context.deps.db, run),
    ),
});

export const getForecast = defineTool({
  name: 'get_forecast',
  title: 'Revenue forecast',
  description:
    'The revenue forecast of the latest analysis: daily history and forecast with 80 % and 95 % bands, and the model’s measured accuracy.',
  input: NO_ARGUMENTS,
  permission: 'read',
  run: (context) =>
    fromLatestRun(
      context,
      '/api/analytics/revenue-forecast',
      {
        forecast: 'An estimate: value with lo80/hi80 and lo95/hi95 bands, shop currency, major units.',
        accuracy: 'MASE, sMAPE and WAPE of the model on held-out days.',
      },
      NO_REVENUE_FORECAST,
      (run) => readRevenueForecastOfRun(context.deps.db, run),
    ),
});

export const getStockouts = defineTool({
  name: 'get_stockouts',
  title: 'Stock-outs and their cost',
  description:
    'Variants out of stock or about to run out, from the latest analysis, with the revenue lost or at risk.',
  input: NO_ARGUMENTS,
  permission: 'read',
  run: (context) =>
    fromLatestRun(
      context,
      '/api/analytics/stock-impact',
      {
        revenue:
          'estimatedLoss: lost or at-risk revenue in the shop currency, an exact decimal string; an estimate from recent sales velocity, rounded once to the minor unit.',
      },
      [],
      (run) => readStockImpactOfRun(context.deps.db, run),
    ),
});
