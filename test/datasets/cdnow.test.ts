import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { bgnbdConditionalExpectedTransactions } from '../../src/core/clv/bgnbd-conditional-expected-transactions.ts';
import { bgnbdExpectedTransactions } from '../../src/core/clv/bgnbd-expected-transactions.ts';
import { bgnbdLogLikelihood } from '../../src/core/clv/bgnbd-log-likelihood.ts';
import { bgnbdProbabilityOfTransactions } from '../../src/core/clv/bgnbd-probability-of-transactions.ts';
import { computeCustomerLifetimeValue } from '../../src/core/clv/compute-customer-lifetime-value.ts';
import { fitBgnbd } from '../../src/core/clv/fit-bgnbd.ts';
import { fitGammaGamma } from '../../src/core/clv/fit-gamma-gamma.ts';
import { fitParetoNbd } from '../../src/core/clv/fit-pareto-nbd.ts';
import { gammaGammaExpectedSpend } from '../../src/core/clv/gamma-gamma-expected-spend.ts';
import { mbgnbdProbabilityAlive } from '../../src/core/clv/mbgnbd-probability-alive.ts';
import { summarizeLifetimeCustomers } from '../../src/core/clv/summarize-lifetime-customers.ts';
import { datasetsDir, describeWithDataset, hasDataset } from './shared-datasets.ts';

// Published CDNOW results: shared/references/analytics.md §1 (FHL 2005; CLVTools; lifetimes tests).
const SUMMARY = 'cdnow/cdnow_customers_summary_with_transactions.csv';
const present = hasDataset(SUMMARY);

function readSummary() {
  const text = readFileSync(`${datasetsDir}cdnow/cdnow_customers_summary_with_transactions.csv`, 'utf8');
  return text
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => {
      const [id, x, tx, T, zbar] = line.split(',').map(Number);
      return { id: id!, x: x!, tx: tx!, T: T!, meanValue: zbar! };
    });
}

const withinPercent = (actual: number, expected: number, percent: number) =>
  expect(Math.abs(actual / expected - 1) * 100).toBeLessThan(percent);

