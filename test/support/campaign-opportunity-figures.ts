import { expect } from 'vitest';
import type { CampaignPerformance } from '../../src/shared/contracts/campaigns.ts';
import type { Opportunity } from '../../src/shared/contracts/opportunities.ts';

/**
 * Every scale/cut campaign opportunity (at least one) is linked from its campaign's row of
 * Campaign Performance and states that row's ROAS: the same campaign over the same days. A Meta
 * campaign's is checked against its Meta row; another platform's (decision 128) is linked from
 * its every-platform row and names its platform.
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
    const other = campaigns.adPlatforms.find(
      (p) => p.platform !== 'meta' && p.campaigns.some((c) => c.opportunities.some((l) => l.id === o.id)),
    );
    if (other && !row) {
      const name = other.platform === 'google_ads' ? 'Google Ads' : 'TikTok Ads';
      expect(o.description, o.title).toContain(`${name}-attributed ROAS`);
      continue;
    }
    expect(row, o.title).toBeDefined();
    const roasFact = o.evidence.facts.find((f) => f.label.startsWith('ROAS'))!;
    expect(roasFact.value, o.title).toBe(Math.round(row!.roas! * 100) / 100);
    expect(o.description).toContain(`${row!.roas!.toFixed(2)}x`);
    expect(row!.label, o.title).toBe(o.type === 'scale_campaign' ? 'Scale up' : 'Cut');
  }
  return campaignOpportunities;
}
