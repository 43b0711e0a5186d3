/**
 * GA4's sessionCampaignName for each fact cell (issue 16 item 3, decision 073). Runs after the cells
 * are built, on its own random stream, so every other GA4 figure stays what it was.
 *
 * facebook / paid_social cells belong to the Meta campaigns (their names are the orders'
 * utm_campaign): cells with purchases go, largest first, to the campaign with the most GA4-tracked
 * orders of that day still unplaced, so each campaign's GA4 purchases follow its tracked orders and
 * its GA4 revenue (purchases × the channel's average order value of the day) differs from the
 * store-verified revenue as real GA4's does; cells without purchases follow the day's clicks. The
 * campaigns of a day always add up to the channel's cells, so per-campaign and per-channel totals
 * agree. Other sources get the names the store's orders carry (Google Ads, Klaviyo) or GA4's
 * '(direct)', '(organic)' and '(referral)'. TikTok's cells (last in each day) draw nothing here:
 * build-ga4.ts names them after their campaigns.
 */
import { parseIsoDay } from '../calendar.ts';
import type { MetaCampaign, MetaDailyRow } from '../meta-model.ts';
import { hashString, mixSeeds, Rng } from '../prng.ts';

const GOOGLE_ADS = ['Search – Brand', 'Shopping – All Products'];
const EMAIL = ['Weekly Journal', 'New Arrivals', 'Win-back 60d', 'Abandoned Cart'];
/** Source/medium indexes of build-ga4's SOURCE_MEDIA. */
const META_SM = 0;
const GOOGLE_ADS_SM = 1;
const EMAIL_SM = 3;
const DIRECT_SM = 4;
const ORGANIC_SMS = [2, 6];

export interface Ga4CampaignInput {
  seed: number;
  startDay: number;
  days: number;
  campaigns: MetaCampaign[];
  /** GA4-tracked orders per campaign and day index: `[campaign * days + dayIndex]`. */
  campaignTracked: Int32Array;
  metaDaily: MetaDailyRow[];
  /** The cells (contiguous per day and source/medium, as build-ga4 writes them). */
  day: Int32Array;
  sourceMedium: Uint8Array;
  keyEvents: Int32Array;
  count: number;
}

export function assignGa4Campaigns(input: Ga4CampaignInput): { names: string[]; campaign: Uint8Array } {
  const nMeta = input.campaigns.length;
  const names = [
    ...input.campaigns.map((c) => c.name),
    '(not set)',
    ...GOOGLE_ADS,
    ...EMAIL,
    '(direct)',
    '(organic)',
    '(referral)',
  ];
  if (names.length > 255) throw new RangeError('too many GA4 campaign names for one byte');
  const notSet = nMeta;
  const googleAds = nMeta + 1;
  const email = googleAds + GOOGLE_ADS.length;
  const direct = email + EMAIL.length;
  const organic = direct + 1;
  const referral = direct + 2;
  const rng = new Rng(mixSeeds(input.seed, hashString('ga4 campaigns')));
  const clicks = new Float64Array(input.days * nMeta);
  for (const row of input.metaDaily)
    clicks[(parseIsoDay(row.day) - input.startDay) * nMeta + row.campaignIndex]! += row.clicks;
  const campaign = new Uint8Array(input.count);
  const need = new Int32Array(nMeta);
  for (let start = 0; start < input.count; ) {
    const sm = input.sourceMedium[start]!;
    const dayNumber = input.day[start]!;
    let end = start + 1;
    while (end < input.count && input.sourceMedium[end] === sm && input.day[end] === dayNumber) end += 1;
    if (sm === META_SM) {
      const d = dayNumber - input.startDay;
      for (let c = 0; c < nMeta; c += 1) need[c] = input.campaignTracked[c * input.days + d]!;
      const dayClicks = clicks.subarray(d * nMeta, (d + 1) * nMeta);
      const clickTotal = dayClicks.reduce((s, v) => s + v, 0);
      const byClicks = () => (clickTotal > 0 ? rng.weightedIndex(dayClicks, clickTotal) : notSet);
      const buying: number[] = [];
      for (let cell = start; cell < end; cell += 1) {
        if (input.keyEvents[cell]! > 0) buying.push(cell);
        else campaign[cell] = byClicks();
      }
      buying.sort((a, b) => input.keyEvents[b]! - input.keyEvents[a]! || a - b);
      for (const cell of buying) {
        let best = -1;
        for (let c = 0; c < nMeta; c += 1) if (need[c]! > 0 && (best < 0 || need[c]! > need[best]!)) best = c;
        const chosen = best >= 0 ? best : byClicks();
        campaign[cell] = chosen;
        if (chosen < nMeta) need[chosen]! -= input.keyEvents[cell]!;
      }
    } else {
      for (let cell = start; cell < end; cell += 1)
        campaign[cell] =
          sm === GOOGLE_ADS_SM
            ? googleAds + rng.int(0, GOOGLE_ADS.length - 1)
            : sm === EMAIL_SM
              ? email + rng.int(0, EMAIL.length - 1)
              : sm === DIRECT_SM
                ? direct
                : ORGANIC_SMS.includes(sm)
                  ? organic
                  : referral;
    }
    start = end;
  }
  return { names, campaign };
}
