import { creditOrder } from '../metrics/credit-order.ts';
import { adCampaignKey } from './ad-campaign-key.ts';
import { channelOfPlatform } from './channel-of-platform.ts';
import { touchesOf } from './touches-of.ts';
import type { AdClickOrderGroup, AnalysisFacts } from './types.ts';

/** Orders a click id moves to its campaign: from the campaign their UTM credited, if any. */
export interface ClickCreditMove {
  /** adCampaignKey of the campaign the utm_campaign credited them to; undefined when none. */
  from: string | undefined;
  /** adCampaignKey of the campaign the platform named for the click. */
  to: string;
  group: AdClickOrderGroup;
}

/**
 * The campaign-level credit a click id decides (decision 120, used by decision 128's detectors):
 * an order credited to a platform's channel (core creditOrder, decision 011) whose landing session's
 * click id the platform named as one of its campaigns belongs to that campaign, even when its
 * utm_campaign names another campaign or none. The channel's credit never moves: a click on a
 * Google ad whose order the rule credits to another channel stays that channel's.
 * `campaignOf` is creditedAdCampaign over the same campaigns.
 */
export function clickCreditMoves(
  facts: Pick<AnalysisFacts, 'adClickOrders'>,
  campaignOf: (credit: ReturnType<typeof creditOrder>) => string | undefined,
): ClickCreditMove[] {
  const moves: ClickCreditMove[] = [];
  for (const group of facts.adClickOrders) {
    const credit = creditOrder(touchesOf(group));
    if (credit.channel !== channelOfPlatform(group.platform)) continue;
    const to = adCampaignKey(group.platform, group.campaignId);
    const from = campaignOf(credit);
    if (from !== to) moves.push({ from, to, group });
  }
  return moves;
}
