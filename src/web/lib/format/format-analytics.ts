/**
 * Number formats of the Analytics Dashboard (spec §2, §9): counts abbreviated with K at 1,000 and
 * M at 1,000,000; durations as m:ss; bounce rate as a percent with one decimal.
 */

/** 999 → "999", 1500 → "1.5K", 2_300_000 → "2.3M" (one decimal, trailing .0 dropped). */
export function formatCompact(value: number): string {
  const abs = Math.abs(value);
  const oneDecimal = (n: number) => {
    const fixed = n.toFixed(1);
    return fixed.endsWith('.0') ? fixed.slice(0, -2) : fixed;
  };
  if (abs >= 1_000_000) return `${oneDecimal(value / 1_000_000)}M`;
  if (abs >= 1_000) return `${oneDecimal(value / 1_000)}K`;
  return String(Math.round(value));
}

/** Seconds → "m:ss" (e.g. 143.2 → "2:23"). */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const minutes = Math.floor(total / 60);
  const rest = total % 60;
  return `${minutes}:${String(rest).padStart(2, '0')}`;
}

/** Fraction 0–1 → percent with one decimal ("37.1%"). */
export function formatPercent(fraction: number): string {
  return `${(fraction * 100).toFixed(1)}%`;
}

/** Spec §9: bounce rate under 0.4 is Good, otherwise Average. */
export function bounceRateLabel(fraction: number): 'Good' | 'Average' {
  return fraction < 0.4 ? 'Good' : 'Average';
}

/** Traffic-source label: GA's "(direct)", "(not set)" and empty read as Direct (spec §2). */
export function sourceLabel(source: string): string {
  const trimmed = source.trim();
  if (trimmed === '' || trimmed === '(direct)' || trimmed === '(not set)') return 'Direct';
  return trimmed;
}
