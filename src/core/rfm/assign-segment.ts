/** Segment rule sets of shared/references/analytics.md §2. */
export type RfmPreset = 'A' | 'C';

type Range = readonly [number, number];
interface Rule {
  segment: string;
  r: Range;
  /** Preset A: [F range, M range]; preset C: the FM = (F + M)/2 range. */
  f: Range;
  m?: Range;
}

const PRESET_A: readonly Rule[] = [
  { segment: 'Champions', r: [4, 5], f: [4, 5], m: [4, 5] },
  { segment: 'Loyal Customers', r: [2, 5], f: [3, 5], m: [3, 5] },
  { segment: 'Potential Loyalist', r: [3, 5], f: [1, 3], m: [1, 3] },
  { segment: 'New Customers', r: [4, 5], f: [1, 1], m: [1, 1] },
  { segment: 'Promising', r: [3, 4], f: [1, 1], m: [1, 1] },
  { segment: 'Need Attention', r: [2, 3], f: [2, 3], m: [2, 3] },
  { segment: 'About To Sleep', r: [2, 3], f: [1, 2], m: [1, 2] },
  { segment: 'At Risk', r: [1, 2], f: [2, 5], m: [2, 5] },
  { segment: "Can't Lose Them", r: [1, 1], f: [4, 5], m: [4, 5] },
  { segment: 'Lost', r: [1, 2], f: [1, 2], m: [1, 2] },
];

const PRESET_C: readonly Rule[] = [
  { segment: 'Champions', r: [4, 5], f: [4, 5] },
  { segment: 'Loyal Customers', r: [2, 5], f: [3, 5] },
  { segment: 'Potential Loyalist', r: [3, 5], f: [1, 3] },
  { segment: 'New Customers', r: [4, 5], f: [0, 1] },
  { segment: 'Promising', r: [3, 4], f: [0, 1] },
  { segment: 'Need Attention', r: [2, 3], f: [2, 3] },
  { segment: 'About To Sleep', r: [2, 3], f: [0, 2] },
  { segment: 'At Risk', r: [0, 2], f: [2, 5] },
  { segment: "Can't Lose Them", r: [0, 1], f: [4, 5] },
  { segment: 'Hibernating', r: [1, 2], f: [1, 2] },
  { segment: 'Lost', r: [0, 2], f: [0, 2] },
];

/** Segment names of a preset in rule order, followed by 'Others'. */
export const SEGMENTS_BY_PRESET: Record<RfmPreset, readonly string[]> = {
  A: [...PRESET_A.map((rule) => rule.segment), 'Others'],
  C: [...PRESET_C.map((rule) => rule.segment), 'Others'],
};

const inRange = (value: number, [low, high]: Range) => value >= low && value <= high;

/**
 * Segment of a customer from R, F and M scores (1–5).
 *
 * Definition: first matching rule wins, inclusive ranges; no match is 'Others'. Preset A (rfm
 * package examples, v0.2) tests R, F and M; preset C (11 segments) tests R and FM = (F + M)/2.
 * Reference: shared/references/analytics.md §2 (the tables are copied verbatim above).
 *
 * @example assignSegment(5, 5, 5, 'A') // 'Champions'
 */
export function assignSegment(r: number, f: number, m: number, preset: RfmPreset): string {
  if (preset === 'C') {
    const fm = (f + m) / 2;
    return PRESET_C.find((rule) => inRange(r, rule.r) && inRange(fm, rule.f))?.segment ?? 'Others';
  }
  return (
    PRESET_A.find((rule) => inRange(r, rule.r) && inRange(f, rule.f) && inRange(m, rule.m!))?.segment ??
    'Others'
  );
}
