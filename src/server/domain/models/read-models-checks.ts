import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { bgnbdConditionalExpectedTransactions } from '../../../core/clv/bgnbd-conditional-expected-transactions.ts';
import { bgnbdProbabilityOfTransactions } from '../../../core/clv/bgnbd-probability-of-transactions.ts';
import { compressCustomers } from '../../../core/clv/compress-customers.ts';
import { fitBgnbd } from '../../../core/clv/fit-bgnbd.ts';
import { fitParetoNbd } from '../../../core/clv/fit-pareto-nbd.ts';
import { summarizeLifetimeCustomers } from '../../../core/clv/summarize-lifetime-customers.ts';
import type { BgNbdParams } from '../../../core/clv/types.ts';
import { fromDayNumber } from '../../../core/dates/from-day-number.ts';
import { toDayNumber } from '../../../core/dates/to-day-number.ts';
import { evaluateForecastProtocol } from '../../../core/forecast/evaluate-forecast-protocol.ts';
import { forecastDailySeries } from '../../../core/forecast/forecast-daily-series.ts';
import { MIN_REPEAT_CUSTOMERS_SHOWN } from '../../../core/pipeline/thresholds.ts';
import type { DailyPoint, Transaction } from '../../../core/types.ts';
import type { ModelChecks } from '../../../shared/contracts/models.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';

/** Days forecast from each holdout origin (the run's backtest horizon). */
const HOLDOUT_DAYS = 28;
/** Rolling holdout origins, 7 days apart, the last one HOLDOUT_DAYS before asOf. */
const HOLDOUT_ORIGINS = 4;
/** Training days the first holdout origin needs (the forecaster's own minimum plus two weeks). */
const MIN_TRAINING_DAYS = 56;
/** The run's forecast history window. */
const HISTORY_DAYS = 730;
/** Lifetime calibration holdout: the last 13 weeks. */
const CALIBRATION_HOLDOUT_DAYS = 91;
/** Frequency rows 0 … TAIL − 1 and "TAIL or more". */
const FREQUENCY_TAIL = 7;

export type ModelCheckResults = Omit<ModelChecks, 'status' | 'error' | 'computedAt' | 'durationMs'>;

const ShopRow = z.object({ digits: z.number() });

const DailyRow = z.object({ date: z.string(), value: z.number() });

const ModelCheckInputRow = z.object({ customer_id: z.string(), date: z.string(), amount: z.number() });

/**
 * Reads what the checks need from the warehouse up to the run's asOf, in the shop currency's major
 * units as the run's own forecast: daily net revenue (orders on their day, refunds on theirs) and
 * each customer's purchase days.
 */
export async function loadModelCheckInputs(
  db: Db,
  workspaceId: string,
  asOf: string,
): Promise<{ series: DailyPoint[]; transactions: Transaction[] }> {
  const since = fromDayNumber(toDayNumber(asOf) - HISTORY_DAYS + 1);
  const [shop] = await queryRows(
    db,
    ShopRow,
    sql`SELECT currency_digits AS digits FROM wh_shops WHERE workspace_id = ${workspaceId}`,
  );
  const unit = 10 ** Number(shop?.digits ?? 2);
  const daily = await queryRows(
    db,
    DailyRow,
    sql`SELECT date, sum(value)::float8 AS value FROM (
          SELECT order_date::text AS date, total_minor AS value FROM wh_orders
          WHERE workspace_id = ${workspaceId} AND NOT test AND cancelled_at IS NULL
            AND order_date BETWEEN ${since}::date AND ${asOf}::date
          UNION ALL
          SELECT refund_date::text, -amount_minor FROM wh_refunds
          WHERE workspace_id = ${workspaceId} AND refund_date BETWEEN ${since}::date AND ${asOf}::date
        ) d GROUP BY date`,
  );
  const byDay = new Map(daily.map((d) => [toDayNumber(d.date), Number(d.value) / unit]));
  const series: DailyPoint[] = [];
  const first = Math.min(...byDay.keys(), toDayNumber(asOf));
  for (let day = first; day <= toDayNumber(asOf); day += 1)
    series.push({ date: fromDayNumber(day), value: byDay.get(day) ?? 0 });
  const rows = await queryRows(
    db,
    ModelCheckInputRow,
    sql`SELECT customer_id::text AS customer_id, order_date::text AS date, sum(total_minor)::float8 AS amount
        FROM wh_orders
        WHERE workspace_id = ${workspaceId} AND NOT test AND cancelled_at IS NULL
          AND customer_id IS NOT NULL AND order_date <= ${asOf}::date
        GROUP BY customer_id, order_date`,
  );
  return {
    series,
    transactions: rows.map((r) => ({
      customerId: r.customer_id,
      date: r.date,
      amount: Number(r.amount) / unit,
    })),
  };
}

