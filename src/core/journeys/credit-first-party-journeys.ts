import { DIRECT_CHANNEL } from '../attribution/attribute-heuristic.ts';
import { attributePaths } from '../attribution/attribute-paths.ts';
import type { AttributionModel, ChannelCredit } from '../attribution/types.ts';
import { sessionChannelOf } from './session-channel-of.ts';

/** What the tracker saw at the start of one session of a journey (click ids: present or not). */
export interface SessionTouch {
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  referrer: string | null;
  fbclid: boolean;
  gclid: boolean;
  ttclid: boolean;
  msclkid: boolean;
  /**
   * The campaign the session's click id names on its platform (Google's click_view for a gclid),
   * by the campaign's utm_campaign (else its name), or null: it outranks the UTM tag.
   */
  clickCampaign: string | null;
}

/** A first-party journey: a visitor's sessions in time order, with its orders (or none: a null). */
export interface FirstPartyJourney {
  touches: SessionTouch[];
  conversions: number;
  value: number;
  nulls: number;
}

export interface CampaignCredit {
  channel: string;
  campaign: string;
  conversions: number;
  value: number;
}

/** Separates channel and UTM campaign in a campaign-level touch name (never part of either). */
const SEPARATOR = '\u001f';

const channelOfTouch = (t: SessionTouch) =>
  sessionChannelOf({
    utmSource: t.utmSource,
    utmMedium: t.utmMedium,
    referrer: t.referrer,
    fbclid: t.fbclid ? 'fbclid' : null,
    gclid: t.gclid ? 'gclid' : null,
    ttclid: t.ttclid ? 'ttclid' : null,
    msclkid: t.msclkid ? 'msclkid' : null,
  });

/**
 * First-party attribution (issue 16 item 3): one of the seven models over the journeys our own
 * tracker recorded, each session named by its channel (sessionChannelOf: click ids, UTM tags, the
 * referrer's kind — the names Shopify's journeys and GA4 meet on).
 *
 * Definition: `channels` is the model's credit with one touch per session named by its channel;
 * `campaigns` is the model's credit with every session that carries a campaign (the one its click id
 * matched, else its utm_campaign) named by channel and campaign (other sessions by their channel alone), keeping only the campaign-named touches.
 * For the rule-based models and Shapley a channel's campaigns add up to at most the channel's
 * credit; Markov's removal effects are computed at each level on its own, so they need not.
 * Method: two runs of core attributePaths; identical paths are the caller's to group (value adds).
 */
export function creditFirstPartyJourneys(
  journeys: readonly FirstPartyJourney[],
  model: AttributionModel,
): { channels: ChannelCredit[]; campaigns: CampaignCredit[] } {
  const named = (name: (t: SessionTouch) => string) =>
    journeys.map((j) => ({
      path: j.touches.map(name),
      conversions: j.conversions,
      value: j.value,
      nulls: j.nulls,
    }));
  const channels = attributePaths(named(channelOfTouch), model);
  const byCampaign = attributePaths(
    named((t) => {
      const channel = channelOfTouch(t);
      const campaign = t.clickCampaign ?? t.utmCampaign;
      return channel === DIRECT_CHANNEL || campaign === null ? channel : `${channel}${SEPARATOR}${campaign}`;
    }),
    model,
  );
  const campaigns: CampaignCredit[] = [];
  for (const credit of byCampaign) {
    const cut = credit.channel.indexOf(SEPARATOR);
    if (cut < 0) continue;
    campaigns.push({
      channel: credit.channel.slice(0, cut),
      campaign: credit.channel.slice(cut + 1),
      conversions: credit.conversions,
      value: credit.value,
    });
  }
  return { channels, campaigns };
}
