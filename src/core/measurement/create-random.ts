/** A seeded stream of uniform and standard normal numbers. */
export interface RandomStream {
  /** Uniform on (0, 1), never exactly 0 or 1. */
  uniform(): number;
  /** Standard normal N(0, 1). */
  normal(): number;
  /** Gamma(shape, rate 1) for shape > 0. */
  gamma(shape: number): number;
}

/**
 * A reproducible random stream for posterior sampling and simulations, so a fit is a pure function
 * of its inputs and seed (core never calls Math.random).
 *
 * Definition: uniforms from mulberry32 (a 32-bit counter hashed by a multiply–xorshift mix), normals
 * by the Marsaglia polar method, gammas by Marsaglia & Tsang's squeeze method (boosted by U^(1/a)
 * for a < 1).
 * References: Marsaglia & Bray (1964), SIAM Review 6(3) for the polar method; Marsaglia & Tsang
 * (2000), ACM TOMS 26(3) "A simple method for generating gamma variables".
 *
 * @example createRandom(1).uniform() // the same number on every machine
 */
export function createRandom(seed: number): RandomStream {
  let state = seed >>> 0;
  let spare: number | null = null;
  const uniform = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) + 0.5) / 4294967296;
  };
  const normal = (): number => {
    if (spare !== null) {
      const value = spare;
      spare = null;
      return value;
    }
    for (;;) {
      const u = 2 * uniform() - 1;
      const v = 2 * uniform() - 1;
      const s = u * u + v * v;
      if (s > 0 && s < 1) {
        const factor = Math.sqrt((-2 * Math.log(s)) / s);
        spare = v * factor;
        return u * factor;
      }
    }
  };
  const gamma = (shape: number): number => {
    if (shape < 1) return gamma(shape + 1) * uniform() ** (1 / shape);
    const d = shape - 1 / 3;
    const c = 1 / Math.sqrt(9 * d);
    for (;;) {
      const x = normal();
      const v0 = 1 + c * x;
      if (v0 <= 0) continue;
      const v = v0 * v0 * v0;
      const u = uniform();
      if (Math.log(u) < 0.5 * x * x + d - d * v + d * Math.log(v)) return d * v;
    }
  };
  return { uniform, normal, gamma };
}
