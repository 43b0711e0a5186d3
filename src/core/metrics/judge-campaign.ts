import { campaignRoasRange } from './campaign-roas-range.ts';

/** The action a campaign's figures call for, shown on Campaign Performance and acted on by the detectors. */
export type CampaignVerdict = 'Scale up' | 'Optimize' | 'Attribution gap' | 'Cut';

/** A campaign's figures over one window, money in one currency. */
export interface CampaignFigures {
  status: string | null;
  spend: number;
  /** Store-verified revenue credited to the campaign (creditOrder), net of refunds in the window. */
  netRevenue: number;
  /** Store-verified orders placed in the window. */
  verifiedOrders: number;
  /** 100·min(platform, store)/max(platform, store) on gross values (computeMatchRate). */
  matchRate: number;
}

/** Store-verified ROAS above which a campaign is worth scaling (the spec's "good" ROAS). */
export const SCALE_ROAS = 2.5;
/** Match rate below which the platform's and the store's figures disagree too much to act on. */
export const GAP_MATCH_RATE = 70;

/**
 * The verdict on one campaign (decision 012), the same for its label on Campaign Performance and
 * for the opportunity detectors, so a page never labels "Optimize" what an opportunity scales.
 *
 * Definition, with ROAS = net store-verified revenue / spend:
 * - no spend → null (nothing to judge);
 * - 'Cut' when active and ROAS < 1 (it returns less than it costs);
 * - 'Attribution gap' when match rate < 70 (Meta's claims and the store disagree: fix tracking first);
 * - 'Scale up' when ROAS > 2.5 and the low end of its 80 % range stays above 1 (campaignRoasRange:
 *   a few lucky orders are not a winner). Store-verified
 *   revenue cannot be inflated by Meta's over-claiming, so a match rate between 70 and 90 does not
 *   block it (the design's channel label asks > 90 for a channel, where spend and claims are pooled);
 * - otherwise 'Optimize'.
 */
export function judgeCampaign(figures: CampaignFigures): CampaignVerdict | null {
  const range = campaignRoasRange(figures.netRevenue, figures.spend, figures.verifiedOrders);
  if (range === null) return null;
  if (figures.status === 'ACTIVE' && range.roas < 1) return 'Cut';
  if (range.roas > SCALE_ROAS && range.low > 1) return 'Scale up';
  if (figures.matchRate < GAP_MATCH_RATE) return 'Attribution gap';
  return 'Optimize';
}
