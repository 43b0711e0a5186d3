import type { JourneyPath } from '../types.ts';
import { attributeHeuristic } from './attribute-heuristic.ts';
import { attributeMarkov } from './attribute-markov.ts';
import { attributeShapley } from './attribute-shapley.ts';
import type { AttributionModel, ChannelCredit } from './types.ts';

/**
 * Conversions and value of journey paths credited to their touches by one of the seven models:
 * the five rule-based ones (attributeHeuristic), Markov removal effects (attributeMarkov, the only
 * one that reads the paths' nulls) and Shapley values (attributeShapley). One entry point, so every
 * source of journeys (a paths file, the store's own tracker) is credited the same way.
 */
export function attributePaths(paths: readonly JourneyPath[], model: AttributionModel): ChannelCredit[] {
  if (model === 'markov') return attributeMarkov(paths).channels;
  if (model === 'shapley') return attributeShapley(paths);
  return attributeHeuristic(paths, model);
}
