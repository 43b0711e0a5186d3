/**
 * Nearest-rank percentile of ascending `sorted` values, `p` in [0, 1] (0.95 = p95); NaN when there
 * are none. The benches that time requests print their latencies through it.
 */
export const percentile = (sorted: readonly number[], p: number): number =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;

/** Milliseconds as the benches print them: one decimal. */
export const ms = (value: number) => `${value.toFixed(1)} ms`;

/** "p50 …, p95 …, p99 …, max …" of a set of latencies (ms), as the ingestion bench prints them. */
export function latencySummary(latencies: readonly number[]): string {
  const sorted = [...latencies].sort((a, b) => a - b);
  return `p50 ${ms(percentile(sorted, 0.5))}, p95 ${ms(percentile(sorted, 0.95))}, p99 ${ms(percentile(sorted, 0.99))}, max ${ms(sorted.at(-1) ?? Number.NaN)}`;
}
