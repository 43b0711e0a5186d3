import { bgnbdProbabilityAlive } from '../clv/bgnbd-probability-alive.ts';
import { computeCustomerLifetimeValue } from '../clv/compute-customer-lifetime-value.ts';
import { gammaGammaExpectedSpend } from '../clv/gamma-gamma-expected-spend.ts';
import type { GammaGammaParams } from '../clv/types.ts';
import type { LifetimeFit } from './fit-lifetime-models.ts';

export interface LifetimeScoring {
  perCustomer: Map<string, { probabilityAlive: number; expectedOrders12m: number; clv12m: number }>;
  diagnostics: Record<string, unknown>;
}

/**
 * Each customer's P(alive), expected orders and 12-month CLV at 1 % a month from a weekly
 * lifetime fit; no scores (and the reason in the diagnostics) when the models were not fitted.
 * Method: customers sharing (x, tx, T) share every BG/NBD quantity, so those are computed once
 * per group — what keeps 100k customers fast; spend is the Gamma-Gamma conditional mean, or the
 * population mean for customers without a repeat purchase of positive value.
 * @throws RangeError when BG/NBD was fitted but spend was not identifiable.
 */
export function scoreLifetimeCustomers(fit: LifetimeFit): LifetimeScoring {
  const { summaries, repeatCustomers } = fit;
  if (fit.status === 'insufficient_data') {
    return {
      perCustomer: new Map(),
      diagnostics: { status: 'insufficient_data', repeatCustomers, minimum: fit.minimum },
    };
  }
  const { bgnbd, gammaGamma } = fit;
  if (!gammaGamma)
    throw new RangeError('Gamma-Gamma needs at least two customers with a repeat purchase of positive value');
  const params = bgnbd.params;
  const spendParams = gammaGamma.params;
  const groups = new Map<string, { alive: number; expected: number; discounted: number }>();
  const perCustomer: LifetimeScoring['perCustomer'] = new Map();
  let fallbackSpend = 0;
  let spenders = 0;
  for (const s of summaries) {
    if (s.x > 0 && s.meanRepeatValue > 0) {
      fallbackSpend += s.meanRepeatValue;
      spenders += 1;
    }
  }
  fallbackSpend = spenders > 0 ? fallbackSpend / spenders : 0;
  for (const s of summaries) {
    const key = `${s.x}|${s.tx}|${s.T}`;
    let group = groups.get(key);
    if (!group) {
      const customer = { x: s.x, tx: s.tx, T: s.T };
      const clv = computeCustomerLifetimeValue({ params, customer, expectedSpend: 1, timeUnit: 'week' });
      group = {
        alive: bgnbdProbabilityAlive(params, customer),
        expected: clv.expectedTransactions,
        discounted: clv.value,
      };
      groups.set(key, group);
    }
    const spend =
      s.x > 0 && s.meanRepeatValue > 0
        ? gammaGammaExpectedSpend(spendParams, s.x, s.meanRepeatValue)
        : gammaGammaPopulationMean(spendParams, fallbackSpend);
    perCustomer.set(s.customerId, {
      probabilityAlive: group.alive,
      expectedOrders12m: group.expected,
      clv12m: group.discounted * spend,
    });
  }
  return {
    perCustomer,
    diagnostics: {
      status: 'fitted',
      repeatCustomers,
      timeUnit: 'week',
      horizonMonths: 12,
      monthlyDiscountRate: 0.01,
      bgnbd: {
        ...bgnbd.params,
        logLikelihood: bgnbd.logLikelihood,
        converged: bgnbd.converged,
        customers: bgnbd.customers,
      },
      gammaGamma: {
        ...gammaGamma.params,
        logLikelihood: gammaGamma.logLikelihood,
        converged: gammaGamma.converged,
        customers: gammaGamma.customers,
      },
    },
  };
}

/** Gamma-Gamma population mean spend p·γ/(q − 1) (finite when q > 1), else the sample mean. */
function gammaGammaPopulationMean(params: GammaGammaParams, fallback: number): number {
  return params.q > 1 ? (params.p * params.gamma) / (params.q - 1) : fallback;
}
