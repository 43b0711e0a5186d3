import { bgnbdProbabilityAlive } from '../clv/bgnbd-probability-alive.ts';
import { computeCustomerLifetimeValue } from '../clv/compute-customer-lifetime-value.ts';
import { gammaGammaExpectedSpend } from '../clv/gamma-gamma-expected-spend.ts';
import { mbgnbdProbabilityAlive } from '../clv/mbgnbd-probability-alive.ts';
import type { GammaGammaParams } from '../clv/types.ts';
import type { LifetimeFit } from './fit-lifetime-models.ts';

export interface LifetimeScoring {
  perCustomer: Map<
    string,
    {
      /** MBG/NBD: one-time buyers get a real probability (BG/NBD would say 1). */
      probabilityAlive: number;
      expectedOrders12m: number;
      clv12m: number;
      /** 12-month CLV if the customer is still active (BG/NBD's CLV ÷ BG/NBD's P(alive)). */
      valueIfActive: number;
    }
  >;
  diagnostics: Record<string, unknown>;
}

/**
 * Each customer's P(alive) (MBG/NBD), expected orders and 12-month CLV at 1 % a month (BG/NBD)
 * from a weekly lifetime fit; no scores (and the reason in the diagnostics) when the models were
 * not fitted. The diagnostics name the model behind each figure (`churnModel`, `valueModel`).
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
  const { bgnbd, mbgnbd, gammaGamma } = fit;
  if (!gammaGamma)
    throw new RangeError('Gamma-Gamma needs at least two customers with a repeat purchase of positive value');
  const params = bgnbd.params;
  const spendParams = gammaGamma.params;
  const groups = new Map<string, { alive: number; bgAlive: number; expected: number; discounted: number }>();
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
        alive: mbgnbdProbabilityAlive(mbgnbd.params, customer),
        bgAlive: bgnbdProbabilityAlive(params, customer),
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
      valueIfActive: group.bgAlive > 1e-6 ? (group.discounted * spend) / group.bgAlive : 0,
    });
  }
  return {
    perCustomer,
    diagnostics: {
      status: 'fitted',
      repeatCustomers,
      timeUnit: 'week',
      churnModel: 'MBG/NBD',
      valueModel: 'BG/NBD + Gamma-Gamma',
      horizonMonths: 12,
      monthlyDiscountRate: 0.01,
      bgnbd: {
        ...bgnbd.params,
        logLikelihood: bgnbd.logLikelihood,
        converged: bgnbd.converged,
        customers: bgnbd.customers,
      },
      mbgnbd: {
        ...mbgnbd.params,
        logLikelihood: mbgnbd.logLikelihood,
        converged: mbgnbd.converged,
        customers: mbgnbd.customers,
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
