import { dayToIso, localToUtcMs } from '../calendar.ts';
import { mixSeeds } from '../prng.ts';
import { CAMPAIGN_PLANS, type Ctx, SHOP_TZ } from './context.ts';

/**
 * Fills the context's Meta campaigns and their delivery windows from the fixed plans. Budgets are
 * sized after pass 1 from verified revenue (build-meta.ts).
 */
export function planCampaigns(ctx: Ctx, seed: number, oosProductIndex: number): void {
  const { days, startDay } = ctx;
  const { products } = ctx;
  CAMPAIGN_PLANS.forEach((plan, index) => {
    const start = Math.max(0, days - 1 - plan.startOffset);
    const stop = Math.max(start, days - 1 - plan.stopOffset);
    const id = `1202${String(mixSeeds(seed, index) % 1_000_000).padStart(6, '0')}${String(index + 1).padStart(8, '0')}`;
    ctx.campaigns.push({
      index,
      id,
      name: plan.name,
      status: plan.status,
      objective: plan.objective,
      dailyBudgetMinor: plan.fixedDailyBudgetMinor,
      startDay: dayToIso(startDay + start),
      stopDay: plan.status === 'PAUSED' ? dayToIso(startDay + stop) : null,
      landingPath:
        plan.role === 'out_of_stock_traffic'
          ? `/products/${products[oosProductIndex]!.handle}`
          : plan.role === 'high_roas'
            ? '/cart'
            : '/collections/all',
      productIndex: plan.role === 'out_of_stock_traffic' ? oosProductIndex : null,
      createdAtMs: localToUtcMs(SHOP_TZ, startDay + start - 1, 9 * 3600),
    });
    ctx.campaignWindows.push({ start, stop, weight: plan.weight });
  });
}
