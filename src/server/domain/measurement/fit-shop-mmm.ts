import { fitMmm } from '../../../core/measurement/fit-mmm.ts';
import { PRODUCT_SATURATION } from '../../../core/measurement/product-saturation.ts';
import type { MmmInput, MmmOptions, MmmResult } from '../../../core/measurement/types.ts';
import { weeklyMmmInput } from '../../../core/measurement/weekly-mmm-input.ts';
import { deriveProfitLines } from '../../../core/profit/derive-profit-lines.ts';
import { addDays, daysBetween } from '../../../shared/calendar.ts';
import type { DayRangeRequest } from '../../../shared/day-range.ts';
import { keptAnswer } from '../../caches.ts';
import type { AppDeps } from '../../http/deps.ts';
import { readMetricWindow } from '../metrics/metric-window.ts';
import { readProfitDays } from '../profit/profit-queries.ts';
import { refreshProfitRollup } from '../profit/refresh-profit-rollup.ts';
import { readChannelSpend } from './read-channel-spend.ts';

/**
 * How the app fits a shop: 200 posterior draws, enough for a 90 % interval's 5 % and 95 % quantiles
 * (decision 110), seed 1, and both saturation families weighed by their evidence, as `upside mmm`
 * does (decision 243). Exported so that tests which fit a demo store's series directly fit it as the
 * endpoint does.
 */
export const SHOP_MMM_OPTIONS: Readonly<MmmOptions> = { draws: 200, seed: 1, saturation: PRODUCT_SATURATION };
const WEEK = 7;

/** A shop's fitted model and what the surfaces need beside it. */
export interface ShopMmm {
  /** The fitted weeks: `from` to `to` (the last incomplete week of the range is left out). */
  from: string;
  to: string;
  currency: string;
  currencyDigits: number;
  result: MmmResult;
  /** Contribution before ad spend per unit of net sales over the fitted weeks (null: no net sales). */
  margin: number | null;
  /** The platforms' own attributed revenue over the fitted weeks, in major units, per channel name. */
  attributed: Readonly<Record<string, number | null>>;
  /** The weekly series the model was fitted on (null when there was none to fit): for refits. */
  input: MmmInput | null;
  /** What the fit is kept under (workspace, versions, range): refits are kept beside it. */
  key: string;
}

type Deps = Pick<AppDeps, 'db' | 'caches'>;

/**
 * The marketing-mix model of a shop over a range of shop days (issue #41, decision 110): weekly net
 * sales (Shopify's definition, decision 088) explained by each ad channel's weekly spend, fitted
 * synchronously on weekly sums (at most 157 weeks, 200 draws, Hill and logistic saturation: about a
 * second of CPU, 2–3× that from 156 weeks, where the data choose the decay prior too, decision 214) and kept per
 * workspace, range and warehouse version, so the same question of the same data is answered from
 * memory and concurrent askers share one fit.
 */
export async function fitShopMmm(
  deps: Deps,
  workspaceId: string,
  request: DayRangeRequest,
  now: Date,
): Promise<ShopMmm | null> {
  const window = await readMetricWindow(deps.db, workspaceId, request, now, 'none');
  if (!window) return null;
  const version = await refreshProfitRollup(deps, workspaceId);
  const weeks = Math.floor((daysBetween(window.start, window.end) + 1) / WEEK);
  const from = window.start;
  const to = weeks > 0 ? addDays(from, weeks * WEEK - 1) : window.end;
  const key = `measurement/mmm/${JSON.stringify([workspaceId, version, window.version, from, to])}`;
  return keptAnswer(deps.caches.answers, key, async () => {
    const scale = 10 ** window.currencyDigits;
    const days = weeks > 0 ? await readProfitDays(deps.db, workspaceId, from, to) : [];
    const totals = { grossSales: 0, discounts: 0, returns: 0, shippingCharges: 0, taxes: 0 };
    const costs = { cogs: 0, shipping: 0, paymentFees: 0 };
    for (const day of days) {
      for (const line of Object.keys(totals) as (keyof typeof totals)[]) totals[line] += day[line];
      for (const line of Object.keys(costs) as (keyof typeof costs)[]) costs[line] += day[line];
    }
    const lines = deriveProfitLines({ ...totals, ...costs, marketing: 0, expenses: 0 });
    const spend = weeks > 0 ? await readChannelSpend(deps.db, workspaceId, from, to) : [];
    const input = weeks === 0 || spend.length === 0 ? null : weeklyMmmInput(from, weeks, days, spend, scale);
    const result: MmmResult =
      input === null
        ? {
            status: 'too_thin',
            reasons: [weeks === 0 ? 'no complete week in the range' : 'no ad spend in the range'],
          }
        : fitMmm(input, SHOP_MMM_OPTIONS);
    return {
      from,
      to,
      currency: window.currency,
      currencyDigits: window.currencyDigits,
      result,
      margin: lines.netSales > 0 ? lines.contributionMargin / lines.netSales : null,
      input,
      key,
      attributed: Object.fromEntries(
        spend.map((c) => [
          c.name,
          c.attributedRevenueMinor === null ? null : c.attributedRevenueMinor / scale,
        ]),
      ),
    };
  });
}

/**
 * The shop's model refitted on the same weeks with the same draws and seed under another decay
 * prior (decision 163: a budget move's prior-sensitivity check; decision 179: the planner's), kept
 * beside the fit it re-checks, since the planner may ask again with other budgets. It is fitted
 * only when asked: when a move is proposed, about a second of CPU.
 */
export function refitShopMmm(
  deps: Deps,
  shop: ShopMmm,
  decayPrior: readonly [number, number],
): Promise<MmmResult> {
  const input = shop.input;
  if (input === null) return Promise.resolve(shop.result);
  return keptAnswer(deps.caches.answers, `${shop.key}/refit/${decayPrior.join(',')}`, async () =>
    fitMmm(input, { ...SHOP_MMM_OPTIONS, decayPrior }),
  );
}
