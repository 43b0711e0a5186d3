import { compressCustomers } from '../clv/compress-customers.ts';
import { fitBgnbd } from '../clv/fit-bgnbd.ts';
import { fitGammaGamma } from '../clv/fit-gamma-gamma.ts';
import {
  type LifetimeCustomerSummary,
  summarizeLifetimeCustomers,
} from '../clv/summarize-lifetime-customers.ts';
import type { BgNbdParams, FitResult, GammaGammaParams, TimeUnit } from '../clv/types.ts';
import type { CustomerLedger } from '../ledger/to-customer-ledger.ts';
import type { Transaction } from '../types.ts';

export interface LifetimeFitOptions {
  timeUnit: TimeUnit;
  /** Fewest repeat customers to fit on (`MIN_REPEAT_CUSTOMERS_SHOWN` or `…_FITTED`, thresholds.ts). */
  minRepeatCustomers: number;
  /** Fewest customers to fit on (default 0: only the repeat customers count). */
  minCustomers?: number;
}

interface LifetimeFitBase {
  summaries: LifetimeCustomerSummary[];
  /** Customers with at least one purchase day after their first. */
  repeatCustomers: number;
}

export type LifetimeFit =
  | (LifetimeFitBase & { status: 'insufficient_data'; minimum: number })
  | (LifetimeFitBase & {
      status: 'fitted';
      bgnbd: FitResult<BgNbdParams>;
      /** MBG/NBD on the same histories: the churn model (one-time buyers may have dropped out). */
      mbgnbd: FitResult<BgNbdParams>;
      /** Null with fewer than two repeat customers of positive value (spend is not identifiable). */
      gammaGamma: FitResult<GammaGammaParams> | null;
    });

/**
 * The lifetime models of a store's customers: BG/NBD (purchase and dropout) and Gamma-Gamma
 * (spend per repeat order), fitted by maximum likelihood on the customers' (x, tx, T) summaries.
 * Definition: fitted only with at least `minRepeatCustomers` repeat customers (and
 * `minCustomers` customers), else `insufficient_data` with the count and the minimum.
 * Method: summaries from the ledger (core/clv), BG/NBD and MBG/NBD on the compressed distinct
 * histories (identical likelihood, fewer terms), Gamma-Gamma on the repeat customers of positive
 * value. BG/NBD gives expected orders and CLV; MBG/NBD gives P(alive) and churn, because BG/NBD
 * holds every one-time buyer alive with probability 1.
 * Shared by every analysis run and `upside analyze`.
 */
export function fitLifetimeModels(
  transactions: readonly Transaction[] | CustomerLedger,
  asOf: string,
  options: LifetimeFitOptions,
): LifetimeFit {
  const summaries = summarizeLifetimeCustomers(transactions, asOf, options.timeUnit);
  const repeatCustomers = summaries.filter((s) => s.x > 0).length;
  if (summaries.length < (options.minCustomers ?? 0) || repeatCustomers < options.minRepeatCustomers) {
    return { status: 'insufficient_data', summaries, repeatCustomers, minimum: options.minRepeatCustomers };
  }
  const histories = compressCustomers(summaries);
  const bgnbd = fitBgnbd(histories);
  const mbgnbd = fitBgnbd(histories, 'mbgnbd');
  const spendInputs = summaries
    .filter((s) => s.x > 0 && s.meanRepeatValue > 0)
    .map((s) => ({ x: s.x, meanValue: s.meanRepeatValue }));
  const gammaGamma = spendInputs.length >= 2 ? fitGammaGamma(spendInputs) : null;
  return { status: 'fitted', summaries, repeatCustomers, bgnbd, mbgnbd, gammaGamma };
}
