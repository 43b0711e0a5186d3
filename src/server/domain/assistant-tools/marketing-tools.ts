import { z } from 'zod';
import { AttributionModelSchema } from '../../../shared/contracts/first-party.ts';
import { OpportunitySortSchema } from '../../../shared/contracts/opportunities.ts';
import { findLatestRun } from '../analysis-runs/read-analytics.ts';
import { readCampaignPerformance } from '../campaigns/read-campaigns.ts';
import { readFirstPartyAttribution } from '../journeys/read-first-party-attribution.ts';
import { readChannelAttribution } from '../metrics/read-channel-attribution.ts';
import { readOpportunitiesOfRun } from '../opportunities/manage-opportunities.ts';
import { defineTool } from './tool-definition.ts';
import { periodInput, periodWindow, resolvePeriod, resolveRange } from './tool-window.ts';

export const getCampaigns = defineTool({
  name: 'get_campaigns',
  title: 'Ad spend and ROAS per campaign',
  description:
    'Campaign Performance: per ad campaign the spend, store-verified revenue, ROAS, contribution and POAS over the complete shop days from..to you choose (default: the last 30), with totals, MER and profit per channel.',
  input: periodInput({}),
  permission: 'read',
  async run(context, args) {
    const { request, query, window } = await resolveRange(context, args);
    const { deps, principal } = context;
    const data = await readCampaignPerformance(deps, principal.workspaceId, request, deps.clock());
    return {
      source: `/api/campaigns?${query}`,
      window: periodWindow(window),
      currency: data.shopCurrency?.code ?? null,
      definitions: {
        money:
          'Amounts are exact decimal strings in major units of shopCurrency; spend and reportedPurchaseValue of the Meta rows and totals in accountCurrency.',
        attribution: data.attributionRule,
        profit: data.profitRule,
        mer: 'All store revenue net of refunds ÷ all ad spend over the period.',
      },
      data,
    };
  },
});

export const getChannelAttribution = defineTool({
  name: 'get_channel_attribution',
  title: 'Revenue and ROAS per channel',
  description:
    'Store revenue credited to each channel (Meta, Google, organic, direct …) with spend and ROAS per platform over the last 7, 30 or 90 complete shop days (the Dashboard’s attribution table).',
  input: periodInput({}),
  permission: 'read',
  async run(context, args) {
    const { periodDays, window } = await resolvePeriod('get_channel_attribution', context, args);
    const { deps, principal } = context;
    const data = await readChannelAttribution(deps, principal.workspaceId, periodDays, deps.clock());
    return {
      source: `/api/analytics/attribution?period=${periodDays}`,
      window: periodWindow(window),
      currency: window?.currency ?? null,
      definitions: {
        revenue: 'Store-verified revenue net of refunds credited by last non-direct click, shop currency.',
        roas: 'Credited revenue ÷ the platform’s ad spend; null without spend.',
      },
      data,
    };
  },
});

export const getAttribution = defineTool({
  name: 'get_attribution',
  title: 'Attribution by model',
  description:
    'First-party attribution of the store’s orders to channels by one of seven models (first touch, last touch, last non-direct, linear, time decay, position based, data-driven Markov) over the tracker’s joined journeys, beside the store’s, GA4’s and Meta’s own figures.',
  input: periodInput({
    model: AttributionModelSchema.default('last-non-direct').describe('Attribution model'),
  }),
  permission: 'read',
  async run(context, args) {
    const { periodDays, window } = await resolvePeriod('get_attribution', context, args);
    const { deps, principal } = context;
    const data = await readFirstPartyAttribution(
      deps,
      principal.workspaceId,
      { period: periodDays, model: args.model },
      deps.clock(),
    );
    return {
      source: `/api/attribution/first-party?period=${periodDays}&model=${args.model}`,
      window: periodWindow(window),
      currency: window?.currency ?? null,
      definitions: {
        model: `Credit split by the ${args.model} model over each joined order's sessions (30 days back).`,
        coverage: 'Only orders joined to a tracked journey are attributed; the rest are counted as unjoined.',
      },
      data,
    };
  },
});

export const getOpportunities = defineTool({
  name: 'get_opportunities',
  title: 'Opportunities with profit impact',
  description:
    'Revenue opportunities found by the latest analysis: what to change, the revenue and profit impact range, confidence, and why an action would lose money; ranked by upper revenue or profit impact.',
  input: z.strictObject({
    sort: OpportunitySortSchema.default('revenue').describe('Rank by upper revenue or profit impact'),
  }),
  permission: 'read',
  async run({ deps, principal }, { sort }) {
    const run = await findLatestRun(deps, principal.workspaceId);
    const data = run ? await readOpportunitiesOfRun(deps.db, principal.workspaceId, run, sort) : [];
    return {
      source: `/api/opportunities?sort=${sort}`,
      window: run?.asOf ? { from: run.asOf, to: run.asOf, timeZone: null } : null,
      currency: run?.currencyCode ?? null,
      definitions: {
        impact:
          'revenueImpactMin/Max: estimated revenue over the next 30 days; profitImpactMin/Max: the contribution (before marketing) it should add over the same days; baselineValue, realisedImpact and measuredValue: the tracked metric at Implement, its change since and its value at the latest measurement; exact decimal strings in the shop currency, each estimate rounded once to the minor unit.',
        profitNote: 'Set when the action would lose money; such opportunities never rank above low.',
        asOf: 'The analysis run’s last day of data.',
      },
      data,
    };
  },
});
