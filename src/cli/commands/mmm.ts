import { fitMmm } from '../../core/measurement/fit-mmm.ts';
import { PRODUCT_SATURATION } from '../../core/measurement/product-saturation.ts';
import { commaList as list, roundTo as round } from '../analytics-io/comma-list.ts';
import { formatTable } from '../analytics-io/format-table.ts';
import { readMmmTable } from '../analytics-io/read-mmm-table.ts';
import { toJson } from '../analytics-io/write-json.ts';
import { type CliCommand, CliUsageError, parseFlags } from '../command.ts';

/**
 * `upside mmm --input FILE.csv --date-column C --target C --channels a,b [--controls c,d] [--draws N] [--seed N]
 * [--saturation hill|logistic|data] [--json]`:
 * a Bayesian marketing-mix model of a weekly or daily table — each channel's contribution, ROAS
 * with a 90 % credible interval, adstock and saturation, and the fit's checks; or "too thin to
 * say" (exit code 2) with the reasons. By default (`--saturation data`) it fits both curve families,
 * Hill and logistic, and weighs them by their evidence (decisions 234, 236); `hill` or `logistic` names one.
 */
export const command: CliCommand = {
  summary:
    'Marketing-mix model of a weekly/daily spend and revenue CSV (contribution, ROAS, adstock, saturation)',
  async run(argv) {
    const flags = parseFlags(argv, {
      input: { type: 'string' },
      'date-column': { type: 'string' },
      target: { type: 'string' },
      channels: { type: 'string' },
      controls: { type: 'string' },
      draws: { type: 'string' },
      seed: { type: 'string' },
      saturation: { type: 'string' },
      json: { type: 'boolean' },
    });
    if (!flags.input) throw new CliUsageError('--input FILE.csv is required');
    if (!flags.target) throw new CliUsageError('--target COLUMN is required');
    const channels = list(flags.channels);
    if (channels.length === 0) throw new CliUsageError('--channels a,b (the spend columns) is required');
    const integer = (name: 'draws' | 'seed', fallback: number, min: number) => {
      const text = flags[name];
      if (text === undefined) return fallback;
      const value = Number(text);
      if (!Number.isInteger(value) || value < min)
        throw new CliUsageError(`--${name} must be an integer ≥ ${min}, got '${text}'`);
      return value;
    };
    const draws = integer('draws', 400, 50);
    const seed = integer('seed', 1, 0);
    // A CSV of unknown origin: both curve families, weighed by their evidence, as in the app (decisions 236, 243).
    const saturation = flags.saturation ?? PRODUCT_SATURATION;
    if (saturation !== 'hill' && saturation !== 'logistic' && saturation !== 'data')
      throw new CliUsageError(`--saturation must be hill, logistic or data, got '${saturation}'`);
    const table = await readMmmTable(flags.input, {
      date: flags['date-column'] ?? 'date',
      target: flags.target,
      channels,
      controls: list(flags.controls),
    });
    let result: ReturnType<typeof fitMmm>;
    try {
      result = fitMmm(table, { draws, seed, saturation });
    } catch (error) {
      if (error instanceof RangeError) throw new CliUsageError(`${flags.input}: ${error.message}`);
      throw error;
    }
    if (result.status === 'too_thin') {
      if (flags.json)
        process.stdout.write(
          toJson({ status: 'too_thin', reasons: result.reasons, channels: [], fit: null }),
        );
      throw new CliUsageError(`too thin to say: ${result.reasons.join('; ')}`);
    }
    const out = {
      status: result.status,
      timeUnit: result.timeUnit,
      periods: result.periods.length,
      channels: result.channels.map((c) => ({
        name: c.name,
        contribution: round(c.contribution.mean, 2),
        contributionShare: round(c.contributionShare.mean),
        roas: round(c.roas.mean),
        roasLow: round(c.roas.low),
        roasHigh: round(c.roas.high),
        adstock: {
          type: c.adstock.type,
          decay: round(c.adstock.decayPerPeriod),
          decayPerWeek: round(c.adstock.decayPerWeek),
          maxLag: c.adstock.maxLag,
        },
        saturation:
          c.saturation.type === 'logistic'
            ? {
                type: c.saturation.type,
                halfSaturation: round(c.saturation.halfSaturation, 2),
                lambda: round(c.saturation.lambda),
              }
            : {
                type: c.saturation.type,
                halfSaturation: round(c.saturation.halfSaturation, 2),
                shape: round(c.saturation.shape),
              },
        spend: round(c.spend, 2),
        contributionLow: round(c.contribution.low, 2),
        contributionHigh: round(c.contribution.high, 2),
        marginalRoas: round(c.marginalRoas.mean),
        marginalRoasLow: round(c.marginalRoas.low),
        marginalRoasHigh: round(c.marginalRoas.high),
      })),
      baseline: round(result.baseline.mean, 2),
      fit: {
        r2: round(result.fit.r2),
        mape: round(result.fit.mape),
        coverage90: round(result.fit.coverage90),
        outOfSampleMape: result.fit.outOfSampleMape === null ? null : round(result.fit.outOfSampleMape),
        holdoutPeriods: result.fit.holdoutPeriods,
      },
      decayPrior: result.decayPrior,
      // The command's own default (both families) is a default, not a family the owner named.
      saturation: { ...result.saturation, source: flags.saturation ? 'named' : 'default' },
    };
    if (flags.json) {
      process.stdout.write(toJson(out));
      return 0;
    }
    process.stdout.write(
      formatTable(
        `Estimated effect of each channel over ${out.periods} ${out.timeUnit}s (Bayesian MMM; ROAS with 90 % credible interval; estimates, not bookkeeping).`,
        [
          'channel',
          'spend',
          'contribution',
          'share %',
          'ROAS',
          'low',
          'high',
          'marginal ROAS',
          'decay/wk',
          'saturation',
          'half-sat.',
          'shape / λ',
        ],
        out.channels.map((c) => [
          c.name,
          c.spend,
          c.contribution,
          round(c.contributionShare * 100, 1),
          c.roas,
          c.roasLow,
          c.roasHigh,
          c.marginalRoas,
          c.adstock.decayPerWeek,
          c.saturation.type,
          c.saturation.halfSaturation,
          c.saturation.type === 'logistic' ? c.saturation.lambda : c.saturation.shape,
        ]),
      ) +
        formatTable(
          'Model checks (coverage90 = share of periods inside the 90 % posterior predictive interval).',
          ['R²', 'MAPE', 'coverage90', 'out-of-sample MAPE', 'held-out periods'],
          [
            [
              out.fit.r2,
              out.fit.mape,
              out.fit.coverage90,
              out.fit.outOfSampleMape ?? '—',
              out.fit.holdoutPeriods,
            ],
          ],
        ) +
        `${out.decayPrior.summary}\n${out.saturation.summary}\n`,
    );
    return 0;
  },
};
