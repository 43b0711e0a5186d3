import { expect } from 'vitest';
import type { CampaignPerformance } from '../../src/shared/contracts/campaigns.ts';
import type { Opportunity } from '../../src/shared/contracts/opportunities.ts';

/**
 * Every scale/cut campaign opportunity (at least one) is linked from its campaign's row of
 * Campaign Performance and states that row's ROAS: the same campaign over the same days.
 */
export function expectCampaignOpportunitiesMatch(
  opportunities: readonly Opportunity[],
  campaigns: CampaignPerformance,
): Opportunity[] {
  const campaignOpportunities = opportunities.filter((o) =>
    ['scale_campaign', 'cut_campaign'].includes(o.type),
  );
  expect(campaignOpportunities.length).toBeGreaterThan(0);
  for (const o of campaignOpportunities) {
    const row = campaigns.campaigns.find((c) => c.opportunities.some((l) => l.id === o.id));
    expect(row, o.title).toBeDefined();
    const roasFact = o.evidence.facts.find((f) => f.label.startsWith('ROAS'))!;
    expect(roasFact.value, o.title).toBe(Math.round(row!.roas! * 100) / 100);
    expect(o.description).toContain(`${row!.roas!.toFixed(2)}x`);
    expect(row!.label, o.title).toBe(o.type === 'scale_campaign' ? 'Scale up' : 'Cut');
  }
  return campaignOpportunities;
}
