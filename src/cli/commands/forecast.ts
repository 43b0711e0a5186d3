import type { ForecastAccuracy } from '../../core/forecast/compute-forecast-accuracy.ts';
import { forecastDailySeries } from '../../core/forecast/forecast-daily-series.ts';
import { formatTable } from '../analytics-io/format-table.ts';
import { parseShopDate } from '../analytics-io/parse-shop-date.ts';
import { readOrders } from '../analytics-io/read-orders.ts';
import { toJson } from '../analytics-io/write-json.ts';
import { type CliCommand, CliUsageError, parseFlags } from '../command.ts';

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * `upside forecast --orders FILE.csv --as-of YYYY-MM-DD --horizon N [--closed DATES] [--json]`:
 * daily revenue for the N days after as-of with 80 % and 95 % intervals, from orders on or before
 * as-of only. `--closed` lists dates the shop confirms it is closed (comma-separated).
 */
export const command: CliCommand = {
  summary: 'Daily revenue forecast with 80 % and 95 % intervals from an orders CSV',
  async run(argv) {
    const flags = parseFlags(argv, {
      orders: { type: 'string' },
      'as-of': { type: 'string' },
      horizon: { type: 'string' },
      closed: { type: 'string' },
      json: { type: 'boolean' },
    });
    if (!flags.orders) throw new CliUsageError('--orders FILE.csv is required');
    if (!flags['as-of']) throw new CliUsageError('--as-of YYYY-MM-DD is required');
    const asOf = parseShopDate(flags['as-of']);
    if (asOf === null || asOf !== flags['as-of'])
      throw new CliUsageError(`--as-of must be a date YYYY-MM-DD, got '${flags['as-of']}'`);
    const horizonText = flags.horizon ?? '';
    if (!/^\d+$/.test(horizonText) || Number(horizonText) < 1 || Number(horizonText) > 366) {
      throw new CliUsageError(`--horizon must be a whole number of days from 1 to 366, got '${horizonText}'`);
    }
    const horizon = Number(horizonText);
    const confirmedClosures = (flags.closed ?? '')
      .split(',')
      .map((text) => text.trim())
      .filter((text) => text !== '');
    for (const date of confirmedClosures) {
      if (parseShopDate(date) !== date)
        throw new CliUsageError(`--closed must list dates YYYY-MM-DD, got '${date}'`);
    }
    const file = await readOrders(flags.orders);
    const byDate = new Map<string, number>();
    for (const order of file.orders) {
      if (order.date > asOf) continue;
      byDate.set(order.date, (byDate.get(order.date) ?? 0) + Math.round(order.total * 10_000));
    }
    if (byDate.size === 0) throw new CliUsageError(`no orders on or before ${asOf} in ${flags.orders}`);
    const history = [...byDate].map(([date, units]) => ({ date, value: units / 10_000 }));
    const forecast = forecastDailySeries(history, { horizon, asOf, confirmedClosures });
    const points = forecast.points.map((p) => ({
      date: p.date,
      value: round2(p.value),
      lo80: round2(p.lo80),
      hi80: round2(p.hi80),
      lo95: round2(p.lo95),
      hi95: round2(p.hi95),
    }));
    if (flags.json) {
      process.stdout.write(toJson({ model: forecast.model, points }));
      return 0;
    }
    const closed = forecast.closedDays.closedWeekdays
      .map((w) => ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'][w])
      .join(', ');
    const suggested = forecast.suggestedClosures.map((s) => `${s.date} (${s.holiday})`).join(', ');
    const out = [
      ...(suggested
        ? [`Closed once before on these holidays, forecast open (confirm with --closed): ${suggested}.`]
        : []),
      formatTable(
        `Daily revenue after ${asOf} (model ${forecast.model}; closed days forecast as 0${closed ? `; closed weekdays: ${closed}` : ''}).`,
        ['date', 'forecast', 'low 80 %', 'high 80 %', 'low 95 %', 'high 95 %'],
        points.map((p) => [p.date, p.value, p.lo80, p.hi80, p.lo95, p.hi95]),
      ),
    ];
    const a = forecast.accuracy;
    const row = (name: string, m: ForecastAccuracy | null) =>
      m ? [name, round2(m.mase), round2(m.smape), round2(m.wape)] : [name, '—', '—', '—'];
    out.push(
      formatTable(
        `Backtest on the history (${a.origins} origins, ${a.horizon}-day horizon): lower is better; MASE < 1 beats the seasonal naive in-sample.`,
        ['model', 'MASE', 'sMAPE %', 'WAPE %'],
        [
          row(forecast.model, a.model),
          row('seasonal naive', a.seasonalNaive),
          row('mean of last 4 same weekdays', a.weekdayMean),
        ],
      ),
    );
    process.stdout.write(out.join('\n'));
    return 0;
  },
};
