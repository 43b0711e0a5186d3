import { labelChannel } from '../../core/attribution/label-channel.ts';
import type { CampaignLabel } from '../../shared/contracts/campaigns.ts';

/**
 * Action label of one campaign over a period: 'Cut' when it is active and returns less
 * store-verified revenue than it spends (ROAS < 1, the cut_campaign detector's rule), otherwise
 * the channel labels of design §6 (Scale up: ROAS > 2.5 and match > 90; Attribution gap: match
 * < 70; else Optimize). null when ROAS or the match rate is unknown (no spend, currencies differ).
 */
export function labelCampaign(
  status: string | null,
  roas: number | null,
  matchRate: number | null,
): CampaignLabel | null {
  if (roas === null || matchRate === null) return null;
  if (status === 'ACTIVE' && roas < 1) return 'Cut';
  return labelChannel(roas, matchRate);
}
