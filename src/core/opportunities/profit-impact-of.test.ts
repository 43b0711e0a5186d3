import { describe, expect, it } from 'vitest';
import { campaignRoasRange } from '../metrics/campaign-roas-range.ts';
import { profitImpactOf } from './profit-impact-of.ts';
import type { OpportunityCandidate } from './types.ts';

const candidate = (over: Partial<OpportunityCandidate>): OpportunityCandidate => ({
  type: 'win_back_customers',
  subjectKey: 'at_risk',
  title: 't',
  description: 'd',
  priority: 'high',
  revenueImpactMin: 1000,
  revenueImpactMax: 2000,
  confidenceScore: 0.6,
  effortLevel: 'Low',
  evidence: { method: '', facts: [] },
  metricKey: 'segment:at_risk',
  ...over,
});

/** The store's units over the 30 days: 90 of 120 with a known cost. */
const STORE = { unitsSold: 120, unitsWithCost: 90 };
/** One campaign's credited units, every cost known. */
const CAMPAIGN = { unitsSold: 40, unitsWithCost: 40 };

describe('profitImpactOf (decision 026)', () => {
  it('turns revenue into contribution at the store rate', () => {
    const impact = profitImpactOf(candidate({}), {
      currency: 'EUR',
      contributionRate: 0.25,
      campaigns: new Map(),
      coverage: STORE,
    });
    expect(impact).toEqual({
      profitImpactMin: 250,
      profitImpactMax: 500,
      losesMoney: false,
      profitNote: null,
      profitCoverage: STORE,
    });
  });

  it('has no profit impact while the store contribution is unknown', () => {
    const impact = profitImpactOf(candidate({}), {
      currency: 'EUR',
      contributionRate: null,
      campaigns: new Map(),
      coverage: STORE,
    });
    expect(impact.profitImpactMax).toBeNull();
    expect(impact.losesMoney).toBe(false);
    expect(impact.profitCoverage).toBeNull();
  });

  it('says a scale-up loses money when POAS is below 1, in the shop currency', () => {
    const campaigns = new Map([
      ['c1', { spend: 1000, contribution: 600, verifiedOrders: 40, coverage: CAMPAIGN }],
    ]);
    const impact = profitImpactOf(candidate({ type: 'scale_campaign', subjectKey: 'c1' }), {
      currency: 'EUR',
      contributionRate: 0.3,
      campaigns,
      coverage: STORE,
    });
    // +20 % budget = 200 extra; at POAS 0.6 it brings back 120: loses 80 at best.
    expect(impact.profitImpactMax).toBe(-80);
    const low = campaignRoasRange(600, 1000, 40)!.low;
    expect(impact.profitImpactMin).toBeCloseTo(200 * (low - 1), 2);
    expect(impact.losesMoney).toBe(true);
    expect(impact.profitNote).toMatch(/^Scaling it up would lose money/);
    expect(impact.profitNote).toContain('€200');
    expect(impact.profitNote).toContain('€80');
  });

  it('keeps a profitable scale-up and prices a cut by the contribution it gives up', () => {
    const campaigns = new Map([
      ['c1', { spend: 1000, contribution: 1500, verifiedOrders: 400, coverage: CAMPAIGN }],
    ]);
    const context = { currency: 'USD', contributionRate: 0.3, campaigns, coverage: STORE };
    const scale = profitImpactOf(candidate({ type: 'scale_campaign', subjectKey: 'c1' }), context);
    expect(scale.profitImpactMax).toBe(100);
    // A campaign action rests on its own orders' costs, not the store's.
    expect(scale.profitCoverage).toEqual(CAMPAIGN);
    expect(scale.losesMoney).toBe(false);
    const cut = profitImpactOf(candidate({ type: 'cut_campaign', subjectKey: 'c1' }), context);
    expect(cut.losesMoney).toBe(true);
    expect(cut.profitNote).toMatch(/^Cutting it would lose money/);
  });
});
