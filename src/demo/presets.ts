import type { BgNbdParams, GammaGammaParams, PresetName } from './model-terms.ts';

/**
 * Fixed anchor for the last day of data when the caller passes none. A constant (not the clock)
 * keeps generation a pure function of (seed, preset, endDate); demo mode passes today's date.
 */
export const DEFAULT_END_DATE = '2026-10-31';

export interface PresetSpec {
  customers: number;
  days: number;
  products: number;
  bgnbd: BgNbdParams;
  gammaGamma: GammaGammaParams;
  /** Share of customers acquired before the window opens (the store's existing base). */
  existingBaseShare: number;
}

/** Store sizes. `large` is tuned to ~100k customers and ~1M orders. */
export const PRESETS: Readonly<Record<Exclude<PresetName, 'custom' | 'causal'>, PresetSpec>> = {
  small: {
    customers: 2_000,
    days: 365,
    products: 36,
    bgnbd: { r: 0.85, alpha: 9.5, a: 0.9, b: 3.8 },
    gammaGamma: { p: 6, q: 4, gamma: 30 },
    existingBaseShare: 0,
  },
  medium: {
    customers: 20_000,
    days: 730,
    products: 48,
    bgnbd: { r: 0.85, alpha: 9.5, a: 0.9, b: 3.8 },
    gammaGamma: { p: 6, q: 4, gamma: 30 },
    existingBaseShare: 0,
  },
  large: {
    customers: 100_000,
    days: 1_095,
    products: 60,
    bgnbd: { r: 2.2, alpha: 11, a: 0.6, b: 9 },
    gammaGamma: { p: 6, q: 4, gamma: 30 },
    existingBaseShare: 0,
  },
};

/**
 * `causal` is the small store's size: its ad-driven orders and geo test are planted on top
 * (decision 136), and a small store keeps the end-to-end tests that connect it quick.
 */
export function resolvePreset(name: PresetName): PresetSpec {
  return name === 'custom' || name === 'causal' ? PRESETS.small : PRESETS[name];
}
