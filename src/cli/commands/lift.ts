import type { RegionalOrder } from '../../core/measurement/geo-types.ts';
import { readOutGeoLift } from '../../core/measurement/read-out-geo-lift.ts';
import { commaList as list, roundTo as round } from '../analytics-io/comma-list.ts';
import { formatTable } from '../analytics-io/format-table.ts';
import { parseShopDate } from '../analytics-io/parse-shop-date.ts';
import { readOrderRegions } from '../analytics-io/read-order-regions.ts';
import { readOrders } from '../analytics-io/read-orders.ts';
import { toJson } from '../analytics-io/write-json.ts';
import { type CliCommand, CliUsageError, parseFlags } from '../command.ts';

/**
 * `upside lift --orders FILE.csv --regions FILE.csv|COLUMN --test-regions A,B --start D --end D
 * [--control-regions C,D] [--pre-start D] [--margin 0.4] [--spend N] [--json]`: the read-out of a
 * geo holdout test by synthetic control — lift (the relative lift in orders) with a 90 % interval,
 * permutation p-value, incremental revenue (incremental orders at the window's order value), orders
 * (and contribution, ROAS); decisions 097 and 124.
 */
export const command: CliCommand = {
  summary: 'Read out a geo lift test from orders by shipping region (synthetic control, placebo p-value)',
  async run(argv) {
    const flags = parseFlags(argv, {
      orders: { type: 'string' },
      regions: { type: 'string' },
      'test-regions': { type: 'string' },
      'control-regions': { type: 'string' },
      start: { type: 'string' },
      end: { type: 'string' },
      'pre-start': { type: 'string' },
      margin: { type: 'string' },
      spend: { type: 'string' },
      json: { type: 'boolean' },
    });
    if (!flags.orders) throw new CliUsageError('--orders FILE.csv is required');
    if (!flags.regions)
      throw new CliUsageError(
        '--regions FILE.csv (order_id,region) or a column of the orders file is required',
      );
    const testRegions = list(flags['test-regions']);
    if (testRegions.length === 0) throw new CliUsageError('--test-regions A,B is required');
    const date = (name: 'start' | 'end' | 'pre-start', required: boolean) => {
      const text = flags[name];
      if (text === undefined) {
        if (required) throw new CliUsageError(`--${name} YYYY-MM-DD is required`);
        return undefined;
      }
      if (parseShopDate(text) !== text)
        throw new CliUsageError(`--${name} must be a date YYYY-MM-DD, got '${text}'`);
      return text;
    };
    const start = date('start', true)!;
    const end = date('end', true)!;
    if (end < start) throw new CliUsageError(`--end ${end} is before --start ${start}`);
    const positive = (name: 'margin' | 'spend', max: number) => {
      const text = flags[name];
      if (text === undefined) return undefined;
      const value = Number(text);
      if (!(value > 0 && value <= max))
        throw new CliUsageError(`--${name} must be a number in (0, ${max}], got '${text}'`);
      return value;
    };
    const margin = positive('margin', 1);
    const spend = positive('spend', Number.MAX_SAFE_INTEGER);
    const file = await readOrders(flags.orders);
    const regionOf = await readOrderRegions(flags.orders, flags.regions);
    const orders: RegionalOrder[] = [];
    for (const order of file.orders) {
      const region = regionOf.get(order.orderId);
      if (region !== undefined) orders.push({ date: order.date, region, total: order.total });
    }
    const known = new Set(orders.map((o) => o.region));
    const unknown = testRegions.filter((r) => !known.has(r));
    if (unknown.length > 0)
      throw new CliUsageError(
        `--test-regions: no orders shipped to '${unknown[0]}' (regions found: ${[...known].sort().slice(0, 20).join(', ')})`,
      );
    const controls = list(flags['control-regions']);
    const result = readOutGeoLift({
      orders,
      testRegions,
      ...(controls.length > 0 ? { controlRegions: controls } : {}),
      start,
      end,
      ...(flags['pre-start'] ? { preStart: date('pre-start', false)! } : {}),
      ...(margin !== undefined ? { margin } : {}),
      ...(spend !== undefined ? { spend } : {}),
    });
    if (result.status === 'too_thin') {
      if (flags.json) process.stdout.write(toJson({ status: 'too_thin', reasons: result.reasons }));
      throw new CliUsageError(`too thin to say: ${result.reasons.join('; ')}`);
    }
    const interval = (v: { mean: number; low: number; high: number } | null) =>
      v === null ? null : { mean: round(v.mean, 2), low: round(v.low, 2), high: round(v.high, 2) };
    const out = {
      lift: round(result.lift),
      liftLow: round(result.liftLow),
      liftHigh: round(result.liftHigh),
      pValue: round(result.pValue),
      incrementalRevenue: round(result.incrementalRevenue, 2),
      incrementalRevenueLow: round(result.incrementalRevenueLow, 2),
      incrementalRevenueHigh: round(result.incrementalRevenueHigh, 2),
      incrementalOrders: round(result.incrementalOrders, 1),
      incrementalOrdersLow: round(result.incrementalOrdersLow, 1),
      incrementalOrdersHigh: round(result.incrementalOrdersHigh, 1),
      incrementalContribution: interval(result.incrementalContribution),
      roas: interval(result.roas),
      actualRevenue: round(result.actualRevenue, 2),
      counterfactualRevenue: round(result.counterfactualRevenue, 2),
      controlRegions: result.weights.map((w) => ({ region: w.region, weight: round(w.weight) })),
      preFitMape: round(result.preFitMape),
      placebos: result.placebos,
    };
    if (flags.json) {
      process.stdout.write(toJson(out));
      return 0;
    }
    process.stdout.write(
      formatTable(
        `Geo lift of ${testRegions.join(', ')} from ${start} to ${end} against a synthetic control (lift in orders; 90 % interval and p-value from ${out.placebos} permuted windows; an estimate).`,
        ['lift %', 'low %', 'high %', 'p-value', 'incremental revenue', 'low', 'high', 'incremental orders'],
        [
          [
            round(out.lift * 100, 2),
            round(out.liftLow * 100, 2),
            round(out.liftHigh * 100, 2),
            out.pValue,
            out.incrementalRevenue,
            out.incrementalRevenueLow,
            out.incrementalRevenueHigh,
            out.incrementalOrders,
          ],
        ],
      ) +
        formatTable(
          'Synthetic control: regions and weights.',
          ['region', 'weight'],
          out.controlRegions.map((c) => [c.region, c.weight]),
        ),
    );
    return 0;
  },
};