/**
 * Forecast holdout of one run (pure): the run's forecaster re-run from HOLDOUT_ORIGINS rolling
 * origins before asOf, each forecasting HOLDOUT_DAYS it did not see, scored (MASE, sMAPE, WAPE,
 * interval coverage) beside the seasonal-naive and weekday-mean baselines; the last origin's
 * forecast is charted.
 */
export function checkForecastHoldout(
  series: readonly DailyPoint[],
  asOf: string,
): Pick<ModelCheckResults, 'holdout' | 'holdoutNote'> {
  const results: Pick<ModelCheckResults, 'holdout' | 'holdoutNote'> = { holdout: null, holdoutNote: null };
  const end = toDayNumber(asOf);
  const lastOrigin = end - HOLDOUT_DAYS;
  const start = series.length > 0 ? toDayNumber(series[0]!.date) : end;
  const origins = Math.min(HOLDOUT_ORIGINS, Math.floor((lastOrigin - start + 1 - MIN_TRAINING_DAYS) / 7) + 1);
  if (!series.some((p) => p.value > 0)) results.holdoutNote = 'No revenue in the history yet.';
  else if (origins < 1)
    results.holdoutNote = `Too little history for a holdout: it needs ${MIN_TRAINING_DAYS + HOLDOUT_DAYS} days, the store has ${end - start + 1}.`;
  else {
    const firstOrigin = lastOrigin - 7 * (origins - 1);
    const protocol = evaluateForecastProtocol(series, {
      firstOrigin: fromDayNumber(firstOrigin),
      lastOrigin: fromDayNumber(lastOrigin),
      step: 7,
      horizon: HOLDOUT_DAYS,
    });
    const known = series.filter((p) => toDayNumber(p.date) <= lastOrigin);
    const forecast = forecastDailySeries(known, { horizon: HOLDOUT_DAYS, asOf: fromDayNumber(lastOrigin) });
    const actual = new Map(series.map((p) => [p.date, p.value]));
    const baseline = (m: typeof protocol.seasonalNaive) => ({ ...m, coverage80: null, coverage95: null });
    results.holdout = {
      origins: protocol.origins,
      horizon: protocol.horizon,
      origin: fromDayNumber(lastOrigin),
      points: forecast.points.map((p) => ({
        date: p.date,
        actual: actual.get(p.date) ?? 0,
        predicted: p.value,
        lo80: p.lo80,
        hi80: p.hi80,
        lo95: p.lo95,
        hi95: p.hi95,
        closed: p.closed,
      })),
      model: protocol.model,
      seasonalNaive: baseline(protocol.seasonalNaive),
      weekdayMean: baseline(protocol.weekdayMean),
    };
  }

  return results;
}

/**
 * Lifetime model checks of one run (pure), given its BG/NBD fit: the Pareto/NBD alternative on
 * the same customers, the observed number of customers per repeat-purchase count beside the
 * BG/NBD expectation Σᵢ P(X(Tᵢ) = x), and a calibration/holdout check — BG/NBD refitted on the
 * data up to 13 weeks before asOf, its expected repeat purchases in those 13 weeks against the
 * actual ones, by calibration-period purchase count (Fader, Hardie & Lee 2005, fig. 4).
 */
