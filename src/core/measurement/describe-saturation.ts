import type { MmmSaturation, MmmSaturationUsed } from './types.ts';

const NAME: Record<MmmSaturation, string> = {
  hill: 'Hill curve (Jin et al.)',
  logistic: "logistic curve (pymc-marketing's)",
};

/**
 * What a fit's output says about its saturation family (decision 234): which curve the channels'
 * diminishing returns follow, and whether the data chose it.
 *
 * Definition: `candidates` — each family fitted with its posterior probability p(family | y),
 * rounded to 4 decimals; `family` the most probable. The summary names it and, when both were
 * fitted, how probable each is; otherwise that it was named or is the default (Hill, decision 234).
 *
 * @example describeSaturation([{ family: 'hill', probability: 0.2 }, { family: 'logistic', probability: 0.8 }], 'default').family
 *   // 'logistic'
 */
export function describeSaturation(
  candidates: readonly { family: MmmSaturation; probability: number }[],
  source: MmmSaturationUsed['source'],
): MmmSaturationUsed {
  const listed = candidates.map((c) => ({
    family: c.family,
    probability: Math.round(c.probability * 10_000) / 10_000,
  }));
  const family = candidates.reduce((a, b) => (b.probability > a.probability ? b : a)).family;
  const odds = listed.map((c) => `${NAME[c.family]} ${Math.round(100 * c.probability)} %`).join(', ');
  const summary =
    listed.length > 1
      ? `Diminishing returns follow the ${NAME[family]}, chosen by the data: ${odds} probable; the estimates weigh both by how well each fits.`
      : source === 'named'
        ? `Diminishing returns follow the ${NAME[family]}, as asked.`
        : `Diminishing returns follow the ${NAME[family]}, the model's default (the ${NAME[family === 'hill' ? 'logistic' : 'hill']} was not compared).`;
  return { source, family, candidates: listed, summary };
}