describeWithDataset(SUMMARY)('CDNOW reproductions (weeks)', () => {
  const customers = present ? readSummary() : [];

  it('BG/NBD: r, α, a, b within 0.5 % of FHL 2005 and LL −9582.43 ± 0.05', () => {
    const fit = fitBgnbd(customers);
    withinPercent(fit.params.r, 0.2426, 0.5);
    withinPercent(fit.params.alpha, 4.4136, 0.5);
    withinPercent(fit.params.a, 0.7929, 0.5);
    withinPercent(fit.params.b, 2.4259, 0.5);
    expect(Math.abs(fit.logLikelihood - -9582.43)).toBeLessThan(0.05);
    // The published value is reproduced at the published parameters too.
    const atPublished = bgnbdLogLikelihood(
      { r: 0.2425945, alpha: 4.4136019, a: 0.7929199, b: 2.4258881 },
      customers,
    );
    expect(Math.abs(atPublished - -9582.43)).toBeLessThan(0.05);
  });

  it('MBG/NBD: r, α, a, b within 1 % of BTYDplus (0.525, 6.183, 0.891, 1.614); one-time buyers get P(alive) < 1', () => {
    const fit = fitBgnbd(customers, 'mbgnbd');
    withinPercent(fit.params.r, 0.525, 1);
    withinPercent(fit.params.alpha, 6.183, 1);
    withinPercent(fit.params.a, 0.891, 1);
    withinPercent(fit.params.b, 1.614, 1);
    const oneTime = mbgnbdProbabilityAlive(fit.params, { x: 0, tx: 0, T: 38.86 });
    expect(oneTime).toBeGreaterThan(0.3);
    expect(oneTime).toBeLessThan(0.7);
    // A recent repeat buyer is likelier alive than one quiet for most of the period.
    expect(mbgnbdProbabilityAlive(fit.params, { x: 2, tx: 38, T: 38.86 })).toBeGreaterThan(
      mbgnbdProbabilityAlive(fit.params, { x: 2, tx: 5, T: 38.86 }),
    );
  });

  it('Pareto/NBD: LL −9594.98 ± 0.1 near r = 0.553, α = 10.578, s = 0.606, β = 11.669', () => {
    const fit = fitParetoNbd(customers);
    expect(Math.abs(fit.logLikelihood - -9594.98)).toBeLessThan(0.1);
    withinPercent(fit.params.r, 0.553, 1);
    withinPercent(fit.params.alpha, 10.578, 1);
    withinPercent(fit.params.s, 0.606, 1);
    withinPercent(fit.params.beta, 11.669, 1);
  });

  it('Gamma-Gamma: p, q, γ within 0.5 % of 6.2488, 3.7446, 15.4477 and LL −4055.92 ± 0.05 (946 customers)', () => {
    const fit = fitGammaGamma(customers);
    expect(fit.customers).toBe(946);
    withinPercent(fit.params.p, 6.2488, 0.5);
    withinPercent(fit.params.q, 3.7446, 0.5);
    withinPercent(fit.params.gamma, 15.4477, 0.5);
    expect(Math.abs(fit.logLikelihood - -4055.92)).toBeLessThan(0.05);
    // x = 0: the population mean pγ/(q − 1) ≈ 35.22 at the published rounding.
    expect(gammaGammaExpectedSpend({ p: 6.25, q: 3.74, gamma: 15.44 }, 0, 0)).toBeCloseTo(35.22, 2);
  });

  // Point predictions at the published (rounded) parameters, as in the lifetimes tests.
  const published = { r: 0.243, alpha: 4.414, a: 0.793, b: 2.426 };
  it.each([
    [1, 0.0532],
    [3, 0.1506],
    [32, 1.0437],
    [78, 1.8576],
  ])('BG/NBD E[X(%i)] = %d (±0.3 %%)', (t, expected) => {
    withinPercent(bgnbdExpectedTransactions(published, t), expected, 0.3);
  });

  it('BG/NBD E[Y(39) | x = 2, tx = 30.43, T = 38.86] = 1.226 and P(X(39) = 0) = 0.5737864', () => {
    expect(bgnbdConditionalExpectedTransactions(published, { x: 2, tx: 30.43, T: 38.86 }, 39)).toBeCloseTo(
      1.226,
      3,
    );
    expect(bgnbdProbabilityOfTransactions(published, 39, 0)).toBeCloseTo(0.5737864, 5);
  });

  it('customer 1 over a true 12 months (1 % a month) is worth about 36.3, not 140.10', () => {
    const params = { r: 0.2425945, alpha: 4.4136019, a: 0.7929199, b: 2.4258881 };
    const spend = gammaGammaExpectedSpend({ p: 6.2488, q: 3.7446, gamma: 15.4477 }, 2, 22.35);
    const clv = computeCustomerLifetimeValue({
      params,
      customer: { x: 2, tx: 30.43, T: 38.86 },
      expectedSpend: spend,
      timeUnit: 'week',
      horizonMonths: 12,
      monthlyDiscountRate: 0.01,
    });
    expect(clv.value).toBeGreaterThan(36.0);
    expect(clv.value).toBeLessThan(36.6);
  });

  it('rebuilds the summary from the raw transactions (same-day merge, T = 272/7 for customer 1)', () => {
    const lines = readFileSync(`${datasetsDir}cdnow/CDNOW_sample.txt`, 'utf8').trim().split('\n');
    const transactions = lines.map((line) => {
      const [, sampleId, ymd, , dollars] = line.trim().split(/\s+/);
      return {
        customerId: String(Number(sampleId)),
        date: `${ymd!.slice(0, 4)}-${ymd!.slice(4, 6)}-${ymd!.slice(6, 8)}`,
        amount: Number(dollars),
      };
    });
    const summaries = summarizeLifetimeCustomers(transactions, '1997-09-30', 'week');
    expect(summaries).toHaveLength(2357);
    expect(summaries.reduce((s, c) => s + c.x, 0)).toBe(2457);
    const byId = new Map(summaries.map((s) => [Number(s.customerId), s]));
    expect(byId.get(1)!.T).toBeCloseTo(38.86, 2);
    for (const row of customers) {
      const mine = byId.get(row.id)!;
      expect(mine.x).toBe(row.x);
      expect(Math.abs(mine.tx - row.tx)).toBeLessThan(0.006);
      expect(Math.abs(mine.T - row.T)).toBeLessThan(0.006);
      expect(Math.abs(mine.meanRepeatValue - row.meanValue)).toBeLessThan(0.006);
    }
    // Holdout: 1,882 repeat transactions in weeks 40–78.
    const all = summarizeLifetimeCustomers(transactions, '1998-06-30', 'week');
    expect(all.reduce((s, c) => s + c.x, 0) - 2457).toBe(1882);
  });
});
