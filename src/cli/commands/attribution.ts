import { attributeHeuristic } from '../../core/attribution/attribute-heuristic.ts';
import { attributeMarkov } from '../../core/attribution/attribute-markov.ts';
import { attributeShapley } from '../../core/attribution/attribute-shapley.ts';
import type { AttributionModel, ChannelCredit } from '../../core/attribution/types.ts';
import { formatTable } from '../analytics-io/format-table.ts';
import { readPaths } from '../analytics-io/read-paths.ts';
import { toJson } from '../analytics-io/write-json.ts';
import { type CliCommand, CliUsageError, parseFlags } from '../command.ts';

const MODELS: readonly AttributionModel[] = [
  'first',
  'last',
  'last-non-direct',
  'linear',
  'position',
  'markov',
  'shapley',
];
const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

/**
 * `upside attribution --paths FILE.csv --model first|last|last-non-direct|linear|position|markov|shapley [--json]`:
 * conversions and value credited to each channel.
 */
export const command: CliCommand = {
  summary: 'Credit conversions to channels from a journey paths CSV (heuristics, Markov, Shapley)',
  async run(argv) {
    const flags = parseFlags(argv, {
      paths: { type: 'string' },
      model: { type: 'string' },
      json: { type: 'boolean' },
    });
    if (!flags.paths) throw new CliUsageError('--paths FILE.csv is required');
    const model = flags.model as AttributionModel | undefined;
    if (!model || !MODELS.includes(model))
      throw new CliUsageError(`--model must be one of ${MODELS.join(', ')}, got '${flags.model ?? ''}'`);
    const paths = await readPaths(flags.paths);
    let credits: ChannelCredit[];
    let note = '';
    if (model === 'markov') {
      const markov = attributeMarkov(paths);
      credits = markov.channels;
      note = ` P(conversion) = ${round4(markov.conversionProbability)}; removal effects: ${Object.entries(
        markov.removalEffects,
      )
        .map(([c, re]) => `${c} ${round4(re)}`)
        .join(', ')}.`;
    } else if (model === 'shapley') credits = attributeShapley(paths);
    else credits = attributeHeuristic(paths, model);
    const channels = credits.map((c) => ({
      channel: c.channel,
      conversions: round4(c.conversions),
      value: round4(c.value),
    }));
    if (flags.json) {
      process.stdout.write(toJson({ model, channels }));
      return 0;
    }
    process.stdout.write(
      formatTable(
        `Conversions and value credited by the ${model} model over ${paths.length} paths.${note}`,
        ['channel', 'conversions', 'value'],
        channels.map((c) => [c.channel, c.conversions, c.value]),
      ),
    );
    return 0;
  },
};