export function checkLifetimeModels(
  transactions: readonly Transaction[],
  asOf: string,
  bgnbd: BgNbdParams,
): Omit<ModelCheckResults, 'holdout' | 'holdoutNote'> {
  const results: Omit<ModelCheckResults, 'holdout' | 'holdoutNote'> = {
    paretoNbd: null,
    frequency: null,
    calibration: null,
    calibrationNote: null,
  };
  const end = toDayNumber(asOf);
  const summaries = summarizeLifetimeCustomers(transactions, asOf, 'week');
  const groups = compressCustomers(summaries);
  const pareto = fitParetoNbd(groups);
  results.paretoNbd = {
    ...pareto.params,
    logLikelihood: pareto.logLikelihood,
    converged: pareto.converged,
    customers: pareto.customers,
  };
  results.frequency = frequencyCheck(groups, bgnbd);

  const calibrationEnd = fromDayNumber(end - CALIBRATION_HOLDOUT_DAYS);
  const calibration = summarizeLifetimeCustomers(transactions, calibrationEnd, 'week');
  const repeatCustomers = calibration.filter((c) => c.x > 0).length;
  if (repeatCustomers < MIN_REPEAT_CUSTOMERS_SHOWN) {
    results.calibrationNote = `Too little data for a calibration check: ${repeatCustomers} customers had repeat purchases by ${calibrationEnd}, the models need ${MIN_REPEAT_CUSTOMERS_SHOWN}.`;
    return results;
  }
  const fit = fitBgnbd(calibration);
  const fullX = new Map(summaries.map((s) => [s.customerId, s.x]));
  const buckets = Array.from({ length: FREQUENCY_TAIL + 1 }, () => ({
    customers: 0,
    predicted: 0,
    actual: 0,
  }));
  const holdoutWeeks = CALIBRATION_HOLDOUT_DAYS / 7;
  const expected = new Map<string, number>();
  let predictedTotal = 0;
  let actualTotal = 0;
  for (const c of calibration) {
    // Customers with the same history share the prediction; computing it once keeps 100k fast.
    const key = `${c.x}|${c.tx}|${c.T}`;
    let predicted = expected.get(key);
    if (predicted === undefined) {
      predicted = bgnbdConditionalExpectedTransactions(fit.params, c, holdoutWeeks);
      expected.set(key, predicted);
    }
    // Every purchase day after the calibration end is a repeat purchase of a calibration customer.
    const actual = (fullX.get(c.customerId) ?? c.x) - c.x;
    const bucket = buckets[Math.min(c.x, FREQUENCY_TAIL)]!;
    bucket.customers += 1;
    bucket.predicted += predicted;
    bucket.actual += actual;
    predictedTotal += predicted;
    actualTotal += actual;
  }
  results.calibration = {
    calibrationEnd,
    holdoutDays: CALIBRATION_HOLDOUT_DAYS,
    customers: calibration.length,
    repeatCustomers,
    params: fit.params,
    predictedTotal,
    actualTotal,
    rows: buckets
      .map((b, x) => ({
        calibrationPurchases: x,
        orMore: x === FREQUENCY_TAIL,
        customers: b.customers,
        predicted: b.customers > 0 ? b.predicted / b.customers : 0,
        actual: b.customers > 0 ? b.actual / b.customers : 0,
      }))
      .filter((row) => row.customers > 0),
  };
  return results;
}

/** Observed customers per repeat-purchase count beside Σ count·P(X(T) = x) under BG/NBD. */
function frequencyCheck(groups: ReturnType<typeof compressCustomers>, params: BgNbdParams) {
  const observed = new Array<number>(FREQUENCY_TAIL + 1).fill(0);
  const byAge = new Map<number, number>();
  for (const g of groups) {
    observed[Math.min(g.x, FREQUENCY_TAIL)]! += g.count;
    byAge.set(g.T, (byAge.get(g.T) ?? 0) + g.count);
  }
  const expected = new Array<number>(FREQUENCY_TAIL + 1).fill(0);
  for (const [T, count] of byAge) {
    let below = 0;
    for (let x = 0; x < FREQUENCY_TAIL; x += 1) {
      const p = bgnbdProbabilityOfTransactions(params, T, x);
      expected[x]! += count * p;
      below += p;
    }
    expected[FREQUENCY_TAIL]! += count * Math.max(0, 1 - below);
  }
  return observed.map((count, x) => ({
    repeatPurchases: x,
    orMore: x === FREQUENCY_TAIL,
    observed: count,
    expected: expected[x]!,
  }));
}
