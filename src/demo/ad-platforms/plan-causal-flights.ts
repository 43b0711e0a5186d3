/**
 * Budget flights of the `causal` demo preset (decision 136): each paid channel's daily spend level,
 * planned apart from sales so that a marketing-mix model can tell the channels' effects apart. A
 * channel runs in blocks of one to four weeks at a level drawn from 0.4 to 2.6 × its usual
 * budget (a flight, a budget step, and every fifth block a pause), each channel from a stream of its own, so no two
 * channels move together and none follows the store's orders.
 */
import { hashString, mixSeeds, Rng } from '../prng.ts';

export type CausalChannelKey = 'meta' | 'google_ads' | 'tiktok_ads';

/** Budget levels (× the campaign's usual daily budget) and how often a block draws each. */
const LEVELS = [0.4, 0.8, 1.2, 1.8, 2.6] as const;
const LEVEL_WEIGHTS = [2, 3, 3, 2, 1] as const;
/** Every fifth block (from the third) is a pause: each channel pauses a few times a year. */
const PAUSE_EVERY = 5;

/**
 * Scale of each channel's budgets in the preset: the demo's TikTok budgets (about $35 a day) are
 * too small beside the store's sales for any model to see; tripled they are a channel of its own.
 */
const CHANNEL_SCALE: Readonly<Record<CausalChannelKey, number>> = {
  meta: 1,
  google_ads: 1,
  tiktok_ads: 3,
};

/** Each channel's budget multiplier per store day (day 0 is the store's first day). */
export function causalFlights(seed: number, days: number): Record<CausalChannelKey, Float64Array> {
  const plan = (key: CausalChannelKey) => {
    const rng = new Rng(mixSeeds(seed, hashString(`causal-flights:${key}`)));
    const levels = new Float64Array(days);
    for (let d = 0, block = 0; d < days; block += 1) {
      const length = rng.int(7, 28);
      const drawn = LEVELS[rng.weightedIndex(LEVEL_WEIGHTS)]! * CHANNEL_SCALE[key];
      const level = block % PAUSE_EVERY === 2 ? 0 : drawn;
      for (let k = 0; k < length && d < days; k += 1, d += 1) levels[d] = level;
    }
    return levels;
  };
  return { meta: plan('meta'), google_ads: plan('google_ads'), tiktok_ads: plan('tiktok_ads') };
}
