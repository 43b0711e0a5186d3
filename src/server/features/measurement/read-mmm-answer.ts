import { posteriorInterval } from '../../../core/measurement/posterior-interval.ts';
import { saturationOf } from '../../../core/measurement/saturation-of.ts';
import type { MmmChannelResult } from '../../../core/measurement/types.ts';
import { dayRangeRequestOf } from '../../../shared/contracts/date-range.ts';
import type { MmmAnswer, MmmChannel, MmmQuery } from '../../../shared/contracts/measurement.ts';
import { majorToDecimal } from '../../../shared/money.ts';
import { fitShopMmm } from '../../domain/measurement/fit-shop-mmm.ts';
import type { AppDeps } from '../../http/deps.ts';

/** Points of each response curve, from no spend to twice the larger of today's spend and K. */
const CURVE_POINTS = 13;

const round = (value: number) => Math.round(value * 10_000) / 10_000;

/**
 * GET /api/measurement/mmm: the fitted model of the range as the page shows it — each channel's
 * contribution, share, incremental and marginal ROAS with 90 % intervals beside the platform's
 * attributed ROAS, its adstock and saturation, its response curve, and the weekly decomposition;
 * or "too thin to say" without a single figure.
 */
export async function readMmmAnswer(
  deps: Pick<AppDeps, 'db' | 'caches' | 'clock'>,
  workspaceId: string,
  query: MmmQuery,
): Promise<MmmAnswer> {
  const shop = await fitShopMmm(deps, workspaceId, dayRangeRequestOf(query), deps.clock());
  const empty = {
    channels: [],
    weeks: [],
    fit: null,
    decayPrior: null,
    saturation: null,
    target: 'net_sales' as const,
  };
  if (!shop)
    return { from: null, to: null, currency: 'USD', ...empty, thin: { reason: 'no synced store data yet' } };
  const { result, currencyDigits: digits } = shop;
  const base = { from: shop.from, to: shop.to, currency: shop.currency };
  if (result.status === 'too_thin') return { ...base, ...empty, thin: { reason: result.reasons.join('; ') } };
  const money = (value: number) => majorToDecimal(value, digits);
  return {
    ...base,
    target: 'net_sales',
    channels: result.channels.map((c) => toChannel(c, shop.attributed[c.name] ?? null, money)),
    weeks: result.periods.map((p) => ({
      weekStart: p.date,
      actual: money(p.actual),
      fitted: money(p.fitted),
      baseline: money(p.baseline),
      channels: p.channels.map(money),
    })),
    fit: {
      r2: round(result.fit.r2),
      mape: round(result.fit.mape),
      coverage90: round(result.fit.coverage90),
      outOfSampleMape: result.fit.outOfSampleMape === null ? null : round(result.fit.outOfSampleMape),
    },
    decayPrior: {
      kind: result.decayPrior.kind,
      mean: round(result.decayPrior.beta[0] / (result.decayPrior.beta[0] + result.decayPrior.beta[1])),
      summary: result.decayPrior.summary,
    },
    saturation: {
      family: result.saturation.family,
      candidates: result.saturation.candidates,
      summary: result.saturation.summary,
    },
  };
}

function toChannel(
  c: MmmChannelResult,
  attributed: number | null,
  money: (value: number) => string,
): MmmChannel {
  const top = 2 * Math.max(c.currentSpendPerPeriod, c.saturation.halfSaturation);
  const curve = Array.from({ length: CURVE_POINTS }, (_, i) => {
    const spend = (top * i) / (CURVE_POINTS - 1);
    const response = posteriorInterval(
      c.curve.map((d) => d.maxEffect * saturationOf(spend, d.halfSaturation, d.shape, d.saturation)),
    );
    return {
      spend: money(spend),
      response: money(response.mean),
      responseLow: money(response.low),
      responseHigh: money(response.high),
    };
  });
  return {
    name: c.name,
    spend: money(c.spend),
    contribution: money(c.contribution.mean),
    contributionLow: money(c.contribution.low),
    contributionHigh: money(c.contribution.high),
    contributionShare: round(c.contributionShare.mean),
    contributionShareLow: round(c.contributionShare.low),
    contributionShareHigh: round(c.contributionShare.high),
    roas: round(c.roas.mean),
    roasLow: round(c.roas.low),
    roasHigh: round(c.roas.high),
    marginalRoas: round(c.marginalRoas.mean),
    marginalRoasLow: round(c.marginalRoas.low),
    marginalRoasHigh: round(c.marginalRoas.high),
    attributedRoas: attributed === null || c.spend <= 0 ? null : round(attributed / c.spend),
    adstock: {
      type: 'geometric',
      decayPerWeek: round(c.adstock.decayPerWeek),
      maxLagWeeks: c.adstock.maxLag,
    },
    saturation:
      c.saturation.type === 'logistic'
        ? {
            type: 'logistic',
            halfSaturation: money(c.saturation.halfSaturation),
            lambda: round(c.saturation.lambda),
          }
        : {
            type: 'hill',
            halfSaturation: money(c.saturation.halfSaturation),
            shape: round(c.saturation.shape),
          },
    currentWeeklySpend: money(c.currentSpendPerPeriod),
    largestWeeklySpend: money(c.maxSpendPerPeriod),
    curve,
  };
}
