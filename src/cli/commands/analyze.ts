import type { TimeUnit } from '../../core/clv/types.ts';
import { computeCohorts } from '../../core/cohorts/compute-cohorts.ts';
import { fitLifetimeModels } from '../../core/pipeline/fit-lifetime-models.ts';
import { MIN_CUSTOMERS_FITTED, MIN_REPEAT_CUSTOMERS_FITTED } from '../../core/pipeline/thresholds.ts';
import { computeRfm } from '../../core/rfm/compute-rfm.ts';
import type { Transaction } from '../../core/types.ts';
import { formatTable } from '../analytics-io/format-table.ts';
import { parseShopDate } from '../analytics-io/parse-shop-date.ts';
import { readOrders } from '../analytics-io/read-orders.ts';
import { toJson } from '../analytics-io/write-json.ts';
import { type CliCommand, CliUsageError, parseFlags } from '../command.ts';

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * `upside analyze --orders FILE.csv [--as-of YYYY-MM-DD] [--rfm-preset A|C] [--time-unit week|day] [--json]`:
 * RFM segments, BG/NBD + Gamma-Gamma lifetime fits and weekly cohorts of an orders file.
 */
export const command: CliCommand = {
  summary: 'RFM segments, lifetime-value model fits and cohorts of an orders CSV',
  async run(argv) {
    const flags = parseFlags(argv, {
      orders: { type: 'string' },
      'as-of': { type: 'string' },
      'rfm-preset': { type: 'string' },
      'time-unit': { type: 'string' },
      json: { type: 'boolean' },
    });
    if (!flags.orders) throw new CliUsageError('--orders FILE.csv is required');
    const preset = flags['rfm-preset'] ?? 'A';
    if (preset !== 'A' && preset !== 'C')
      throw new CliUsageError(`--rfm-preset must be A or C, got '${preset}'`);
    const timeUnit = flags['time-unit'] ?? 'week';
    if (timeUnit !== 'week' && timeUnit !== 'day')
      throw new CliUsageError(`--time-unit must be week or day, got '${timeUnit}'`);
    const progress = (message: string) => {
      if (!flags.json) process.stderr.write(`${message}\n`);
    };

    progress(`reading ${flags.orders}…`);
    const file = await readOrders(flags.orders);
    let asOf = file.orders.map((o) => o.date).sort()[file.orders.length - 1]!;
    if (flags['as-of'] !== undefined) {
      const parsed = parseShopDate(flags['as-of']);
      if (parsed === null || parsed !== flags['as-of'])
        throw new CliUsageError(`--as-of must be a date YYYY-MM-DD, got '${flags['as-of']}'`);
      asOf = parsed;
    }
    const orders = file.orders.filter((o) => o.date <= asOf);
    if (orders.length === 0) throw new CliUsageError(`no orders on or before ${asOf} in ${flags.orders}`);
    const transactions: Transaction[] = orders
      .filter((o) => o.customerId !== null)
      .map((o) => ({ customerId: o.customerId!, date: o.date, amount: o.total }));
    const revenue = round2(orders.reduce((sum, o) => sum + Math.round(o.total * 10_000), 0) / 10_000);

    progress('scoring RFM…');
    const rfm = computeRfm(transactions, asOf, { preset });
    progress('fitting BG/NBD purchase/dropout and Gamma-Gamma spend…');
    // The same lifetime step as every analysis run, with the floor below which no fit is defined:
    // the CLI prints the fit on request, the dashboards need MIN_REPEAT_CUSTOMERS_SHOWN.
    const fit = fitLifetimeModels(transactions, asOf, {
      timeUnit: timeUnit as TimeUnit,
      minCustomers: MIN_CUSTOMERS_FITTED,
      minRepeatCustomers: MIN_REPEAT_CUSTOMERS_FITTED,
    });
    const { summaries } = fit;
    if (fit.status === 'insufficient_data') {
      throw new CliUsageError(
        `too few customers to fit the lifetime models: ${summaries.length} customers, ${fit.repeatCustomers} with a repeat purchase on or before ${asOf} (need at least ${MIN_CUSTOMERS_FITTED} and ${MIN_REPEAT_CUSTOMERS_FITTED})`,
      );
    }
    const { bgnbd, gammaGamma: spend } = fit;
    if (
      ![bgnbd.params.r, bgnbd.params.alpha, bgnbd.params.a, bgnbd.params.b, bgnbd.logLikelihood].every(
        Number.isFinite,
      )
    ) {
      throw new CliUsageError(
        'the BG/NBD fit did not converge on this data (too thin or degenerate histories)',
      );
    }
    if (!spend) {
      throw new CliUsageError(
        `too few repeat purchases with a positive value to fit the spend model (${summaries.filter((s) => s.x > 0 && s.meanRepeatValue > 0).length} customers; need at least 2)`,
      );
    }
    progress('building weekly cohorts…');
    const cohorts = computeCohorts(transactions, asOf, 'week');

    const result = {
      customers: summaries.length,
      orders: orders.length,
      revenue,
      rfm: {
        preset,
        segments: rfm.segments.map((s) => ({
          segment: s.segment,
          customers: s.customers,
          orders: s.orders,
          revenue: round2(s.revenue),
        })),
      },
      clv: {
        model: 'bg-nbd',
        timeUnit,
        params: bgnbd.params,
        logLikelihood: bgnbd.logLikelihood,
        spend: {
          p: spend.params.p,
          q: spend.params.q,
          gamma: spend.params.gamma,
          logLikelihood: spend.logLikelihood,
        },
      },
      cohorts: {
        period: cohorts.period,
        pooled: cohorts.pooled.map((p) => ({
          k: p.k,
          cohorts: p.cohorts,
          customers: p.customers,
          percent: round2(p.percent),
        })),
        cohorts: cohorts.cohorts.map((c) => ({
          cohort: c.cohort,
          customers: c.customers,
          retention: c.retention.map(round2),
        })),
      },
    };
    if (flags.json) {
      process.stdout.write(toJson(result));
      return 0;
    }
    const currency = file.currency ? ` ${file.currency}` : '';
    const out: string[] = [];
    out.push(
      formatTable(
        `Orders on or before ${asOf} (${file.format} file; guest orders count in orders and revenue only).`,
        ['customers', 'orders', `revenue${currency}`],
        [[result.customers, result.orders, result.revenue]],
      ),
    );
    out.push(
      formatTable(
        `RFM segments, preset ${preset} (quintiles as in the rfm R package; growth = change in size vs 30 days earlier).`,
        ['segment', 'customers', 'orders', 'revenue', 'growth %'],
        rfm.segments.map((s) => [
          s.segment,
          s.customers,
          s.orders,
          round2(s.revenue),
          s.growthRate === null ? '—' : round2(s.growthRate),
        ]),
      ),
    );
    const p = bgnbd.params;
    out.push(
      formatTable(
        `Lifetime models by maximum likelihood, time unit ${timeUnit}: BG/NBD purchase/dropout and Gamma-Gamma spend.`,
        ['model', 'parameters', 'log-likelihood'],
        [
          [
            'BG/NBD',
            `r=${p.r.toFixed(4)} alpha=${p.alpha.toFixed(4)} a=${p.a.toFixed(4)} b=${p.b.toFixed(4)}`,
            bgnbd.logLikelihood,
          ],
          [
            'Gamma-Gamma',
            `p=${spend.params.p.toFixed(4)} q=${spend.params.q.toFixed(4)} gamma=${spend.params.gamma.toFixed(4)}`,
            spend.logLikelihood,
          ],
        ],
      ),
    );
    out.push(
      formatTable(
        'Pooled weekly retention: percent of customers ordering k weeks after their first order (complete weeks only).',
        ['week k', 'cohorts', 'customers', 'retained %'],
        result.cohorts.pooled.slice(0, 13).map((pt) => [String(pt.k), pt.cohorts, pt.customers, pt.percent]),
      ),
    );
    process.stdout.write(out.join('\n'));
    return 0;
  },
};
