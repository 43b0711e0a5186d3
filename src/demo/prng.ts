/**
 * Seeded pseudo-random numbers for the demo store. Everything the generator produces is a pure
 * function of (seed, preset, endDate): it never calls Math.random or reads the clock, so the same
 * inputs give the same bytes on every machine.
 *
 * The generator is sfc32 (Small Fast Counter, from PractRand): 128-bit state, passes BigCrush,
 * and only uses 32-bit integer arithmetic, so it is fast in V8 and identical everywhere.
 */

/** 32-bit FNV-1a over a string, used to derive independent sub-seeds from labels. */
export function hashString(text: string, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** Mixes several 32-bit integers into one well-spread seed (murmur3 finaliser per step). */
export function mixSeeds(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    let k = Math.imul(part >>> 0, 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, 0x1b873593);
    h ^= k;
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) >>> 0;
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A seeded random stream with the distributions the generator needs. */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  private spareNormal: number | undefined;

  constructor(seed: number) {
    this.a = 0x9e3779b9;
    this.b = 0x243f6a88;
    this.c = 0xb7e15162;
    this.d = seed >>> 0;
    for (let i = 0; i < 12; i += 1) this.nextU32();
  }

  /** Uniform 32-bit unsigned integer. */
  nextU32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.nextU32() / 4294967296;
  }

  /** Uniform in (0, 1): safe for logarithms. */
  nextOpen(): number {
    return (this.nextU32() + 0.5) / 4294967296;
  }

  uniform(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** Integer in [min, max] inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** Index drawn with the given non-negative weights (linear scan; lists here are short). */
  weightedIndex(weights: ArrayLike<number>, total?: number): number {
    let sum = total ?? 0;
    if (total === undefined) for (let i = 0; i < weights.length; i += 1) sum += weights[i] ?? 0;
    let target = this.next() * sum;
    for (let i = 0; i < weights.length; i += 1) {
      target -= weights[i] ?? 0;
      if (target < 0) return i;
    }
    return weights.length - 1;
  }

  normal(mean = 0, sd = 1): number {
    if (this.spareNormal !== undefined) {
      const spare = this.spareNormal;
      this.spareNormal = undefined;
      return mean + sd * spare;
    }
    const u = this.nextOpen();
    const v = this.next();
    const radius = Math.sqrt(-2 * Math.log(u));
    this.spareNormal = radius * Math.sin(2 * Math.PI * v);
    return mean + sd * radius * Math.cos(2 * Math.PI * v);
  }

  exponential(rate: number): number {
    return -Math.log(this.nextOpen()) / rate;
  }

  /** Gamma(shape, rate) by Marsaglia–Tsang (with the shape < 1 boost). Mean = shape / rate. */
  gamma(shape: number, rate: number): number {
    if (shape < 1) {
      const boost = this.nextOpen() ** (1 / shape);
      return this.gamma(shape + 1, rate) * boost;
    }
    const d = shape - 1 / 3;
    const c = 1 / Math.sqrt(9 * d);
    for (;;) {
      let x: number;
      let v: number;
      do {
        x = this.normal();
        v = 1 + c * x;
      } while (v <= 0);
      v = v * v * v;
      const u = this.nextOpen();
      if (u < 1 - 0.0331 * x * x * x * x || Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) {
        return (d * v) / rate;
      }
    }
  }

  beta(a: number, b: number): number {
    const x = this.gamma(a, 1);
    const y = this.gamma(b, 1);
    return x / (x + y);
  }

  /** Poisson: inversion for small means, a rounded normal approximation for large ones. */
  poisson(mean: number): number {
    if (mean <= 0) return 0;
    if (mean > 60) return Math.max(0, Math.round(this.normal(mean, Math.sqrt(mean))));
    const limit = Math.exp(-mean);
    let k = 0;
    let p = this.next();
    while (p > limit) {
      k += 1;
      p *= this.next();
    }
    return k;
  }

  /** Binomial: exact for small n, normal approximation (clamped) for large n·p·(1−p). */
  binomial(n: number, p: number): number {
    if (n <= 0 || p <= 0) return 0;
    if (p >= 1) return n;
    if (n < 40) {
      let k = 0;
      for (let i = 0; i < n; i += 1) if (this.next() < p) k += 1;
      return k;
    }
    const variance = n * p * (1 - p);
    if (variance < 9) return Math.min(n, this.poisson(n * p));
    return Math.min(n, Math.max(0, Math.round(this.normal(n * p, Math.sqrt(variance)))));
  }

  /** Log-normal multiplier with median 1 and the given sigma (noise around a level). */
  noise(sigma: number): number {
    return Math.exp(this.normal(0, sigma));
  }
}
