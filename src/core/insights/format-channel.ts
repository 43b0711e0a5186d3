/**
 * A channel id as the owner reads it: 'google_ads' → 'Google Ads', 'direct' → 'Direct'.
 * Why: the attribution ids are snake_case keys; narratives are sentences.
 */
export function formatChannel(channel: string): string {
  return channel
    .split('_')
    .filter((word) => word.length > 0)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');
}
