export type ChannelLabel = 'Scale up' | 'Attribution gap' | 'Optimize';

/**
 * Action label of an ad channel (design §6).
 *
 * Definition: 'Scale up' when ROAS > 2.5 and matchRate > 90; 'Attribution gap' when
 * matchRate < 70; otherwise 'Optimize'. Scale up is tested first: a channel the store fully
 * verifies with high ROAS is never a gap. ROAS null (spend unknown) never scales up.
 */
export function labelChannel(roas: number | null, matchRate: number): ChannelLabel {
  if (roas !== null && roas > 2.5 && matchRate > 90) return 'Scale up';
  if (matchRate < 70) return 'Attribution gap';
  return 'Optimize';
}
