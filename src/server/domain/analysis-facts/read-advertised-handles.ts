import { advertisedHandles } from '../../../core/pipeline/advertised-handles.ts';
import type { Db } from '../../db/client.ts';
import { readAdCampaigns } from './read-ad-campaigns.ts';
import { readOrderJourneys } from './read-order-journeys.ts';
import { refreshAnalysisFacts } from './refresh-analysis-facts.ts';

/**
 * Each ad campaign's advertised product handle, by adCampaignKey, across every platform (decision
 * 128): the same rule and the same kept facts as the analysis's campaign figures (core
 * advertisedHandles over readAdCampaigns and readOrderJourneys, click ids included), refreshed
 * first for what was written since the last run. The out-of-stock alert and the Products page's
 * ad spend per product read it, so both name the same campaigns.
 */
export async function readAdvertisedHandles(db: Db, workspaceId: string): Promise<Map<string, string>> {
  await refreshAnalysisFacts(db, workspaceId);
  const [adCampaigns, journeys] = await Promise.all([
    readAdCampaigns(db, workspaceId),
    // Order counts only: the totals (left in minor units, unit 1) are not read here.
    readOrderJourneys(db, workspaceId, 1),
  ]);
  return advertisedHandles({ ...journeys, adCampaigns });
}
