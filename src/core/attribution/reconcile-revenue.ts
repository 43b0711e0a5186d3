import { sumCompensated } from '../stats/sum-compensated.ts';
import { computeMatchRate } from './compute-match-rate.ts';

/** One day of store-verified and platform-claimed revenue with the known explanations of a gap. */
export interface ReconciliationInput {
  date: string;
  /** Store (Shopify) revenue of the day, shop time zone, net of nothing. */
  store: number;
  /** Revenue the platform (GA4 or Meta) claims for the day. */
  platform: number;
  /** Part of the gap from days cut in the platform's time zone instead of the shop's. */
  timeZone?: number;
  /** Part from currency conversion (platform reporting in another currency). */
  currency?: number;
  /** Part from refunds the platform never sees. */
  refunds?: number;
  /** Part from view-through conversions the store cannot verify. */
  viewThrough?: number;
}

export interface ReconciliationDay {
  date: string;
  store: number;
  platform: number;
  /** platform − store. */
  gap: number;
  causes: { timeZone: number; currency: number; refunds: number; viewThrough: number; untracked: number };
  matchRate: number;
}

export interface Reconciliation {
  days: ReconciliationDay[];
  totals: Omit<ReconciliationDay, 'date'>;
}

/**
 * Per-day reconciliation of store revenue with a platform's claim, with the gap split into named
 * causes (design §6).
 *
 * Definition: gap = platform − store; untracked = gap − (timeZone + currency + refunds +
 * viewThrough), so the causes always add up to the gap exactly; matchRate per day and overall as
 * in {@link computeMatchRate}. The named parts come from the warehouse (they are measured, not
 * guessed here).
 * Method: compensated sums for the totals.
 */
export function reconcileRevenue(inputs: readonly ReconciliationInput[]): Reconciliation {
  const days = inputs.map((d): ReconciliationDay => {
    const named = {
      timeZone: d.timeZone ?? 0,
      currency: d.currency ?? 0,
      refunds: d.refunds ?? 0,
      viewThrough: d.viewThrough ?? 0,
    };
    const gap = d.platform - d.store;
    const untracked = gap - sumCompensated(Object.values(named));
    return {
      date: d.date,
      store: d.store,
      platform: d.platform,
      gap,
      causes: { ...named, untracked },
      matchRate: computeMatchRate(d.platform, d.store),
    };
  });
  const total = (pick: (d: ReconciliationDay) => number) => sumCompensated(days.map(pick));
  const store = total((d) => d.store);
  const platform = total((d) => d.platform);
  return {
    days,
    totals: {
      store,
      platform,
      gap: platform - store,
      causes: {
        timeZone: total((d) => d.causes.timeZone),
        currency: total((d) => d.causes.currency),
        refunds: total((d) => d.causes.refunds),
        viewThrough: total((d) => d.causes.viewThrough),
        untracked: total((d) => d.causes.untracked),
      },
      matchRate: computeMatchRate(platform, store),
    },
  };
}
