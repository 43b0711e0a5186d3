import { SYNC_SOURCE_LABELS } from '../../shared/contracts/sync.ts';
import { formatChannel } from '../insights/format-channel.ts';

/**
 * An ad platform as the opportunity texts name it: 'Meta' (as they always did), 'Google Ads',
 * 'TikTok Ads', an imported platform by its name ('microsoft_ads' → 'Microsoft Ads').
 * @example platformName('google_ads') // 'Google Ads'
 */
export function platformName(platform: string): string {
  if (platform === 'meta') return 'Meta';
  return (SYNC_SOURCE_LABELS as Readonly<Record<string, string>>)[platform] ?? formatChannel(platform);
}
