import { describe, expect, it } from 'vitest';
import { adstockOf } from './adstock-of.ts';
import { buildMmmDesign } from './build-mmm-design.ts';
import { createMmmMediaPosterior } from './create-mmm-media-posterior.ts';
import { createMmmPosterior } from './create-mmm-posterior.ts';
import { hillSaturation } from './hill-saturation.ts';
import { type MmmSimulation, simulateMmmData } from './simulate-mmm-data.ts';

const SIM: MmmSimulation = {
  start: '2023-01-02',
  periods: 130,
  periodDays: 7,
  baseline: 10_000,
  trend: 0.1,
  seasonality: 0.15,
  noise: 0.01,
  channels: [
    {
      name: 'meta',
      decayPerWeek: 0.5,
      halfSaturationShare: 0.5,
      shape: 1.5,
      maxEffect: 4000,
      meanSpend: 2000,
      offShare: 0,
    },
    {
      name: 'google',
      decayPerWeek: 0.1,
      halfSaturationShare: 0.4,
      shape: 1,
      maxEffect: 2500,
      meanSpend: 1500,
      offShare: 0.1,
    },
  ],
};

describe('the conjugate posterior given media columns (the oracle of decision 151)', () => {
  const { input } = simulateMmmData(SIM, 11);
  const design = buildMmmDesign(input, 3);
  const columns = SIM.channels.map((h, c) =>
    adstockOf(design, design.spend[c]!, h.decayPerWeek).map((x) =>
      hillSaturation(x, h.halfSaturationShare * design.maxSpend[c]!, h.shape),
    ),
  );

  it('is the same posterior as createMmmPosterior when handed the columns its curves make', () => {
    const fromHyper = createMmmPosterior(design, design.n, [])(SIM.channels)!;
    const fromMedia = createMmmMediaPosterior(design, design.n, [])(columns)!;
    expect(fromMedia.media).toEqual(fromHyper.media);
    expect(fromMedia.mean).toEqual(fromHyper.mean);
    expect(fromMedia.logMarginal).toBe(fromHyper.logMarginal);
    expect(fromMedia.logNonNegative).toBe(fromHyper.logNonNegative);
  });

  it('recovers each channel’s effect at saturation from the true columns, and prefers them to wrong ones', () => {
    const posterior = createMmmMediaPosterior(design, design.n, [])(columns)!;
    const nb = design.base.length;
    SIM.channels.forEach((c, i) => {
      const effect = posterior.mean[nb + i]! * design.scale;
      expect(Math.abs(effect / c.maxEffect - 1), `${c.name}: ${effect} vs ${c.maxEffect}`).toBeLessThan(0.15);
    });
    // The same spend under a long carry-over it does not have fits worse.
    const wrong = columns.map((_, c) =>
      adstockOf(design, design.spend[c]!, 0.9).map((x) => hillSaturation(x, 0.5 * design.maxSpend[c]!, 1)),
    );
    const worse = createMmmMediaPosterior(design, design.n, [])(wrong)!;
    expect(posterior.logMarginal).toBeGreaterThan(worse.logMarginal + 10);
  });
});
