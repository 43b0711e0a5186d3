import { addDays } from '../../shared/calendar.ts';

/**
 * Creative fatigue (issue #44, decision 121): an ad is "wearing out" when, against its own first
 * 14 days of delivery (its baseline), the same people see it more often while fewer click and
 * fewer of those who click buy. Over the ad's days with delivery up to `asOf`:
 *
 * - **Enters** on the first day whose last 3 delivery days show frequency (Σ impressions ÷ Σ daily
 *   reach) at least 20 % above the baseline's, CTR at least 20 % below it, and, when conversion can
 *   be judged, purchases per click at least 20 % below it. That day is `since`.
 * - **Stays** while its last 7 delivery days (not reaching back before the 3 days that entered)
 *   still meet the same three thresholds (a wider window, so one good day does not end it);
 *   otherwise the episode ends and a later one may begin.
 * - Conversion is judged only with at least 10 purchases in the baseline and 50 clicks in the
 *   window; otherwise frequency and CTR decide alone, and the reason says so.
 * - **insufficient_data** ("cannot judge"): the platform reports no reach for the ad (Google Ads),
 *   so frequency — the guard against seasonal CTR swings — is unknown; fewer than 17 delivery days (14 of baseline, 3 to compare), a baseline
 *   under 5,000 impressions or 100 clicks, or no delivery in the 3 days up to `asOf`.
 */

export interface AdDay {
  /** Shop day, YYYY-MM-DD. */
  date: string;
  impressions: number;
  /**
   * People reached that day (reach is not additive across days: Σ daily reach over-counts people);
   * null when the platform reports none (Google Ads per ad).
   */
  reach: number | null;
  clicks: number;
  purchases: number;
}

export type FatigueState = 'wearing_out' | 'healthy' | 'insufficient_data';

export interface FatigueVerdict {
  state: FatigueState;
  since?: string;
  reason?: string;
}

export const FATIGUE_RULE = {
  baselineDays: 14,
  enterDays: 3,
  stayDays: 7,
  frequencyRise: 1.2,
  ctrFall: 0.8,
  conversionFall: 0.8,
  minBaselineImpressions: 5_000,
  minBaselineClicks: 100,
  minBaselinePurchases: 10,
  minWindowClicks: 50,
} as const;

interface Totals {
  impressions: number;
  reach: number;
  clicks: number;
  purchases: number;
}

function totalsOf(days: readonly AdDay[]): Totals {
  const t = { impressions: 0, reach: 0, clicks: 0, purchases: 0 };
  for (const d of days) {
    t.impressions += d.impressions;
    t.reach += d.reach ?? 0;
    t.clicks += d.clicks;
    t.purchases += d.purchases;
  }
  return t;
}

const frequency = (t: Totals) => (t.reach > 0 ? t.impressions / t.reach : 0);
const ctr = (t: Totals) => (t.impressions > 0 ? t.clicks / t.impressions : 0);
const conversion = (t: Totals) => (t.clicks > 0 ? t.purchases / t.clicks : 0);
const pct = (x: number, digits: number) => `${(100 * x).toFixed(digits)} %`;

/** Whether a window meets the three thresholds against the baseline (conversion when judgeable). */
function meets(window: Totals, base: Totals): boolean {
  if (window.impressions <= 0 || frequency(base) <= 0 || ctr(base) <= 0) return false;
  if (frequency(window) < FATIGUE_RULE.frequencyRise * frequency(base)) return false;
  if (ctr(window) > FATIGUE_RULE.ctrFall * ctr(base)) return false;
  if (!conversionJudged(window, base)) return true;
  return conversion(window) <= FATIGUE_RULE.conversionFall * conversion(base);
}

const conversionJudged = (window: Totals, base: Totals) =>
  base.purchases >= FATIGUE_RULE.minBaselinePurchases && window.clicks >= FATIGUE_RULE.minWindowClicks;

/** The fatigue verdict of one ad over its daily history (any order; days after `asOf` are ignored). */
export function judgeFatigue(history: readonly AdDay[], asOf: string): FatigueVerdict {
  const days = history
    .filter((d) => d.date <= asOf && d.impressions > 0)
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const { baselineDays, enterDays, stayDays } = FATIGUE_RULE;
  if (days.length > 0 && days.every((d) => d.reach === null)) {
    return {
      state: 'insufficient_data',
      reason:
        'The platform reports no reach for this ad, so its frequency is unknown: the rule cannot tell wear-out from a seasonal dip in CTR.',
    };
  }
  if (days.length < baselineDays + enterDays) {
    return {
      state: 'insufficient_data',
      reason: `${days.length} days of delivery; the rule needs ${baselineDays + enterDays}.`,
    };
  }
  const base = totalsOf(days.slice(0, baselineDays));
  if (
    base.impressions < FATIGUE_RULE.minBaselineImpressions ||
    base.clicks < FATIGUE_RULE.minBaselineClicks
  ) {
    return {
      state: 'insufficient_data',
      reason: `Its first ${baselineDays} days had ${base.impressions} impressions and ${base.clicks} clicks; the rule needs ${FATIGUE_RULE.minBaselineImpressions} and ${FATIGUE_RULE.minBaselineClicks}.`,
    };
  }
  const lastDay = days[days.length - 1]!.date;
  const threeBack = addDays(asOf, -(enterDays - 1));
  if (lastDay < threeBack) {
    return { state: 'insufficient_data', reason: `No delivery since ${lastDay}.` };
  }
  let since: string | undefined;
  let episodeStart = 0;
  for (let i = baselineDays + enterDays - 1; i < days.length; i += 1) {
    if (since === undefined) {
      if (meets(totalsOf(days.slice(i - enterDays + 1, i + 1)), base)) {
        since = days[i]!.date;
        episodeStart = i - enterDays + 1;
      }
    } else if (!meets(totalsOf(days.slice(Math.max(episodeStart, i - stayDays + 1), i + 1)), base)) {
      since = undefined;
    }
  }
  if (since === undefined) return { state: 'healthy' };
  const recent = totalsOf(days.slice(Math.max(episodeStart, days.length - stayDays)));
  const conversionText = conversionJudged(recent, base)
    ? `conversion rate ${pct(conversion(recent), 1)} (was ${pct(conversion(base), 1)})`
    : `conversion rate not judged (under ${FATIGUE_RULE.minBaselinePurchases} purchases in its first ${baselineDays} days or ${FATIGUE_RULE.minWindowClicks} recent clicks)`;
  return {
    state: 'wearing_out',
    since,
    reason: `Over its last ${stayDays} delivery days: frequency ${frequency(recent).toFixed(2)} (was ${frequency(base).toFixed(2)} in its first ${baselineDays} days), CTR ${pct(ctr(recent), 2)} (was ${pct(ctr(base), 2)}), ${conversionText}.`,
  };
}
