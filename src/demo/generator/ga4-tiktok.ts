/**
 * What GA4 sees of the TikTok account's clicks (issue #39, decision 142). The TikTok-driven orders
 * (decision 131) land with `utm_source=tiktok&utm_medium=paid_social&utm_campaign=<campaign name>`,
 * so GA4 records their sessions under that source / medium and campaign name: per day and
 * campaign, sessions follow the account's clicks (as Meta's do, 72–86 % of them, never fewer than
 * the day's orders), purchases are the campaign's GA4-tracked orders and their revenue. The counts
 * are tallied here while the orders are drawn; build-ga4.ts turns them into cells after every
 * other cell, on a stream of its own, so no other GA4 figure moves.
 */

import type { PlannedAdAccount } from '../ad-platforms/plan-ad-platforms.ts';
import { parseIsoDay } from '../calendar.ts';
import type { DemoOrder } from '../model.ts';
import type { TikTokOrderPlan } from './context.ts';

/** GA4's inputs for the TikTok source / medium, per day and campaign: `[dayIndex * campaigns + campaign]`. */
export interface Ga4TikTokInputs {
  campaigns: TikTokOrderPlan['campaigns'];
  clicks: Float64Array;
  orders: Int32Array;
  tracked: Int32Array;
  trackedRevenue: Float64Array;
}

/** Tallies the TikTok-driven revenue orders per day and campaign, and reads the account's clicks. */
export class Ga4TikTokTally {
  private readonly index: Map<string, number>;
  readonly inputs: Ga4TikTokInputs;

  constructor(plan: TikTokOrderPlan, startDay: number, days: number, account: PlannedAdAccount) {
    const n = plan.campaigns.length;
    this.index = new Map(plan.campaigns.map((c, i) => [c.id, i]));
    const clicks = new Float64Array(days * n);
    for (const row of account.days) {
      const d = parseIsoDay(row.date) - startDay;
      const c = this.index.get(row.campaignId);
      if (c !== undefined && d >= 0 && d < days) clicks[d * n + c]! += row.clicks;
    }
    this.inputs = {
      campaigns: plan.campaigns,
      clicks,
      orders: new Int32Array(days * n),
      tracked: new Int32Array(days * n),
      trackedRevenue: new Float64Array(days * n),
    };
  }

  /** Counts a revenue order (not test, not cancelled) of `dayIndex` if TikTok drove it. */
  addOrder(order: DemoOrder, dayIndex: number): void {
    if (order.tiktokCampaignId === null) return;
    const slot = dayIndex * this.inputs.campaigns.length + this.index.get(order.tiktokCampaignId)!;
    this.inputs.orders[slot]! += 1;
    if (order.ga4Tracked) {
      this.inputs.tracked[slot]! += 1;
      this.inputs.trackedRevenue[slot]! += order.totalMinor;
    }
  }

  /** The revenue orders tallied, over every day and campaign. */
  orderCount(): number {
    return this.inputs.orders.reduce((s, v) => s + v, 0);
  }
}
