/** What puts a session in a funnel slice: its UTM campaign and its A/B variants ('experiment:variant'). */
export interface SliceInputs {
  campaign: string | null | undefined;
  variants: readonly string[] | null | undefined;
}

/**
 * The slices of the funnel's daily tables a session counts in besides '' (every session), decision
 * 199: 'c:<campaign>' when it has a UTM campaign, and 'v:<experiment>:<variant>' for each A/B variant
 * it landed in (once each, sorted, so a session's slices compare as a list). The report under a
 * campaign or a variant filter reads the one slice the same function gives for the filter's values,
 * so the fold's key and the read's key cannot drift apart.
 *
 * @example funnelSlicesOf({ campaign: 'spring', variants: ['hero:a'] }) // ['c:spring', 'v:hero:a']
 */
export function funnelSlicesOf({ campaign, variants }: SliceInputs): string[] {
  const slices = new Set((variants ?? []).map((variant) => `v:${variant}`));
  if (campaign) slices.add(`c:${campaign}`);
  return [...slices].sort();
}
